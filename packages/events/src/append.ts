import { randomUUID } from "node:crypto";
import { Prisma } from "@pap/db";
import type { EventDraft } from "./catalog";
import { JSON_CONTENT_TYPE, SPEC_VERSION, type PlatformEvent } from "./envelope";
import type { EventOrigin } from "./origin";
import type { EventSettings } from "./settings";
import { traceIdOf } from "./trace";

/** Anything that runs raw SQL inside the caller's transaction (a Prisma transaction client). */
export type SqlTransaction = { $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> };

/** NOTIFY channel that wakes every process's hub when events commit. */
export const EVENT_CHANNEL = "platform_events";

// Arbitrary, fixed: the advisory lock key that orders all writers of the log (ASCII "PAPLOG").
const LOG_LOCK_KEY = 0x5041504c4f47;

/**
 * Appends envelopes to the log inside the caller's transaction, and returns their positions.
 *
 * One statement does three things: takes a transaction-scoped advisory lock, so writers of the log
 * commit one at a time and positions become visible in order (no reader can pass a position that a
 * slower transaction later fills in); inserts the rows; and queues a NOTIFY, which PostgreSQL
 * delivers to every listening process only if and when the transaction commits. Call it as the last
 * write of a transaction, so the lock is held only for the commit itself.
 */
export async function appendToLog(tx: SqlTransaction, events: readonly PlatformEvent[]): Promise<bigint[]> {
  if (events.length === 0) return [];
  const rows = events.map((event, ord) => ({ ...event, data: event.data ?? null, traceid: traceIdOf(event.traceparent) ?? null, ord }));
  const result = await tx.$queryRaw<Array<{ positions: string[] }>>(Prisma.sql`
    WITH log_lock AS (SELECT pg_advisory_xact_lock(${LOG_LOCK_KEY}::bigint)),
    appended AS (
      INSERT INTO platform_event (id, type, source, subject, time, specversion, datacontenttype, data, traceparent, traceid, causationid, authid, authtype)
      SELECT e.id, e.type, e.source, e.subject, e.time, e.specversion, e.datacontenttype, NULLIF(e.data, 'null'::jsonb), e.traceparent, e.traceid, e.causationid, e.authid, e.authtype
      FROM log_lock
      CROSS JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(
        id uuid, type text, source text, subject uuid, time timestamptz, specversion text, datacontenttype text, data jsonb,
        traceparent text, traceid text, causationid uuid, authid text, authtype text, ord int)
      ORDER BY e.ord
      RETURNING position
    )
    SELECT array_agg(position::text ORDER BY position) AS positions, pg_notify(${EVENT_CHANNEL}, max(position)::text)::text AS notified
    FROM appended`);
  return (result[0]?.positions ?? []).map((position) => BigInt(position));
}

/** The full envelope of a change recorded now, on behalf of `origin`. */
export function envelopeFor(draft: EventDraft, origin: EventOrigin, settings: EventSettings, now = new Date()): PlatformEvent {
  const event: PlatformEvent = {
    id: randomUUID(),
    specversion: SPEC_VERSION,
    type: settings.typePrefix + draft.type,
    source: draft.source,
    subject: draft.subject,
    time: now.toISOString(),
    datacontenttype: JSON_CONTENT_TYPE,
    traceparent: origin.traceparent,
  };
  if (draft.data !== undefined && draft.data !== null) event.data = draft.data;
  if (origin.causationid) event.causationid = origin.causationid;
  if (origin.authid) event.authid = origin.authid;
  if (origin.authtype) event.authtype = origin.authtype;
  return event;
}

/** Records the events of a change in the change's own transaction: they commit together or not at all. */
export type EventRecorder = {
  readonly origin: EventOrigin;
  record(tx: SqlTransaction, ...drafts: EventDraft[]): Promise<PlatformEvent[]>;
};

export function eventRecorder(settings: EventSettings, origin: EventOrigin): EventRecorder {
  return {
    origin,
    async record(tx, ...drafts) {
      const now = new Date();
      const events = drafts.map((draft) => envelopeFor(draft, origin, settings, now));
      await appendToLog(tx, events);
      return events;
    },
  };
}
