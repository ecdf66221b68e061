import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what with appointments (supervisors and admins inherit the case worker's grants).
 * `appointments:act` opens the lifecycle's actions (hold, no-show, cancel, reschedule); the machine's
 * clauses then name who may take each.
 */
export const appointmentPermissions: PermissionTable = {
  "appointments:read": ["case_worker", "system"],
  "appointments:create": ["case_worker", "system"],
  "appointments:update": ["case_worker", "system"],
  "appointments:delete": ["case_worker"],
  "appointments:act": ["case_worker", "system"],
};
