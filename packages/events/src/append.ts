import { randomUUID } from "node:crypto";
import { Prisma, type SqlTransaction } from "@pap/db";
import type { EventDraft } from "./catalog";
import { JSON_CONTENT_TYPE, SPEC_VERSION, type PlatformEvent } from "./envelope";
import { createdSubjectOf, type ClaimFence } from "./idempotency-fence";
import type { EventOrigin } from "./origin";
import { redacted, sensitiveFieldSet } from "./redaction";
import type { EventSettings } from "./settings";
import { traceIdOf } from "./trace";

/** Raw SQL in a transaction, Prisma's or the driver's (`Database.write`): the log is written through either. */
export type { SqlTransaction } from "@pap/db";

/** NOTIFY channel that wakes every process's hub: payload `w` after a write, `s:<newest position>` after sequencing. */
export const EVENT_CHANNEL = "platform_events";

/**
 * Appends envelopes to the log inside the caller's transaction, in the order given. The rows carry no
 * position yet: the sequencer numbers them once the transaction has committed (see sequencer.ts), so
 * writers never wait for each other, and a change and its events commit together or not at all.
 */
export async function appendToLog(tx: SqlTransaction, events: readonly PlatformEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event, ord) =>
    Object.assign({}, event, { data: event.data ?? null, traceid: traceIdOf(event.traceparent) ?? null, ord }),
  );
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO platform_event (id, type, source, subject, time, specversion, datacontenttype, data, traceparent, traceid, causationid, authid, authtype)
    SELECT e.id, e.type, e.source, e.subject, e.time, e.specversion, e.datacontenttype, NULLIF(e.data, 'null'::jsonb), e.traceparent, e.traceid, e.causationid, e.authid, e.authtype
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(
      id uuid, type text, source text, subject uuid, time timestamptz, specversion text, datacontenttype text, data jsonb,
      traceparent text, traceid text, causationid uuid, authid text, authtype text, ord int)
    ORDER BY e.ord`);
}

const defaultSensitive = sensitiveFieldSet();

/** The full envelope of a change recorded now, on behalf of `origin`, its data holding no sensitive value. */
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
  if (draft.data !== undefined && draft.data !== null) event.data = redacted(draft.data, settings.sensitiveFields ?? defaultSensitive);
  const causationid = draft.causationid ?? origin.causationid;
  if (causationid) event.causationid = causationid;
  if (origin.authid) event.authid = origin.authid;
  if (origin.authtype) event.authtype = origin.authtype;
  return event;
}

/** Records the events of a change in the change's own transaction: they commit together or not at all. */
export type EventRecorder = {
  record(tx: SqlTransaction, ...drafts: EventDraft[]): Promise<PlatformEvent[]>;
};

/**
 * A recorder for changes of one origin (given, or worked out on first use: a request's caller is
 * established lazily). With a `fence` (a REST request sent with an Idempotency-Key), each change first
 * proves in its own transaction that the key is still this attempt's (idempotency-fence.ts).
 */
export function eventRecorder(
  settings: EventSettings,
  origin: EventOrigin | (() => Promise<EventOrigin>),
  fence?: ClaimFence,
): EventRecorder {
  return {
    async record(tx, ...drafts) {
      const now = settings.clock?.now() ?? new Date();
      const resolved = typeof origin === "function" ? await origin() : origin;
      const events = drafts.map((draft) => envelopeFor(draft, resolved, settings, now));
      if (fence) await fence(tx, createdSubjectOf(events));
      await appendToLog(tx, events);
      // The records these events describe are searchable as they now are, in the same transaction.
      await settings.searchIndex?.refresh(tx, events, settings.typePrefix);
      return events;
    },
  };
}
