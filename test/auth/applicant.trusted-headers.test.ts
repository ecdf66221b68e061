/**
 * The applicant's path behind an authenticating proxy (AUTH_MODE=trusted-headers): the proxy names
 * the caller in `X-Caller-Id`, usually by the identity provider's subject, and their roles in
 * `X-Caller-Roles`; the account linked to that subject owns what they create.
 */
import { applicantPath } from "../support/applicant-path";

const as = (id: string, roles: string) => ({ authorization: "", "x-caller-id": id, "x-caller-roles": roles });

applicantPath("trusted-headers", {
  env: { AUTH_MODE: "trusted-headers" },
  admin: async () => as("proxy|administrator", "state_admin"),
  bySubject: async (_api, subject) => as(subject, "applicant"),
  byAccount: async (_api, account) => as(account.id, "applicant"),
});
