import { isUuid, notFound } from "@pap/kernel";
import type { EventRecorder, SqlTransaction } from "./append";
import type { EventDraft } from "./catalog";
import type { EventRuntime, Transaction } from "./runtime";

/**
 * Deletes one record and records its `deleted` event in the same transaction; 404 when there is no
 * such record (an id that is not a uuid names none). Returns the id deleted.
 */
export async function deleteRecorded(
  context: { transaction: EventRuntime["transaction"]; events: EventRecorder },
  target: { resource: string; id: string; remove(tx: Transaction, id: string): Promise<{ count: number }>; event(id: string): EventDraft },
): Promise<string> {
  const { resource, id } = target;
  if (!isUuid(id)) throw notFound(resource, id);
  return context.transaction(async (tx) => {
    const { count } = await target.remove(tx, id);
    if (count === 0) throw notFound(resource, id);
    await context.events.record(tx as SqlTransaction, target.event(id));
    return id;
  });
}
