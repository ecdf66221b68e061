import { ApiError, notFound, type ErrorDetail } from "@pap/core";
import { findLocked, unlessKeyTaken, type Queue } from "@pap/db";
import { queueChanges } from "../domain/events";
import { queue as queueResource, type QueueCreate, type QueueUpdate } from "../contract/queue";
import { openTaskStatuses } from "../domain/task-machine";
import type { WorkflowWork } from "./work";

/** Queue writes, each with its event in the work's transaction; the GraphQL resolvers only call these. */

const duplicateName = (name: string | undefined): ApiError =>
  new ApiError(409, "CONFLICT", `A queue named '${name}' already exists.`, [{ field: "name", message: "is taken by another queue" }]);

/** A write that may take a name another queue holds: 409 (the unique index decides, so racing creates cannot both win). */
const withUniqueName = <T>(name: string | undefined, write: () => Promise<T>): Promise<T> =>
  unlessKeyTaken(write, () => duplicateName(name));

async function lockedQueue(work: WorkflowWork, id: string): Promise<Queue> {
  const queue = await findLocked(work.tx, "workflow_queue", id, () => work.tx.queue.findUnique({ where: { id } }));
  if (!queue) throw notFound("Queue", id);
  return queue;
}

export async function createQueue(work: WorkflowWork, body: QueueCreate): Promise<Queue> {
  const now = work.clock.now();
  const queue = await withUniqueName(body.name, () =>
    work.tx.queue.create({ data: { ...(queueResource.columnsOf(body) as QueueCreate), source: "user", createdAt: now, updatedAt: now } }),
  );
  await work.events.record(work.tx, queueChanges.created(queue.id, queueResource.snapshot(queue)));
  return queue;
}

export async function updateQueue(work: WorkflowWork, id: string, body: QueueUpdate): Promise<Queue> {
  const before = await lockedQueue(work, id);
  const after = await withUniqueName(body.name, () =>
    work.tx.queue.update({ where: { id }, data: { ...queueResource.columnsOf(body), updatedAt: work.clock.now() } }),
  );
  await work.events.record(work.tx, queueChanges.updated(id, queueResource.snapshot(before), queueResource.snapshot(after)));
  return after;
}

/** Deletes a queue created through the API; configured (system) queues and queues open tasks wait in stay (409). */
export async function deleteQueue(work: WorkflowWork, id: string): Promise<string> {
  const queue = await lockedQueue(work, id);
  if (queue.source === "system") {
    throw new ApiError(409, "CONFIG_MANAGED", `Queue '${queue.name}' comes from the platform's configuration and cannot be deleted.`);
  }
  const waiting = await work.tx.task.count({ where: { queueId: id, status: { in: openTaskStatuses } } });
  if (waiting > 0) {
    const details: ErrorDetail[] = [
      { field: "queueId", message: `${waiting} open task(s) are in this queue; assign them elsewhere first` },
    ];
    throw new ApiError(409, "CONFLICT", `Queue '${queue.name}' still holds open tasks.`, details);
  }
  await work.tx.queue.delete({ where: { id } });
  await work.events.record(work.tx, queueChanges.deleted(id));
  return id;
}
