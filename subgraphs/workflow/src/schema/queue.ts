import { defineListType, givenFields, findPage, listArguments, loadByUuid, parseBody } from "@pap/kernel";
import { builder } from "../builder";
import { inTransaction } from "../context";
import { queueBody, queueListSpec, queueSources, queueUpdateBody } from "../domain/queue";
import { createQueue, deleteQueue, updateQueue } from "../operations/queues";

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
      return inTransaction(context, (work) => createQueue(work, body));
    },
  }),
  updateQueue: t.field({
    authScopes: { permission: "queues:update" },
    type: QueueRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: QueueUpdateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(queueUpdateBody, givenFields(args.input));
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
