import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what with notices: caseworkers (supervisors and administrators inherit) read them, issue
 * one by hand (a notice of action, a document request), record returned mail and send one again; the
 * print room's work (the batch PDF and marking copies printed) is theirs and the system's. Notices hold
 * a household's names and decisions, so partners read none.
 */
export const communicationPermissions: PermissionTable = {
  "notices:read": ["case_worker", "system"],
  "notices:create": ["case_worker", "system"],
  "notices:update": ["case_worker", "system"],
  "notices:print": ["case_worker", "system"],
};
