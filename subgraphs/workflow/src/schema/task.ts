import type { Task } from "@pap/db";
import { availableActions, defineListType, givenFields, findPage, listArguments, loadByUuid, parseBody, substituteMe } from "@pap/kernel";
import { builder } from "../builder";
import { inTransaction, type WorkflowContext } from "../context";
import { slaTypeCodes } from "../config/sla-types";
import { publicSlaInfo, slaEntriesOf, slaStatuses, type PublicSlaEntry } from "../domain/sla";
import { programTypes, taskCreateBody, taskListSpec, taskStatuses, taskUpdateBody } from "../domain/task";
import { needsCallerAccount, taskMachine, withAccount } from "../domain/task-machine";
import { createTask, deleteTask, updateTask } from "../operations/tasks";
import { QueueRef } from "./queue";

export const TaskStatus = builder.enumType("TaskStatus", { values: taskStatuses });
export const ProgramType = builder.enumType("ProgramType", { values: programTypes });
const SlaTypeCode = builder.enumType("SlaTypeCode", { values: slaTypeCodes });
const SlaStatus = builder.enumType("SlaStatus", { values: slaStatuses });

const SlaEntry = builder.objectRef<PublicSlaEntry>("SlaEntry").implement({
  description: "One SLA clock on a task, kept by the SLA engine.",
  fields: (t) => ({
    slaTypeCode: t.field({ type: SlaTypeCode, resolve: (entry) => entry.slaTypeCode as never }),
    status: t.field({ type: SlaStatus, description: "active, warning (threshold passed), paused (waiting on the client or a verification), breached, completed (in time).", resolve: (entry) => entry.status }),
    clockStartedAt: t.field({ type: "DateTime", resolve: (entry) => entry.clockStartedAt }),
    deadline: t.field({ type: "DateTime", description: "Pushed out by the time the clock stood paused.", resolve: (entry) => entry.deadline }),
  }),
});

/** The caller as the task machine sees them. */
export async function machineCaller(context: WorkflowContext) {
  const principal = await context.principal();
  return { id: principal.id, roles: principal.roles };
}

export const TaskRef = builder.prismaObject("Task", {
  authScopes: { permission: "tasks:read" },
  description: "A unit of work in a queue, with its lifecycle and SLA clocks.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    status: t.expose("status", { type: TaskStatus }),
    taskType: t.exposeString("taskType", { nullable: true }),
    subjectType: t.exposeString("subjectType", { nullable: true, description: "application, case, document, appointment (deployments add more)." }),
    subjectId: t.exposeID("subjectId", { nullable: true }),
    programType: t.expose("programType", { type: ProgramType, nullable: true }),
    isExpedited: t.exposeBoolean("isExpedited"),
    queueId: t.exposeID("queueId", { nullable: true }),
    queue: t.field({
      type: QueueRef,
      nullable: true,
      description: "The queue the task waits in (null if none, or the queue was deleted).",
      resolve: (task, _args, context) => (task.queueId ? context.loaders.queueById.load(task.queueId) : null),
    }),
    priority: t.exposeInt("priority", { description: "1 expedited, 2 high, 3 normal, 4 low." }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true }),
    escalatedAt: t.expose("escalatedAt", { type: "DateTime", nullable: true }),
    cancelledAt: t.expose("cancelledAt", { type: "DateTime", nullable: true }),
    blockedAt: t.expose("blockedAt", { type: "DateTime", nullable: true }),
    assignedToId: t.exposeID("assignedToId", { nullable: true }),
    outcome: t.exposeString("outcome", { nullable: true }),
    completionNotes: t.exposeString("completionNotes", { nullable: true }),
    slaInfo: t.field({ type: [SlaEntry], resolve: (task) => publicSlaInfo(slaEntriesOf(task.slaInfo)) }),
    slaDeadline: t.expose("slaDeadline", { type: "DateTime", nullable: true, description: "The earliest deadline among running SLA clocks." }),
    availableActions: t.stringList({
      description: "The actions the caller could take on the task now (its state, their roles and the guards), e.g. to show the right buttons.",
      resolve: async (task, _args, context) => {
        // As the actions themselves judge it: claim is offered only to an active account (looked up once per request, when it matters).
        const caller = await machineCaller(context);
        const seen = needsCallerAccount(task.status, caller) ? withAccount(caller, caller.id ? await context.loaders.activeAccountOf.load(caller.id) : null) : caller;
        return availableActions(taskMachine, task, seen);
      },
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.asEntity(TaskRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.taskById, reference.id),
});

const TaskList = defineListType(builder, "TaskList", TaskRef);

const SlaInfoInput = builder.inputType("SlaInfoInput", { fields: (t) => ({ slaTypeCode: t.field({ type: SlaTypeCode, required: true }) }) });

const describedInputFields = (t: PothosSchemaTypes.InputFieldBuilder<typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never, "InputObject">, nameRequired: boolean) => ({
  name: t.string({ required: nameRequired }),
  description: t.string(),
  taskType: t.string(),
  subjectType: t.string(),
  subjectId: t.id(),
  programType: t.field({ type: ProgramType }),
  isExpedited: t.boolean(),
});

const TaskCreateInput = builder.inputType("TaskCreateInput", {
  fields: (t) => ({
    ...describedInputFields(t, true),
    status: t.field({ type: TaskStatus, description: "Only pending: a task starts pending." }),
    queueId: t.id({ description: "Routed by program when not given." }),
    priority: t.int({ description: "1 to 4; 1 when expedited, else 3, when not given." }),
    assignedToId: t.id(),
    slaInfo: t.field({ type: [SlaInfoInput], description: "SLA clocks to start (rule-assigned ones are added)." }),
  }),
});
const TaskUpdateInput = builder.inputType("TaskUpdateInput", { fields: (t) => describedInputFields(t, false) });


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
      return findPage(taskListSpec, { ...args, q }, { items: (query) => context.db.task.findMany(query), total: (where) => context.db.task.count({ where }) });
    },
  }),
}));

builder.mutationFields((t) => ({
  createTask: t.field({
    authScopes: { permission: "tasks:create" },
    type: TaskRef,
    args: { input: t.arg({ type: TaskCreateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(taskCreateBody, givenFields(args.input));
      return inTransaction(context, (work) => createTask(work, body));
    },
  }),
  updateTask: t.field({
    authScopes: { permission: "tasks:update" },
    type: TaskRef,
    description: "Changes what describes the task; its status, assignment, queue and priority change through its actions.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TaskUpdateInput, required: true }) },
    resolve: (_root, args, context) => {
      const body = parseBody(taskUpdateBody, givenFields(args.input));
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

export type { Task };
