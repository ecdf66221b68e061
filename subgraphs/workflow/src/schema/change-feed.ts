import { builder } from "../builder";
import { workflowEvents } from "../domain/events";
import { TaskRef } from "./task";
import { taskScope } from "./task-scope";

// The feed carries every workflow event (queues and timers too); the Event leads to a task when it concerns one.
builder.addChangeFeed({
  entity: TaskRef,
  field: "task",
  subscription: "taskChanged",
  noun: "task",
  domain: "workflow domain",
  source: workflowEvents.source,
  permission: "tasks:read",
  loader: (context) => context.loaders.taskById,
  reachable: taskScope.idInReach,
});
