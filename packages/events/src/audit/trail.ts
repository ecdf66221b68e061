import DataLoader from "dataloader";
import { requestTraceparent, traceIdOf } from "@pap/core";
import type { Principal } from "@pap/kernel/auth";
import type { SensitiveRead, SensitiveReadLog } from "@pap/kernel/graphql";
import type { PrismaClient } from "@pap/db";

/** How a sensitive value left: through the graph (REST, search, document bytes and the dashboard go through it) or the agency adapters' door. */
export type AuditChannel = "graph" | "agency";

/** One row of the trail, before it is written. */
export type AuditDraft = SensitiveRead & { actor: Principal; traceId: string | null; channel: AuditChannel };

/** Anything that runs SQL: the client, or a transaction the read belongs to (a document's bytes). */
type Executor = Pick<PrismaClient, "$executeRaw">;

/**
 * Appends drafts to the trail in one statement however many there are: a page of 25 members is one
 * insert. The rows travel as one JSON array, so the statement's shape does not depend on their number.
 */
export async function appendAudit(db: Executor, drafts: readonly AuditDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  const rows = JSON.stringify(
    drafts.map((draft) => ({
      actor_id: draft.actor.id ?? null,
      actor_kind: draft.actor.kind,
      actor_roles: draft.actor.roles,
      record_type: draft.recordType,
      record_id: draft.recordId,
      fields: draft.fields,
      trace_id: draft.traceId,
      channel: draft.channel,
    })),
  );
  await db.$executeRaw`
    INSERT INTO platform_audit_entry (id, "actorId", "actorKind", "actorRoles", "recordType", "recordId", fields, "traceId", channel)
    SELECT gen_random_uuid(), r.actor_id, r.actor_kind,
           ARRAY(SELECT jsonb_array_elements_text(r.actor_roles)), r.record_type, r.record_id,
           ARRAY(SELECT jsonb_array_elements_text(r.fields)), r.trace_id, r.channel
    FROM jsonb_to_recordset(${rows}::jsonb)
      AS r(actor_id text, actor_kind text, actor_roles jsonb, record_type text, record_id text, fields jsonb, trace_id text, channel text)`;
}

/** The trail as a process holds it: whether it is kept, and the names sensitive wherever they are. */
export type AuditTrail = {
  enabled: boolean;
  names: ReadonlySet<string>;
  /** The log of one request's reads through the graph, batched per tick; none when the trail is off. */
  forRequest(headers: Record<string, string | undefined>, principal: () => Promise<Principal>): SensitiveReadLog | undefined;
};

/** The trace id a request's audit rows carry: the one it arrived with, else the one its events get. */
export const auditTraceIdOf = (headers: Record<string, string | undefined>) => traceIdOf(requestTraceparent(headers.traceparent)) ?? null;

export function auditTrail(db: PrismaClient, settings: { enabled: boolean; names: ReadonlySet<string> }): AuditTrail {
  return {
    ...settings,
    forRequest(headers, principal) {
      if (!settings.enabled) return undefined;
      let batches: DataLoader<SensitiveRead, void> | undefined;
      // Made on the first sensitive read: most requests have none. Every record field resolved in one
      // tick of execution (a page's members) lands in one batch. Not cached: the same record read
      // twice in a request is two readings of it.
      const batchesOf = () =>
        (batches ??= new DataLoader<SensitiveRead, void>(
          async (reads) => {
            const actor = await principal();
            const traceId = auditTraceIdOf(headers);
            await appendAudit(
              db,
              reads.map((read) => ({ ...read, actor, traceId, channel: "graph" })),
            );
            return reads.map(() => undefined);
          },
          { cache: false },
        ));
      return { names: settings.names, record: (read) => batchesOf().load(read) };
    },
  };
}
