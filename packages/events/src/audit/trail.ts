import { requestTraceparent, traceIdOf } from "@pap/core";
import type { Principal } from "@pap/kernel/auth";
import type { SensitiveReadLog } from "@pap/kernel/graphql";
import type { PrismaClient, RowReader } from "@pap/db";
import type { SensitiveRead } from "@pap/kernel/graphql";

/** How a sensitive value left: through the graph (REST, search, document bytes and the dashboard go through it) or the agency adapters' door. */
export type AuditChannel = "graph" | "agency";

/** One row of the trail, before it is written. */
export type AuditDraft = SensitiveRead & { actor: Principal; traceId: string | null; channel: AuditChannel };

/**
 * One statement appends any number of rows: each column travels as one array parameter, so the
 * statement's text never changes with their number and is prepared once per connection. A row's
 * roles and fields are joined by the unit separator, which no role, field name or path contains.
 */
const APPEND_SQL = `
  INSERT INTO platform_audit_entry (id, "actorId", "actorKind", "actorRoles", "recordType", "recordId", fields, "traceId", channel)
  SELECT gen_random_uuid(), actor_id, actor_kind, string_to_array(actor_roles, chr(31)), record_type, record_id,
         string_to_array(fields, chr(31)), trace_id, channel
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
    AS r(actor_id, actor_kind, actor_roles, record_type, record_id, fields, trace_id, channel)`;

const SEPARATOR = "\u001f";

/** The statement's eight column arrays for the drafts. */
const columnsOf = (drafts: readonly AuditDraft[]): unknown[] => [
  drafts.map((draft) => draft.actor.id ?? null),
  drafts.map((draft) => draft.actor.kind),
  drafts.map((draft) => draft.actor.roles.join(SEPARATOR)),
  drafts.map((draft) => draft.recordType),
  drafts.map((draft) => draft.recordId),
  drafts.map((draft) => draft.fields.join(SEPARATOR)),
  drafts.map((draft) => draft.traceId),
  drafts.map((draft) => draft.channel),
];

/** Appends drafts through Prisma (a door that holds only the client: the agency adapters'), in one statement. */
export async function appendAudit(db: Pick<PrismaClient, "$executeRawUnsafe">, drafts: readonly AuditDraft[]): Promise<void> {
  if (drafts.length > 0) await db.$executeRawUnsafe(APPEND_SQL, ...columnsOf(drafts));
}

/** Rows one statement carries at most: a burst is written in several rather than one enormous one. */
const MOST_ROWS_PER_STATEMENT = 1000;

type Waiting = { draft: AuditDraft; written(): void; failed(error: unknown): void };

/**
 * Batched by turn of the event loop: the drafts of every field resolved in one turn (a page's members,
 * and those of the other requests executing in it) are one statement, written as soon as the turn
 * ends, beside any statement still being written. Each draft's promise settles when the statement
 * holding it has committed (or failed).
 */
function batchedByTurn(run: RowReader): (draft: AuditDraft) => Promise<void> {
  let queue: Waiting[] = [];
  const write = async () => {
    const batch = queue;
    queue = [];
    for (let start = 0; start < batch.length; start += MOST_ROWS_PER_STATEMENT) {
      const part = batch.slice(start, start + MOST_ROWS_PER_STATEMENT);
      try {
        await run(APPEND_SQL, columnsOf(part.map((waiting) => waiting.draft)));
        for (const waiting of part) waiting.written();
      } catch (error) {
        for (const waiting of part) waiting.failed(error);
      }
    }
  };
  return (draft) =>
    new Promise<void>((written, failed) => {
      if (queue.length === 0) setImmediate(() => void write());
      queue.push({ draft, written, failed });
    });
}

/** The trail as a process holds it: whether it is kept, and the names sensitive wherever they are. */
export type AuditTrail = {
  enabled: boolean;
  names: ReadonlySet<string>;
  /** The log of one request's reads through the graph; none when the trail is off. */
  forRequest(headers: Record<string, string | undefined>, principal: () => Promise<Principal>): SensitiveReadLog | undefined;
};

/** The trace id a request's audit rows carry: the one it arrived with, else the one its events get. */
export const auditTraceIdOf = (headers: Record<string, string | undefined>) => traceIdOf(requestTraceparent(headers.traceparent)) ?? null;

/** The process's trail, written through the driver's single statements (`run`) beside Prisma. */
export function auditTrail(run: RowReader, settings: { enabled: boolean; names: ReadonlySet<string> }): AuditTrail {
  const append = batchedByTurn(run);
  return {
    ...settings,
    forRequest(headers, principal) {
      if (!settings.enabled) return undefined;
      let traceId: string | null | undefined;
      return {
        names: settings.names,
        async record(read) {
          const actor = await principal();
          traceId ??= auditTraceIdOf(headers);
          return append({ ...read, actor, traceId, channel: "graph" });
        },
      };
    },
  };
}
