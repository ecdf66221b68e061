import { randomUUID } from "node:crypto";
import { authSettingsFromEnv, signToken, type Role } from "@pap/kernel/auth";

/** Tokens as the identity provider would issue them, signed with the test run's key (see global-setup.js). */
export async function tokenFor(
  roles: readonly Role[],
  claims: {
    sub?: string;
    userId?: string;
    counties?: string[];
    programs?: string[];
    sharesIdentifiers?: boolean;
    personId?: string;
    scope?: string;
    lifetimeSeconds?: number;
  } = {},
): Promise<string> {
  const settings = authSettingsFromEnv();
  const sub = claims.sub ?? `test|${roles.join("+") || "none"}`;
  return signToken(
    settings,
    {
      sub,
      userId: claims.userId ?? sub,
      roles,
      counties: claims.counties,
      programs: claims.programs,
      sharesIdentifiers: claims.sharesIdentifiers,
      personId: claims.personId,
      scope: claims.scope,
    },
    claims.lifetimeSeconds ?? 3600,
  );
}

export async function bearer(roles: readonly Role[], claims?: Parameters<typeof tokenFor>[1]): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await tokenFor(roles, claims)}` };
}

let admin: Promise<{ authorization: string }> | undefined;

/** What test helpers send unless a test says otherwise: a state administrator, who may do everything. */
export const adminHeaders = () =>
  (admin ??= bearer(["state_admin"], { sub: "test|admin", userId: "00000000-0000-4000-8000-00000000ad01" }));

/** What `workerAccount` needs of a test client (test/support/platform.ts `httpClient`): a POST as the suite's administrator. */
type AccountApi = { post(path: string, body?: unknown): Promise<{ status: number; body?: any }> };

/** A user account and a token naming it, as the identity provider would issue one once the account exists. */
export type Account = { id: string; sub: string; roles: readonly Role[]; headers: { authorization: string } };

/**
 * A real, active user account with `roles` (POST /identity-access/users, as the suite's administrator),
 * and a token naming it: what a caller needs to be taken as a worker (claim a task, be assigned one).
 * A token with a made-up `userId` names nobody, and the workflow refuses it work.
 */
export async function workerAccount(api: AccountApi, roles: readonly Role[] = ["case_worker"]): Promise<Account> {
  const sub = `test|${roles.join("+")}-${randomUUID()}`;
  const created = await api.post("/identity-access/users", { idpSubject: sub, email: "worker@agency.example.gov", roles });
  if (created.status !== 201) throw new Error(`create account failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  return { id, sub, roles, headers: await bearer(roles, { sub, userId: id }) };
}

/**
 * An applicant with an account (as an identity provider's applicant would have one, linked to their
 * subject) and a token naming it: what owns the applications they create. A token with a made-up
 * `userId` names no account, and an applicant is refused creating one.
 */
export const applicantAccount = (api: AccountApi): Promise<Account> => workerAccount(api, ["applicant"]);
