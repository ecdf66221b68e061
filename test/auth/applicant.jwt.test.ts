/**
 * The applicant's path with tokens from an identity provider (AUTH_MODE=jwt, here an HMAC key): one
 * that embeds the account's claims at login (`GET /identity-access/token/claims/{sub}`, with its API
 * key) names the account's user id; one that does not names only the subject, which the account links.
 */
import { signToken, authSettingsFromEnv } from "@pap/kernel/auth";
import { bearer } from "../support/auth";
import { applicantPath } from "../support/applicant-path";

applicantPath("jwt", {
  env: { AUTH_MODE: "jwt" },
  admin: async () => bearer(["state_admin"], { sub: "idp|administrator", userId: "00000000-0000-4000-8000-00000000ad01" }),
  bySubject: async (_api, subject) => bearer(["applicant"], { sub: subject, userId: subject }),
  byAccount: async (api, account) => {
    const claims = await api.raw("GET", `/identity-access/token/claims/${encodeURIComponent(account.subject)}`, undefined, {
      authorization: "",
      "x-api-key": "test-idp-api-key-1",
    });
    if (claims.status !== 200) throw new Error(`token claims: ${claims.status} ${JSON.stringify(claims.body)}`);
    const { sub, userId, roles, personId } = claims.body as {
      sub: string;
      userId: string;
      roles: Array<{ name: string }>;
      personId: string | null;
    };
    const token = await signToken(authSettingsFromEnv(), {
      sub,
      userId,
      roles: roles.map((role) => role.name),
      ...(personId && { personId }),
    });
    return { authorization: `Bearer ${token}` };
  },
});
