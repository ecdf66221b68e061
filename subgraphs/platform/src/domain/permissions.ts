import type { PermissionTable } from "@pap/kernel/auth";

/**
 * The event log is the audit trail: staff read it, only services publish to it. The policy registry
 * is public knowledge, readable by every signed-in caller.
 */
export const platformPermissions: PermissionTable = {
  "events:read": ["case_worker", "system"],
  "events:publish": ["system"],
  "policies:read": ["applicant", "case_worker", "partner_readonly", "system"],
};
