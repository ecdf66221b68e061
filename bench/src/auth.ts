import { authSettingsFromEnv, signToken, type Role } from "@pap/kernel/auth";

/**
 * What the benchmarked platform runs with beside `NODE_ENV=production`: everything a production start
 * asks for (it refuses to start without), tokens verified with a key of the benchmark's own, and the
 * reference services it calls asked for on purpose. None of these are secrets: a benchmark's data is
 * thrown away with its database.
 */
export const benchProductionSettings = {
  AUTH_SECRET: "bench-only-token-signing-key-0123456789abcdef",
  AUTH_ISSUER: "urn:pap:bench",
  AUTH_AUDIENCE: "public-assistance-platform",
  PERSON_MATCH_KEY: "bench-only-person-match-key-0123456789abcdef",
  CONTENT_SIGNING_SECRET: "bench-only-content-signing-secret-0123456789",
  REFERENCE_SERVICES: "on",
};

const settings = authSettingsFromEnv(benchProductionSettings);

/** A token as the identity provider would issue it, signed with the benchmark's key. */
export const benchToken = (roles: Role[], claims: { sub: string; userId?: string }) =>
  signToken(settings, { sub: claims.sub, userId: claims.userId ?? claims.sub, roles, counties: [] }, 8 * 3600);

/** The credential the load generator sends: a state administrator's. */
export const authorization: { authorization?: string } = {};

export async function authorize(): Promise<void> {
  authorization.authorization = `Bearer ${await benchToken(["state_admin"], { sub: "bench" })}`;
}
