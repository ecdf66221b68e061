import type { PermissionTable } from "@pap/kernel/auth";

/** Who may do what with appointments (supervisors and admins inherit the case worker's grants). */
export const appointmentPermissions: PermissionTable = {
  "appointments:read": ["case_worker", "system"],
  "appointments:create": ["case_worker", "system"],
  "appointments:update": ["case_worker", "system"],
  "appointments:delete": ["case_worker"],
};
