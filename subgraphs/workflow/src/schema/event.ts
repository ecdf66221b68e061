import { entityChanges } from "@pap/events";
import { addChangeFeed, loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { workflowEvents } from "../domain/events";
import { TaskRef } from "./task";

// The feed carries every workflow event (queues and timers too); the Event leads to a task when it concerns one.
addChangeFeed(builder, {
  entity: TaskRef,
  field: "task",
  subscription: "taskChanged",
  noun: "task",
  domain: "workflow domain",
  source: workflowEvents.source,
  permission: "tasks:read",
  load: (context, id) => loadByUuid(context.loaders.taskById, id),
  changes: (context, id) => entityChanges(context, workflowEvents.source, id),
});
