import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what with person records (supervisors and admins inherit the case worker's grants).
 * Applicants read only their own record (the person their token's personId names):
 * persons:read:own, never the blanket persons:read. Partners do not read the person index: it spans
 * every program, and a data-sharing agreement covers some (they read an application's members).
 */
export const personPermissions: PermissionTable = {
  "persons:read": ["case_worker", "system"],
  "persons:read:own": ["applicant"],
  "persons:create": ["case_worker", "system"],
  "persons:update": ["case_worker", "system"],
  "persons:delete": ["case_worker"],
  /**
   * The live feed of changes (personChanged): it delivers log events, so it goes to the roles that
   * read the log, not to partners, who read records but not the log.
   */
  "persons:subscribe": ["case_worker", "system"],
};
