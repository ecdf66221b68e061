import { authSettingsFromEnv, signToken, type Role } from "@pap/kernel";

/** Tokens as the identity provider would issue them, signed with the test run's key (see global-setup.js). */
export async function tokenFor(roles: readonly Role[], claims: { sub?: string; userId?: string; counties?: string[]; personId?: string; lifetimeSeconds?: number } = {}): Promise<string> {
  const settings = authSettingsFromEnv();
  const sub = claims.sub ?? `test|${roles.join("+") || "none"}`;
  return signToken(settings, { sub, userId: claims.userId ?? sub, roles, counties: claims.counties, personId: claims.personId }, claims.lifetimeSeconds ?? 3600);
}

export async function bearer(roles: readonly Role[], claims?: Parameters<typeof tokenFor>[1]): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await tokenFor(roles, claims)}` };
}

let admin: Promise<{ authorization: string }> | undefined;

/** What test helpers send unless a test says otherwise: a state administrator, who may do everything. */
export const adminHeaders = () => (admin ??= bearer(["state_admin"], { sub: "test|admin", userId: "00000000-0000-4000-8000-00000000ad01" }));
