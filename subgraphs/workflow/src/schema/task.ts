import type { Task } from "@pap/db";
import { availableActions, defineListType, enumTypeOf, findPage, graphFieldsOf, inputTypeOf, listArguments, loadByUuid, parseBody, substituteMe } from "@pap/kernel";
import { builder, type Types } from "../builder";
import { inTransaction, type WorkflowContext } from "../context";
import { task, type TaskCreate, type TaskUpdate } from "../contract/task";
import { needsCallerAccount, taskMachine, withAccount } from "../domain/task-machine";
import { createTask, deleteTask, updateTask } from "../operations/tasks";
import { QueueRef } from "./queue";

/** The caller as the task machine sees them. */
export async function machineCaller(context: WorkflowContext) {
  const principal = await context.principal();
  return { id: principal.id, roles: principal.roles };
}

export const TaskRef = builder.prismaObject("Task", {
  authScopes: { permission: "tasks:read" },
  description: task.declaration.description,
  fields: (t) =>
    graphFieldsOf(builder, t, task.declaration.fields, {
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
          const caller = await machineCaller(context);
          const seen = needsCallerAccount(found.status, caller) ? withAccount(caller, caller.id ? await context.loaders.activeAccountOf.load(caller.id) : null) : caller;
          return availableActions(taskMachine, found, seen);
        },
      }),
    }) as never,
});

builder.asEntity(TaskRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.taskById, reference.id),
});

const TaskList = defineListType(builder, "TaskList", TaskRef);

const TaskCreateInput = inputTypeOf(builder, task.declaration, "create") as PothosSchemaTypes.InputObjectRef<Types, TaskCreate>;
const TaskUpdateInput = inputTypeOf(builder, task.declaration, "update") as PothosSchemaTypes.InputObjectRef<Types, TaskUpdate>;

builder.queryFields((t) => ({
  task: t.field({
    authScopes: { permission: "tasks:read" },
    type: TaskRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadByUuid(context.loaders.taskById, id),
  }),
  tasks: t.field({
    authScopes: { permission: "tasks:read" },
    type: TaskList,
    description: "Tasks, most urgent first by default; `assignedToId:me` in q means the caller.",
    args: listArguments(t.arg),
    resolve: async (_root, args, context) => {
      const q = args.q ? substituteMe(args.q, (await context.principal()).id) : args.q;
      return findPage(task.listSpec, { ...args, q }, { items: (query) => context.db.task.findMany(query), total: (where) => context.db.task.count({ where }) });
    },
  }),
}));

builder.mutationFields((t) => ({
  createTask: t.field({
    authScopes: { permission: "tasks:create" },
    type: TaskRef,
    args: { input: t.arg({ type: TaskCreateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(task.createBody, task.bodyFromInput(args.input));
      return inTransaction(context, (work) => createTask(work, body));
    },
  }),
  updateTask: t.field({
    authScopes: { permission: "tasks:update" },
    type: TaskRef,
    description: "Changes what describes the task; its status, assignment, queue and priority change through its actions.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TaskUpdateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(task.updateBody, task.bodyFromInput(args.input));
      return inTransaction(context, (work) => updateTask(work, String(args.id), body));
    },
  }),
  deleteTask: t.id({
    authScopes: { permission: "tasks:delete" },
    description: "Deletes the task permanently (with its timers); returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      await inTransaction(context, (work) => deleteTask(work, id));
      return id;
    },
  }),
}));

/** The program enum, for other fields that filter by program. */
export const ProgramType = enumTypeOf(builder, task.declaration.fields.programType) as PothosSchemaTypes.EnumRef<Types, (typeof task.declaration.fields.programType.values)[number]>;

export type { Task };
