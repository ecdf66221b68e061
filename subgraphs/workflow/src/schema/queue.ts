import { findPage } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { inTransaction } from "../context";
import { queue } from "../contract/queue";
import { createQueue, deleteQueue, updateQueue } from "../operations/queues";

export const QueueRef = builder.prismaObject("Queue", {
  authScopes: { permission: "queues:read" },
  description: queue.declaration.description,
  fields: (t) => t.declaredFields(queue.declaration.fields),
});

builder.graphCrud({
  resource: queue,
  ref: QueueRef,
  load: (id, context) => loadByUuid(context.loaders.queueById, id),
  page: (args, context) =>
    findPage(queue.listSpec, args, {
      items: (query) => context.db.queue.findMany(query),
      total: (where) => context.db.queue.count({ where }),
    }),
  create: (body, context) => inTransaction(context, (work) => createQueue(work, body)),
  update: (id, body, context) => inTransaction(context, (work) => updateQueue(work, id, body)),
  delete: (id, context) => inTransaction(context, (work) => deleteQueue(work, id)),
  descriptions: {
    delete: "Deletes a queue created through the API; configured (system) queues and queues open tasks wait in cannot be deleted (409).",
  },
});
