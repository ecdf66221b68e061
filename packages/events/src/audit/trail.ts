import { requestTraceparent, traceIdOf } from "@pap/core";
import type { Principal } from "@pap/kernel/auth";
import type { SensitiveRead, SensitiveReadLog } from "@pap/kernel/graphql";
import type { PrismaClient, RowReader } from "@pap/db";

/** How a sensitive value left: through the graph (REST, search, document bytes and the dashboard go through it) or the agency adapters' door. */
export type AuditChannel = "graph" | "agency";

/** Who read, from which request, by which path. */
type Reader = { actor: Principal; traceId: string | null; channel: AuditChannel };

/**
 * One entry of the trail, before it is written: one caller's reads of records of one type in one
 * request, with the fields read of each record. A page of 25 members is one entry naming 25 records.
 */
export type AuditDraft = Reader & { recordType: string; readings: Record<string, readonly string[]> };

/**
 * One statement appends any number of entries: each column travels as one array parameter, so the
 * statement's text never changes with their number and is prepared once per connection. Lists are
 * joined by the unit separator, which no role, id, field name or path contains.
 */
const APPEND_SQL = `
  INSERT INTO platform_audit_entry (id, "actorId", "actorKind", "actorRoles", "recordType", "recordIds", fields, readings, "traceId", channel)
  SELECT gen_random_uuid(), actor_id, actor_kind, string_to_array(actor_roles, chr(31)), record_type,
         string_to_array(record_ids, chr(31)), string_to_array(fields, chr(31)), readings::jsonb, trace_id, channel
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
    AS r(actor_id, actor_kind, actor_roles, record_type, record_ids, fields, readings, trace_id, channel)`;

const SEPARATOR = "\u001f";

/** The fields read across an entry's records, each once. */
const fieldsAcross = (readings: AuditDraft["readings"]) => [...new Set(Object.values(readings).flat())];

/** The statement's nine column arrays for the drafts. */
const columnsOf = (drafts: readonly AuditDraft[]): unknown[] => [
  drafts.map((draft) => draft.actor.id ?? null),
  drafts.map((draft) => draft.actor.kind),
  drafts.map((draft) => draft.actor.roles.join(SEPARATOR)),
  drafts.map((draft) => draft.recordType),
  drafts.map((draft) => Object.keys(draft.readings).join(SEPARATOR)),
  drafts.map((draft) => fieldsAcross(draft.readings).join(SEPARATOR)),
  drafts.map((draft) => JSON.stringify(draft.readings)),
  drafts.map((draft) => draft.traceId),
  drafts.map((draft) => draft.channel),
];

/** Appends drafts through Prisma (a door that holds only the client: the agency adapters'), in one statement. */
export async function appendAudit(db: Pick<PrismaClient, "$executeRawUnsafe">, drafts: readonly AuditDraft[]): Promise<void> {
  if (drafts.length > 0) await db.$executeRawUnsafe(APPEND_SQL, ...columnsOf(drafts));
}

/** Entries one statement carries at most: a burst is written in several rather than one enormous one. */
const MOST_ENTRIES_PER_STATEMENT = 500;

/** A read waiting for its entry to be written, with the request it belongs to. */
type Waiting = { request: Reader; read: SensitiveRead; written(): void; failed(error: unknown): void };

/** The turn's reads as entries: one per request and record type, every record read and its fields. */
function entriesOf(reads: readonly Waiting[]): { draft: AuditDraft; waiting: Waiting[] }[] {
  const entries = new Map<Reader, Map<string, { draft: AuditDraft; waiting: Waiting[] }>>();
  for (const waiting of reads) {
    const byType = entries.get(waiting.request) ?? new Map<string, { draft: AuditDraft; waiting: Waiting[] }>();
    entries.set(waiting.request, byType);
    const { recordType, recordId, fields } = waiting.read;
    let entry = byType.get(recordType);
    if (!entry) byType.set(recordType, (entry = { draft: { ...waiting.request, recordType, readings: {} }, waiting: [] }));
    const readings = entry.draft.readings as Record<string, readonly string[]>;
    // Most records are read once a request: their fields as given, merged only when a record is read again.
    const earlier = readings[recordId];
    readings[recordId] = earlier ? [...new Set([...earlier, ...fields])] : fields;
    entry.waiting.push(waiting);
  }
  return [...entries.values()].flatMap((byType) => [...byType.values()]);
}

/**
 * Batched by turn of the event loop: the reads of every field resolved in one turn (a page's members,
 * and those of the other requests executing in it) are written by one statement as soon as the turn
 * ends, beside any statement still being written, as one entry per request and record type. Each
 * read's promise settles when the statement holding it has committed (or failed).
 */
function batchedByTurn(run: RowReader): (request: Reader, read: SensitiveRead) => Promise<void> {
  let queue: Waiting[] = [];
  const write = async () => {
    const entries = entriesOf(queue);
    queue = [];
    for (let start = 0; start < entries.length; start += MOST_ENTRIES_PER_STATEMENT) {
      const part = entries.slice(start, start + MOST_ENTRIES_PER_STATEMENT);
      const waiting = part.flatMap((entry) => entry.waiting);
      try {
        await run(APPEND_SQL, columnsOf(part.map((entry) => entry.draft)));
        for (const read of waiting) read.written();
      } catch (error) {
        for (const read of waiting) read.failed(error);
      }
    }
  };
  return (request, read) =>
    new Promise<void>((written, failed) => {
      if (queue.length === 0) setImmediate(() => void write());
      queue.push({ request, read, written, failed });
    });
}

/** The trail as a process holds it: whether it is kept, and the names sensitive wherever they are. */
export type AuditTrail = {
  enabled: boolean;
  names: ReadonlySet<string>;
  /** The log of one request's reads through the graph; none when the trail is off. */
  forRequest(headers: Record<string, string | undefined>, principal: () => Promise<Principal>): SensitiveReadLog;
};

/** The trace id a request's audit rows carry: the one it arrived with, else the one its events get. */
export const auditTraceIdOf = (headers: Record<string, string | undefined>) => traceIdOf(requestTraceparent(headers.traceparent)) ?? null;

/** The process's trail, written through the driver's single statements (`run`: `Database.append`, connections of its own) beside Prisma. */
export function auditTrail(run: RowReader, settings: { enabled: boolean; names: ReadonlySet<string> }): AuditTrail {
  const append = batchedByTurn(run);
  return {
    ...settings,
    forRequest(headers, principal) {
      // With the trail off, a request still knows the sensitive names: a partner's agreement withholds them.
      if (!settings.enabled) return { names: settings.names };
      // The caller is looked up once; every read after that is appended without waiting on it again.
      let known: Reader | undefined;
      let reader: Promise<Reader> | undefined;
      const readerOf = () =>
        (reader ??= principal().then((actor) => (known = { actor, traceId: auditTraceIdOf(headers), channel: "graph" as const })));
      return {
        names: settings.names,
        record: (read) => (known ? append(known, read) : readerOf().then((found) => append(found, read))),
      };
    },
  };
}
