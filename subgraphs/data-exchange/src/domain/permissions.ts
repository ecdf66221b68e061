import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what with the catalog and the calls (issue 17): the catalog is read by every signed-in
 * caller (`services:read` is checked as authentication alone); calls are submitted by the system and by
 * caseworkers and supervisors (administrators inherit), read by staff and partners (a call never holds
 * personal data). A metadata namespace is written by the domain that owns it: the system, acting as that
 * domain (its service account's id is the namespace: see operations/metadata.ts).
 */
export const dataExchangePermissions: PermissionTable = {
  "service-calls:create": ["case_worker", "system"],
  "service-calls:read": ["case_worker", "partner_readonly", "system"],
  "service-calls:metadata": ["system"],
  "service-calls:subscribe": ["case_worker", "system"],
};
