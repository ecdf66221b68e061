import type { PermissionTable } from "@pap/kernel/auth";

/** The one permission of the data-exchange adapters' principal. */
export const VERIFICATION_FACTS = "applications:read:verification-facts";

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
  /**
   * The facts agencies match a member on (SSN, name, date of birth, an income record): read only by
   * the data-exchange adapters, through `contract/sensitive-sources.ts`, and by no operation. Not the
   * system's: any service account's token carries `system`, and none of them needs an SSN.
   */
  [VERIFICATION_FACTS]: ["agency_adapter"],
};
