import { countyOfNewRecord } from "@pap/kernel/auth";
import { findPage, listThroughDriver, substituteMe, type ListArgs } from "@pap/kernel/list";
import { availableActions } from "@pap/kernel/state-machine";
import { loadByUuid } from "@pap/kernel/graphql";
import { plainColumnsOf, type Task } from "@pap/db";
import { builder, type Types } from "../builder";
import { inTransaction, type WorkflowContext } from "../context";
import { task } from "../contract/task";
import { needsCallerAccount, taskMachine, withAccount } from "../domain/task-machine";
import { createTask, deleteTask, updateTask } from "../operations/tasks";
import { QueueRef } from "./queue";
import { taskScope } from "./task-scope";

/** The task table's columns a list may filter and order by through the driver (it reads them as Prisma does, as the by-id loader relies on). */
const taskColumns = plainColumnsOf("Task");

/** The caller as the task machine sees them. */
export const TaskRef = builder.prismaObject("Task", {
  authScopes: { permission: "tasks:read" },
  description: task.declaration.description,
  fields: (t) =>
    t.declaredFields(task.declaration.fields, {
      queue: t.field({
        type: QueueRef,
        nullable: true,
        description: task.declaration.fields.queue.description,
        resolve: (found, _args, context) => (found.queueId ? context.loaders.queueById.load(found.queueId) : null),
      }),
      availableActions: t.stringList({
        description: task.declaration.fields.availableActions.description,
        resolve: async (found, _args, context) => {
          // As the actions themselves judge it: claim is offered only to an active account (looked up once per request, when it matters).
          const caller = await context.principal();
          const seen = needsCallerAccount(found.status, caller)
            ? withAccount(caller, caller.id ? await context.loaders.activeAccountOf.load(caller.id) : null)
            : caller;
          return availableActions(taskMachine, found, seen);
        },
      }),
    }),
});

/** A page of tasks (`me` in q is the caller): through the driver when the query is plain column conditions (a queue's work, a status, a deadline), else through Prisma. */
async function taskPage(args: ListArgs, context: WorkflowContext) {
  const q = args.q ? substituteMe(args.q, (await context.principal()).id) : args.q;
  return findPage(
    task.listSpec,
    { ...args, q },
    listThroughDriver(context.read, "workflow_task", taskColumns, await taskScope.condition(context), {
      items: (query) => context.db.task.findMany(query),
      total: (where) => context.db.task.count({ where }),
    }),
  );
}

builder.graphCrud({
  resource: task,
  ref: TaskRef,
  load: async (id, context) => taskScope.reachable(context, await loadByUuid(context.loaders.taskById, id)),
  page: taskPage,
  create: async (body, context) => {
    const county = await countyOfNewRecord(context, { type: body.subjectType, id: body.subjectId });
    return inTransaction(context, (work) => createTask(work, body, { county }));
  },
  update: async (id, body, context) => {
    await taskScope.requireInReach(context, id);
    return inTransaction(context, (work) => updateTask(work, id, body));
  },
  delete: async (id, context) => {
    await taskScope.requireInReach(context, id);
    return inTransaction(context, (work) => deleteTask(work, id));
  },
  descriptions: {
    list: "Tasks, most urgent first by default; `assignedToId:me` in q means the caller.",
    update: "Changes what describes the task; its status, assignment, queue and priority change through its actions.",
    delete: "Deletes the task permanently (with its timers); returns the id deleted.",
  },
});

/** The program enum, for other fields that filter by program. */
export const ProgramType = builder.enumTypeOf(task.declaration.fields.programType) as PothosSchemaTypes.EnumRef<
  Types,
  (typeof task.declaration.fields.programType.values)[number]
>;

export type { Task };
