/**
 * What the permanent log never holds: the values of sensitive fields (SSNs, dates of birth, and the
 * fields a deployment adds). The log is append-only and read by every case worker, the event stream
 * and the dashboard, so a value written there could never be taken back. An event still says that
 * such a field was set or changed: its value is replaced by `REDACTED`, wherever in the data it is.
 */
export const REDACTED = "[redacted]";

// The one list of sensitive fields, shared with the database's sealing (`@pap/db`).
export { alwaysSensitiveFields, sensitiveFieldSet } from "@pap/core";

/**
 * `data` with the value of every field named in `sensitive` replaced by `REDACTED`, at any depth (a
 * member's `personalInformation.ssn` as well as a person's `dateOfBirth`). An `updated` event's change
 * of such a field (`{ field: "ssn", before, after }`) keeps its name and loses both values.
 */
export function redacted(data: unknown, sensitive: ReadonlySet<string>): unknown {
  if (Array.isArray(data)) return data.map((item) => redacted(item, sensitive));
  if (typeof data !== "object" || data === null) return data;
  const record = data as Record<string, unknown>;
  const changeOfSensitiveField = typeof record.field === "string" && sensitive.has(record.field);
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => {
      const hidden = sensitive.has(key) || (changeOfSensitiveField && (key === "before" || key === "after"));
      return [key, hidden ? (value === null || value === undefined ? value : REDACTED) : redacted(value, sensitive)];
    }),
  );
}
