import { randomUUID } from "node:crypto";
import { isUuid, validationFailed } from "@pap/core";
import { Prisma, type ExternalServiceCall } from "@pap/db";
import { scheduleTimer } from "@pap/events";
import type { CatalogEntry } from "../config/catalog";
import { callEventData } from "../domain/call-machine";
import { dataExchangeEvents, windowTimerId } from "../domain/events";
import type { CallMode, ServiceType } from "../domain/vocabulary";
import { updateCall } from "./locked-call";
import type { CallRow, DataExchangeWork } from "./work";

/** A validated submission (ExternalServiceCallCreate): one of the two ways of naming the service. */
export type Submission = {
  serviceId?: string | null;
  serviceType?: ServiceType | null;
  requestingResourceId: string;
  callMode?: CallMode | null;
  data?: Record<string, unknown> | null;
  metadata?: Record<string, Record<string, unknown>> | null;
};

export type Submitted = { call: CallRow; created: boolean; entry: CatalogEntry };

/** The catalog entry a submission names: by id, or the first entry (by name) of the type; 422 when there is none. */
export function entryOf(catalog: readonly CatalogEntry[], submission: Pick<Submission, "serviceId" | "serviceType">): CatalogEntry {
  if (submission.serviceId) {
    const id = submission.serviceId.toLowerCase();
    const entry = catalog.find((candidate) => candidate.id === id);
    if (!entry) throw validationFailed([{ field: "serviceId", message: "names no entry of the service catalog" }]);
    return entry;
  }
  const ofType = catalog
    .filter((candidate) => candidate.serviceType === submission.serviceType)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  if (!ofType[0])
    throw validationFailed([{ field: "serviceType", message: `no entry of the service catalog offers ${submission.serviceType}` }]);
  return ofType[0];
}

const pendingCallOf = async (work: DataExchangeWork, requestingResourceId: string, serviceId: string): Promise<CallRow | undefined> =>
  (
    await work.tx.$queryRaw<CallRow[]>(Prisma.sql`
      SELECT * FROM data_exchange_service_call WHERE "requestingResourceId" = ${requestingResourceId}::uuid AND "serviceId" = ${serviceId}::uuid AND status = 'pending'`)
  )[0];

/**
 * Submits a call (SPEC §3.2, §4.3), or answers the pending call for the same requesting resource and
 * service, creating nothing. The database decides which submission creates the call: an insert that
 * a pending call of the pair already holds does nothing (its partial unique index), so any number of
 * concurrent submissions make one call and one `submitted` event. A new call is in the outbox at once
 * (due now; a synchronous one leased to its request first, so the outbox makes it only if the request
 * dies), with its window's timer set: it ends completed, failed or timed_out, never forgotten.
 */
export async function submitServiceCall(
  work: DataExchangeWork,
  catalog: readonly CatalogEntry[],
  submission: Submission,
  options: { leaseMs?: number; county?: string | null } = {},
): Promise<Submitted> {
  const entry = entryOf(catalog, submission);
  const requestingResourceId = submission.requestingResourceId.toLowerCase();
  const callMode = submission.callMode ?? entry.defaultCallMode;
  const now = work.clock.now();
  const deadlineAt = new Date(now.getTime() + entry.windowSeconds * 1000);
  // A synchronous call is its request's first attempt, leased to it.
  const leaseUntil = callMode === "sync" && options.leaseMs ? new Date(now.getTime() + options.leaseMs) : null;
  // A call finished between our insert and our read frees the pair: the next round creates one.
  for (let round = 0; round < 5; round++) {
    const [inserted] = await work.tx.$queryRaw<CallRow[]>(Prisma.sql`
      INSERT INTO data_exchange_service_call (id, "serviceId", "serviceType", "requestingResourceId", "requestingResourceType", "callMode", status, data, metadata,
        attempts, "nextAttemptAt", "leaseUntil", "deadlineAt", county, "createdAt", "updatedAt")
      VALUES (${randomUUID()}::uuid, ${entry.id}::uuid, ${entry.serviceType}, ${requestingResourceId}::uuid, ${entry.requestingResourceType}, ${callMode}, 'pending',
        ${submission.data ? JSON.stringify(submission.data) : null}::jsonb, ${JSON.stringify(submission.metadata ?? {})}::jsonb, ${leaseUntil ? 1 : 0}, ${now}, ${leaseUntil}, ${deadlineAt},
        coalesce((SELECT rc.county FROM record_county rc WHERE rc.id = ${requestingResourceId}::uuid LIMIT 1), ${options.county ?? null}::text), ${now}, ${now})
      ON CONFLICT ("requestingResourceId", "serviceId") WHERE status = 'pending' DO NOTHING
      RETURNING *`);
    if (!inserted) {
      const pending = await pendingCallOf(work, requestingResourceId, entry.id);
      if (pending) return { call: pending, created: false, entry };
      continue;
    }
    const [submitted] = await work.events.record(
      work.tx,
      dataExchangeEvents.draft("call.submitted", inserted.id, { ...callEventData(inserted), callMode }),
    );
    await scheduleTimer(work, {
      id: windowTimerId(inserted.id),
      fireAt: deadlineAt,
      callback: dataExchangeEvents.draft("call_window_due", inserted.id),
      traceparent: submitted!.traceparent,
      causationid: submitted!.id,
    });
    const call = await updateCall(work, inserted.id, { traceparent: submitted!.traceparent, submittedEventId: submitted!.id });
    return { call, created: true, entry };
  }
  throw new Error("a pending service call kept appearing and finishing while submitting");
}

/** Calls by id, in the order asked (missing ones left out): how other domains read the calls they made. */
export async function serviceCallsByIds(
  db: { externalServiceCall: { findMany(args: object): Promise<ExternalServiceCall[]> } },
  ids: readonly string[],
): Promise<ExternalServiceCall[]> {
  const wanted = ids.filter(isUuid).map((id) => id.toLowerCase());
  if (!wanted.length) return [];
  const found = await db.externalServiceCall.findMany({ where: { id: { in: wanted } } });
  const byId = new Map(found.map((call) => [call.id, call]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
