import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what with determinations and their decisions. They are read by the roles that read
 * applications (supervisors and administrators inherit the case worker's grant, state
 * administrators the partner's). Every action belongs to the system (configuration §7.2): the
 * `act` permission only opens the mutations to the staff who read, so that a caseworker is told
 * 404/409 before 403, in the platform's order; the machines then refuse anyone but the system.
 */
export const eligibilityPermissions: PermissionTable = {
  "determinations:read": ["case_worker", "partner_readonly", "system"],
  "determinations:act": ["case_worker", "system"],
  /** The live feed of changes: it delivers log events, so it goes to the roles that read the log. */
  "determinations:subscribe": ["case_worker", "system"],
};
