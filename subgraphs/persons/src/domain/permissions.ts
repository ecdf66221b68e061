import type { PermissionTable } from "@pap/kernel";

/**
 * Who may do what with person records (supervisors and admins inherit the case worker's grants).
 * Applicants are left out until their access can be narrowed to their own record: a blanket
 * persons:read would show them everyone's.
 */
export const personPermissions: PermissionTable = {
  "persons:read": ["case_worker", "partner_readonly", "system"],
  "persons:create": ["case_worker", "system"],
  "persons:update": ["case_worker", "system"],
  "persons:delete": ["case_worker"],
};
