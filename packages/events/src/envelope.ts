/** Principal kinds an event may name as its actor (SPEC §2.2). */
export const authTypes = ["user", "service_account", "api_key", "system", "unauthenticated", "unknown", "null"] as const;
export type AuthType = (typeof authTypes)[number];

/**
 * One entry of the platform log: a CloudEvents 1.0 envelope. Optional attributes are absent rather
 * than null, as CloudEvents' JSON format writes them.
 */
export type PlatformEvent = {
  id: string;
  specversion: string;
  type: string;
  source: string;
  subject: string;
  time: string;
  datacontenttype: string;
  data?: unknown;
  traceparent?: string;
  causationid?: string;
  authid?: string;
  authtype?: AuthType;
};

/** An event together with its place in the log (the SSE `id:` and the resume cursor). */
export type LoggedEvent = { position: bigint; event: PlatformEvent };

export const SPEC_VERSION = "1.0";
export const JSON_CONTENT_TYPE = "application/json";

/** The log's row as Prisma returns it (position null until the sequencer has numbered it). */
export type EventRow = {
  position: bigint | null;
  id: string;
  type: string;
  source: string;
  subject: string;
  time: Date;
  specversion: string;
  datacontenttype: string;
  data: unknown;
  traceparent: string | null;
  causationid: string | null;
  authid: string | null;
  authtype: string | null;
};

export function eventFromRow(row: EventRow): PlatformEvent {
  const event: PlatformEvent = {
    id: row.id,
    specversion: row.specversion,
    type: row.type,
    source: row.source,
    subject: row.subject,
    time: row.time.toISOString(),
    datacontenttype: row.datacontenttype,
  };
  if (row.data !== null && row.data !== undefined) event.data = row.data;
  if (row.traceparent) event.traceparent = row.traceparent;
  if (row.causationid) event.causationid = row.causationid;
  if (row.authid) event.authid = row.authid;
  if (row.authtype) event.authtype = row.authtype as AuthType;
  return event;
}

/** An event as read from the log, with its position (or null if not numbered yet). */
export type LogEntry = { position: bigint | null; event: PlatformEvent };

export const entryFromRow = (row: EventRow): LogEntry => ({ position: row.position, event: eventFromRow(row) });

/** A numbered row: readers of the log only ever ask for rows after some position. */
export function loggedFromRow(row: EventRow): LoggedEvent {
  if (row.position === null) throw new Error(`event ${row.id} has no position yet`);
  return { position: row.position, event: eventFromRow(row) };
}
