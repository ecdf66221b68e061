import { defineListType, findPage, graphFieldsOf, inputTypeOf, listArguments, loadByUuid, parseBody } from "@pap/kernel";
import { builder, type Types } from "../builder";
import { inTransaction } from "../context";
import { queue, type QueueCreate, type QueueUpdate } from "../contract/queue";
import { createQueue, deleteQueue, updateQueue } from "../operations/queues";

export const QueueRef = builder.prismaObject("Queue", {
  authScopes: { permission: "queues:read" },
  description: queue.declaration.description,
  fields: (t) => graphFieldsOf(builder, t, queue.declaration.fields) as never,
});

builder.asEntity(QueueRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.queueById, reference.id),
});

const QueueList = defineListType(builder, "QueueList", QueueRef);

const QueueCreateInput = inputTypeOf(builder, queue.declaration, "create") as PothosSchemaTypes.InputObjectRef<Types, QueueCreate>;
const QueueUpdateInput = inputTypeOf(builder, queue.declaration, "update") as PothosSchemaTypes.InputObjectRef<Types, QueueUpdate>;

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
      findPage(queue.listSpec, args, { items: (query) => context.db.queue.findMany(query), total: (where) => context.db.queue.count({ where }) }),
  }),
}));

builder.mutationFields((t) => ({
  createQueue: t.field({
    authScopes: { permission: "queues:create" },
    type: QueueRef,
    args: { input: t.arg({ type: QueueCreateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(queue.createBody, queue.bodyFromInput(args.input));
      return inTransaction(context, (work) => createQueue(work, body));
    },
  }),
  updateQueue: t.field({
    authScopes: { permission: "queues:update" },
    type: QueueRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: QueueUpdateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(queue.updateBody, queue.bodyFromInput(args.input));
      return inTransaction(context, (work) => updateQueue(work, String(args.id), body));
    },
  }),
  deleteQueue: t.id({
    authScopes: { permission: "queues:delete" },
    description: "Deletes a queue created through the API; configured (system) queues and queues open tasks wait in cannot be deleted (409).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => inTransaction(context, (work) => deleteQueue(work, String(args.id))),
  }),
}));
