import { readSetting, type Environment } from "./read";

/**
 * The fields whose values are sensitive, by name at any depth of a record: SSNs and dates of birth
 * always, and the names SENSITIVE_FIELDS adds. One list serves two guards: no event carries these
 * values (`@pap/events` redaction), and the database holds them only sealed (`@pap/db` sealing).
 */
export const alwaysSensitiveFields = ["ssn", "dateOfBirth"] as const;

export const sensitiveFieldSet = (added: readonly string[] = []): ReadonlySet<string> => new Set([...alwaysSensitiveFields, ...added]);

/** The deployment's sensitive fields, from SENSITIVE_FIELDS. */
export const sensitiveFieldsFromEnv = (env: Environment = process.env): ReadonlySet<string> =>
  sensitiveFieldSet(readSetting("SENSITIVE_FIELDS", env));
