import { preconditionFailed } from "../errors/api-error";
import { isUuid } from "../ids";

/**
 * Optimistic concurrency: a record's version is its `updatedAt` in milliseconds, and its ETag names the
 * record and that version (`"<id>:<version>"`). A client sends the ETag it read back in `If-Match`; the
 * database refuses the change when the record has moved on since (the `record_version` trigger, SQLSTATE
 * PT412), so of two clients who read the same version one wins and the other gets 412.
 */
export type Precondition = { id: string; version: string };

/** The ETag of a record as the API shows it (its `id` and `updatedAt`), or undefined for one without a version. */
export function etagOf(record: unknown): string | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const { id, updatedAt } = record as { id?: unknown; updatedAt?: unknown };
  const time = updatedAt instanceof Date ? updatedAt.getTime() : typeof updatedAt === "string" ? Date.parse(updatedAt) : Number.NaN;
  return typeof id === "string" && Number.isFinite(time) ? `"${id}:${time}"` : undefined;
}

/**
 * What an If-Match header asks: `*` (any current version: nothing to check), or the version of one
 * record. An ETag this platform did not make, or a weak one (`W/"…"`, which If-Match never matches),
 * can match no version: 412 at once, before anything is written.
 */
export function preconditionOf(ifMatch: string | undefined): Precondition | undefined {
  const value = ifMatch?.trim();
  if (!value || value === "*") return undefined;
  const first = value.split(",")[0]!.trim();
  const match = /^"([0-9a-fA-F-]{36}):(\d{1,15})"$/.exec(first);
  if (!match || !isUuid(match[1]!))
    throw preconditionFailed(`If-Match names no version of a record of this platform: ${JSON.stringify(first).slice(0, 80)}.`);
  return { id: match[1]!.toLowerCase(), version: match[2]! };
}

/** The transaction setting the `record_version` trigger reads. */
export const preconditionSetting = (precondition: Precondition) => `${precondition.id} ${precondition.version}`;
