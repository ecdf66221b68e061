import { builder } from "../builder";
import { inTransaction } from "../context";
import { taskMachine } from "../domain/task-machine";
import { transitionTask } from "../operations/tasks";
import { TaskRef } from "./task";

builder.machineMutations({
  machine: taskMachine,
  resourceName: "Task",
  ref: TaskRef,
  authScopes: { permission: "tasks:act" },
  perform: ({ id, action, caller, body }, context) => inTransaction(context, (work) => transitionTask(work, id, action, caller, body)),
});
