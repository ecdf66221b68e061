import type { PermissionTable } from "@pap/kernel";

/**
 * Who may do what with applications and their records (supervisors and admins inherit the case
 * worker's grants). Applicants create applications and read, change and delete only their own (the
 * `:own` permissions; the application records its creator); partners read.
 */
export const applicationPermissions: PermissionTable = {
  "applications:read": ["case_worker", "partner_readonly", "system"],
  "applications:read:own": ["applicant"],
  "applications:create": ["case_worker", "applicant", "system"],
  "applications:update": ["case_worker", "system"],
  "applications:update:own": ["applicant"],
  "applications:delete": ["case_worker"],
  "applications:delete:own": ["applicant"],
  /** Opens the lifecycle actions; the application machine then decides each by role (applicants: their own). */
  "applications:act": ["case_worker", "applicant", "system"],
  /** Verifications: created, changed and acted on by caseworkers and the system (the machine decides each action by role). */
  "applications:verify": ["case_worker", "system"],
  /** The live feed of changes: it delivers log events, so it goes to the roles that read the log. */
  "applications:subscribe": ["case_worker", "system"],
};
