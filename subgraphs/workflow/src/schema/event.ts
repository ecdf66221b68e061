import { entityChanges } from "@pap/events";
import { loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { workflowEvents } from "../domain/events";
import { TaskRef } from "./task";

/** The platform's Event, extended with the task it concerns, so a change can be followed to the record. */
const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    task: t.field({
      authScopes: { permission: "tasks:read" },
      type: TaskRef,
      nullable: true,
      description: "The task this event concerns, when it is one of the workflow domain's task events (null once the task is deleted).",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: (event, _args, context) => (event.source === workflowEvents.source ? loadByUuid(context.loaders.taskById, event.subject) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  taskChanged: t.field({
    authScopes: { permission: "tasks:read" },
    type: EventRef,
    description: "Every workflow change (tasks, queues, timers), or every change of the task with `id`, as it commits; select `task { … }` for the task as it is now.",
    args: { id: t.arg.id() },
    subscribe: (_root, args, context) => entityChanges(context, workflowEvents.source, args.id?.toString()),
    resolve: (logged) => ({ id: logged.event.id }),
  }),
}));
