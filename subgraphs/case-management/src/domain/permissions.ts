import type { PermissionTable } from "@pap/kernel/auth";

/** Who may do what with cases (supervisors and admins inherit the case worker's grants). */
export const casePermissions: PermissionTable = {
  "cases:read": ["case_worker", "system"],
  "cases:create": ["case_worker", "system"],
  "cases:update": ["case_worker", "system"],
  "cases:delete": ["case_worker"],
};
