import { isUniqueViolation, findLocked, type Queue } from "@pap/db";
import { ApiError, defineListType, givenFields, findPage, listArguments, loadByUuid, notFound, parseBody, type ErrorDetail } from "@pap/kernel";
import { builder } from "../builder";
import { inTransaction, type WorkflowContext } from "../context";
import { queueChanges } from "../domain/events";
import { queueBody, queueListSpec, queueSnapshot, queueSources, queueUpdateBody } from "../domain/queue";
import { openTaskStatuses } from "../domain/task-machine";
import type { WorkflowWork } from "../operations/work";

const QueueSource = builder.enumType("QueueSource", { values: queueSources, description: "system: seeded from configuration, cannot be deleted; user: created through the API." });

export const QueueRef = builder.prismaObject("Queue", {
  authScopes: { permission: "queues:read" },
  description: "A routing queue tasks wait in.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name", { description: "Machine name, unique (routing finds queues by it)." }),
    description: t.exposeString("description", { nullable: true }),
    source: t.expose("source", { type: QueueSource }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.asEntity(QueueRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.queueById, reference.id),
});

const QueueList = defineListType(builder, "QueueList", QueueRef);

const QueueInput = (name: string, required: boolean) =>
  builder.inputType(name, { fields: (t) => ({ name: t.string({ required }), description: t.string() }) });
const QueueCreateInput = QueueInput("QueueCreateInput", true);
const QueueUpdateInput = QueueInput("QueueUpdateInput", false);

const duplicateName = (name: string | undefined): ApiError =>
  new ApiError(409, "CONFLICT", `A queue named '${name}' already exists.`, [{ field: "name", message: "is taken by another queue" }]);

/** Writes a queue change, turning a taken name into 409 (the unique index decides, so racing creates cannot both win). */
async function savingQueue<T>(context: WorkflowContext, name: string | undefined, write: (work: WorkflowWork) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(context, write);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

async function lockedQueue(work: WorkflowWork, id: string): Promise<Queue> {
  const queue = await findLocked(work.tx, "workflow_queue", id, () => work.tx.queue.findUnique({ where: { id } }));
  if (!queue) throw notFound("Queue", id);
  return queue;
}

builder.queryFields((t) => ({
  queue: t.field({
    authScopes: { permission: "queues:read" },
    type: QueueRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadByUuid(context.loaders.queueById, id),
  }),
  queues: t.field({
    authScopes: { permission: "queues:read" },
    type: QueueList,
    args: listArguments(t.arg),
    resolve: (_root, args, context) =>
      findPage(queueListSpec, args, { items: (query) => context.db.queue.findMany(query), total: (where) => context.db.queue.count({ where }) }),
  }),
}));

builder.mutationFields((t) => ({
  createQueue: t.field({
    authScopes: { permission: "queues:create" },
    type: QueueRef,
    args: { input: t.arg({ type: QueueCreateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(queueBody, args.input);
      return savingQueue(context, body.name, async ({ tx, events, clock }) => {
        const now = clock.now();
        const queue = await tx.queue.create({ data: { name: body.name, description: body.description ?? null, source: "user", createdAt: now, updatedAt: now } });
        await events.record(tx, queueChanges.created(queue.id, queueSnapshot(queue)));
        return queue;
      });
    },
  }),
  updateQueue: t.field({
    authScopes: { permission: "queues:update" },
    type: QueueRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: QueueUpdateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(queueUpdateBody, givenFields(args.input));
      const id = String(args.id);
      return savingQueue(context, body.name, async (work) => {
        const before = await lockedQueue(work, id);
        const after = await work.tx.queue.update({ where: { id }, data: { ...body, updatedAt: work.clock.now() } });
        await work.events.record(work.tx, queueChanges.updated(id, queueSnapshot(before), queueSnapshot(after)));
        return after;
      });
    },
  }),
  deleteQueue: t.id({
    authScopes: { permission: "queues:delete" },
    description: "Deletes a queue created through the API; configured (system) queues and queues open tasks wait in cannot be deleted (409).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      inTransaction(context, async (work) => {
        const id = String(args.id);
        const queue = await lockedQueue(work, id);
        if (queue.source === "system") {
          throw new ApiError(409, "CONFIG_MANAGED", `Queue '${queue.name}' comes from the platform's configuration and cannot be deleted.`);
        }
        const waiting = await work.tx.task.count({ where: { queueId: id, status: { in: openTaskStatuses } } });
        if (waiting > 0) {
          const details: ErrorDetail[] = [{ field: "queueId", message: `${waiting} open task(s) are in this queue; assign them elsewhere first` }];
          throw new ApiError(409, "CONFLICT", `Queue '${queue.name}' still holds open tasks.`, details);
        }
        await work.tx.queue.delete({ where: { id } });
        await work.events.record(work.tx, queueChanges.deleted(id));
        return id;
      }),
  }),
}));
