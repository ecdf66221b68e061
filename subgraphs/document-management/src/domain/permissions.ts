import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what in document management (issue 18). Document types are read by everyone who handles
 * documents, applicants included (they upload them); they are configuration, so only administrators
 * (county and state, by inheritance) and the system write the deployment's own. Staff read and upload
 * documents; an applicant uploads and reads their own (`:own`: the documents they filed, and new
 * versions of them). Partners read document types only: a document belongs to no program, so no
 * data-sharing agreement covers it (docs/partner-scoping.md). A metadata namespace is written by the system acting as its domain.
 * Records management (legal holds, approving disposition) is the records managers': county and state
 * administrators.
 */
export const documentManagementPermissions: PermissionTable = {
  "document-types:read": ["applicant", "case_worker", "partner_readonly", "system"],
  "document-types:create": ["county_admin", "system"],
  "document-types:update": ["county_admin", "system"],
  "document-types:delete": ["county_admin", "system"],
  "documents:read": ["case_worker", "system"],
  "documents:read:own": ["applicant"],
  "documents:create": ["applicant", "case_worker", "system"],
  "documents:update": ["case_worker", "system"],
  "document-versions:create": ["case_worker", "system"],
  "document-versions:create:own": ["applicant"],
  "documents:metadata": ["system"],
  "documents:subscribe": ["case_worker", "system"],
  "document-content:read": ["case_worker", "system"],
  "document-content:read:own": ["applicant"],
  "documents:manage-records": ["county_admin", "system"],
  "document-links:read": ["case_worker", "system"],
  "document-links:create": ["case_worker", "system"],
};
