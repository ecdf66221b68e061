import type { PermissionTable } from "@pap/kernel";

/**
 * Who may do what in document management. Document types are read by everyone who handles documents,
 * applicants included (they upload them); they are configuration, so only administrators (county and
 * state, by inheritance) and the system write the deployment's own.
 */
export const documentManagementPermissions: PermissionTable = {
  "document-types:read": ["applicant", "case_worker", "partner_readonly", "system"],
  "document-types:create": ["county_admin", "system"],
  "document-types:update": ["county_admin", "system"],
  "document-types:delete": ["county_admin", "system"],
};
