import type { PermissionTable } from "@pap/kernel/auth";

/**
 * The event log is the audit trail of changes: staff read it, only services publish to it. The trail
 * of sensitive reads says who saw whose SSN: state administrators read it, and auditors, whose token's
 * scope grants `audit:read` (principal.ts). The policy registry is public knowledge, readable by every
 * signed-in caller.
 */
export const platformPermissions: PermissionTable = {
  "events:read": ["case_worker", "system"],
  "events:publish": ["system"],
  "audit:read": ["state_admin"],
  "policies:read": ["applicant", "case_worker", "partner_readonly", "system"],
};
