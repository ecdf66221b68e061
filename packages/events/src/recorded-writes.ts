import { isUuid, notFound } from "@pap/core";
import type { EventRecorder, SqlTransaction } from "./append";
import type { EventDraft } from "./catalog";
import type { EventRuntime, Transaction } from "./runtime";

/**
 * The three writes most resources need, each with its events in the same transaction: a change and
 * its events commit together or not at all. A domain gives what is its own (how to create, find,
 * change or remove the row, and the events that say so); the lock, the order and the 404 are here.
 */
type WriteContext = { transaction: EventRuntime["transaction"]; events: EventRecorder };
type Drafts = EventDraft | readonly EventDraft[];

const record = (context: WriteContext, tx: Transaction, drafts: Drafts) =>
  context.events.record(tx as SqlTransaction, ...(Array.isArray(drafts) ? drafts : [drafts as EventDraft]));

/** Creates one record and records the events of its creation (its `created` event, and any the domain adds). */
export async function createRecorded<R extends { id: string }>(
  context: WriteContext,
  target: { create(tx: Transaction): Promise<R>; events(created: R): Drafts },
): Promise<R> {
  return context.transaction(async (tx) => {
    const created = await target.create(tx);
    await record(context, tx, target.events(created));
    return created;
  });
}

/**
 * Changes one record under its row lock (`find` locks and reads it: a concurrent change of the same
 * record waits, and nothing is lost) and records the events of the change; 404 when
 * there is no such record. `change` may refuse (throw) after seeing the record as it is.
 */
export async function updateRecorded<Found extends { id: string }, Updated = Found>(
  context: WriteContext,
  target: {
    resource: string;
    id: string;
    find(tx: Transaction, id: string): Promise<Found | null>;
    change(tx: Transaction, current: Found): Promise<Updated>;
    events(before: Found, after: Updated): Drafts;
  },
): Promise<Updated> {
  const { resource, id } = target;
  if (!isUuid(id)) throw notFound(resource, id);
  return context.transaction(async (tx) => {
    const current = await target.find(tx, id);
    if (!current) throw notFound(resource, id);
    const updated = await target.change(tx, current);
    await record(context, tx, target.events(current, updated));
    return updated;
  });
}

/**
 * Deletes one record and records its `deleted` event in the same transaction; 404 when there is no
 * such record (an id that is not a uuid names none). Returns the id deleted.
 */
export async function deleteRecorded(
  context: WriteContext,
  target: { resource: string; id: string; remove(tx: Transaction, id: string): Promise<{ count: number }>; event(id: string): EventDraft },
): Promise<string> {
  const { resource, id } = target;
  if (!isUuid(id)) throw notFound(resource, id);
  return context.transaction(async (tx) => {
    const { count } = await target.remove(tx, id);
    if (count === 0) throw notFound(resource, id);
    await record(context, tx, target.event(id));
    return id;
  });
}
