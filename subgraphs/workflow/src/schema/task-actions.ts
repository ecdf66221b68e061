import { builder } from "../builder";
import { inTransaction } from "../context";
import { taskMachine } from "../domain/task-machine";
import { transitionTask } from "../operations/tasks";
import { TaskRef } from "./task";
import { taskScope } from "./task-scope";

builder.machineMutations({
  machine: taskMachine,
  resourceName: "Task",
  ref: TaskRef,
  authScopes: { permission: "tasks:act" },
  perform: async ({ id, action, caller, body }, context) => {
    await taskScope.requireInReach(context, id);
    return inTransaction(context, (work) => transitionTask(work, id, action, caller, body));
  },
});
