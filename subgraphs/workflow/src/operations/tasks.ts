import { notFound } from "@pap/core";
import { planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import { findLocked, type Task } from "@pap/db";
import { cancelTimers } from "@pap/events";
import { taskChanges, workflowEvents } from "../domain/events";
import { routinePriority } from "../domain/routing";
import { nameForTaskType } from "../domain/task-name";
import { expeditedClocks } from "../domain/application-tasks";
import { evaluateClocks, slaColumns, slaEntriesOf, slaTypesForNewTask, startClocks } from "../domain/sla";
import { task as taskResource, type TaskCreate, type TaskUpdate } from "../contract/task";
import { needsCallerAccount, taskMachine, withAccount } from "../domain/task-machine";
import { allTaskTimers, startTaskTimers, syncTaskTimers } from "./timers";
import { activeAccount, routedQueueId, taskEnv, type WorkflowWork } from "./work";

const unstated = { taskType: null, subjectType: null, subjectId: null, programType: null, isExpedited: false };

/**
 * Creates a task: named from its type when the body gives no name; routed to its queue and given its
 * routine priority when the body names neither; with its SLA clocks (named, plus rule-assigned) started now, its `created` event, and its timers.
 * A reaction to something that happened earlier (an application's filing) may start the clocks at
 * that moment instead, as deadlines counted from it require; never later than now.
 */
/** A new task; `county` is where it belongs (county scoping): its subject's, or its creator's. */
export async function createTask(
  work: WorkflowWork,
  body: TaskCreate,
  options: { clocksStartAt?: Date; county?: string | null } = {},
): Promise<Task> {
  const { tx } = work;
  const now = work.clock.now();
  const env = taskEnv(tx, work.config.routing);
  // What routing, priority and SLA rules read of a task that does not say.
  const draft = {
    ...unstated,
    ...(taskResource.columnsOf(body) as Partial<Task>),
    name: body.name ?? nameForTaskType(body.taskType),
    status: "pending",
    county: options.county ?? null,
  } as const;
  if (body.queueId) await env.requireQueue(body.queueId);
  if (body.assignedToId) await env.requireActiveUser(body.assignedToId, "assignedToId");
  const codes = slaTypesForNewTask(body.slaInfo?.map((entry) => entry.slaTypeCode) ?? [], draft, work.config.slaTypes);
  const start = options.clocksStartAt && options.clocksStartAt < now ? options.clocksStartAt : now;
  const clocks = evaluateClocks(startClocks(codes, work.config.slaTypes, start, work.calendar), work.config.slaTypes, "pending", now);
  const task = await tx.task.create({
    data: {
      ...draft,
      queueId: body.queueId ?? (await env.routedQueueId(draft)),
      priority: body.priority ?? routinePriority(draft),
      ...slaColumns(clocks),
      createdAt: now,
      updatedAt: now,
    },
  });
  const [created] = await work.events.record(tx, taskChanges.created(task.id, taskResource.snapshot(task)));
  await startTaskTimers(work, task, created!);
  return task;
}

/** The task, its row locked for the rest of the transaction; null when there is none. */
export async function findLockedTask(work: WorkflowWork, id: string): Promise<Task | null> {
  return findLocked(work.tx, "workflow_task", id, () => work.tx.task.findUnique({ where: { id } }));
}

async function lockedTask(work: WorkflowWork, id: string): Promise<Task> {
  const task = await findLockedTask(work, id);
  if (!task) throw notFound("Task", id);
  return task;
}

/** What a follow-up copies of the completed task: the work it describes and where it waits, not its assignment, outcome or SLA clocks. */
const followUpOf = (task: Task): TaskCreate => {
  const { name, description, taskType, subjectType, subjectId, programType, isExpedited, queueId, priority } = task;
  return { name, description, taskType, subjectType, subjectId, programType, isExpedited, queueId, priority };
};

/**
 * Runs one action of the task machine on the task, under its row lock: two callers racing on the same
 * task act one after the other, and the second sees the first's result (so one of two claims gets
 * 409). An action that takes the caller as a worker (claim) sees them by their active user account,
 * looked up here; without one the machine's `callerHasAccount` refuses. The SLA clocks are brought up
 * to date for the new state, and the change, its events and its timers commit together.
 */
export async function transitionTask(
  work: WorkflowWork,
  id: string,
  action: string,
  caller: MachineCaller,
  body: unknown,
  options: { timerFired?: boolean } = {},
): Promise<Task> {
  const { tx } = work;
  const before = await lockedTask(work, id);
  const now = work.clock.now();
  const actor = needsCallerAccount(before.status, caller, [action]) ? withAccount(caller, await activeAccount(tx, caller.id)) : caller;
  const plan = await planTransition(taskMachine, action, before, actor, body, taskEnv(tx, work.config.routing), now);
  const clocks = evaluateClocks(slaEntriesOf(before.slaInfo), work.config.slaTypes, plan.to, now);
  const { id: _id, ...changes } = plan.changes as Partial<Task>;
  const after = await tx.task.update({ where: { id }, data: { ...changes, ...slaColumns(clocks), updatedAt: now } });
  const events = await work.events.record(tx, ...workflowEvents.emitted(plan.emissions, id));
  await syncTaskTimers(work, before, after, events[0], options);
  if (action === "complete" && (body as { createFollowUp?: unknown } | null)?.createFollowUp === true)
    await createTask(work, followUpOf(after));
  return after;
}

/** PATCH: the descriptive fields; a change of expedited flag or program re-derives priority and routing as the contract's reactions do. */
export async function updateTask(work: WorkflowWork, id: string, body: TaskUpdate): Promise<Task> {
  const { tx } = work;
  const before = await lockedTask(work, id);
  const now = work.clock.now();
  const described = taskResource.columnsOf(body) as Partial<Task>;
  const merged = { ...before, ...described };
  const expeditedChanged = described.isExpedited !== undefined && described.isExpedited !== before.isExpedited;
  const programChanged = described.programType !== undefined && described.programType !== before.programType;
  const derived: Partial<Task> = {
    ...((expeditedChanged || programChanged) && { priority: routinePriority(merged) }),
    ...(programChanged && { queueId: await taskEnv(tx, work.config.routing).routedQueueId(merged) }),
  };
  const clocks = evaluateClocks(slaEntriesOf(before.slaInfo), work.config.slaTypes, before.status, now);
  const after = await tx.task.update({ where: { id }, data: { ...described, ...derived, ...slaColumns(clocks), updatedAt: now } });
  const [updated] = await work.events.record(tx, taskChanges.updated(id, taskResource.snapshot(before), taskResource.snapshot(after)));
  await syncTaskTimers(work, before, after, updated);
  return after;
}

/** Moves a task (`before`, read under its row lock) to the county its subject now belongs to, with its event; one already there is left as it is. */
export async function relocateTask(work: WorkflowWork, before: Task, county: string | null): Promise<Task | null> {
  if (before.county === county) return null;
  // A task waiting in its old county's queue goes to the new county's (or the state's); one a worker put elsewhere stays there.
  const wasRouted = before.queueId === (await routedQueueId(work.tx, work.config.routing, before));
  const queueId = wasRouted ? await routedQueueId(work.tx, work.config.routing, { ...before, county }) : before.queueId;
  const after = await work.tx.task.update({ where: { id: before.id }, data: { county, queueId, updatedAt: work.clock.now() } });
  await work.events.record(work.tx, taskChanges.updated(before.id, taskResource.snapshot(before), taskResource.snapshot(after)));
  return after;
}

/**
 * Makes an open task expedited (`before`, read under its row lock), as the system does when its
 * application is found expedited after filing: priority as routing gives it, and its standard clocks
 * swapped for the expedited ones (`expeditedClocks`); its timers follow. A task already expedited, or closed, is left as it is.
 */
export async function expediteTask(work: WorkflowWork, before: Task): Promise<Task | null> {
  const { tx } = work;
  const { id } = before;
  if (before.isExpedited || before.status === "completed" || before.status === "cancelled") return null;
  const now = work.clock.now();
  const swapped = expeditedClocks(slaEntriesOf(before.slaInfo), work.config.slaTypes, work.config.applicationClocks);
  const clocks = evaluateClocks(swapped, work.config.slaTypes, before.status, now);
  const after = await tx.task.update({
    where: { id },
    data: { isExpedited: true, priority: routinePriority({ isExpedited: true }), ...slaColumns(clocks), updatedAt: now },
  });
  const [updated] = await work.events.record(tx, taskChanges.updated(id, taskResource.snapshot(before), taskResource.snapshot(after)));
  await syncTaskTimers(work, before, after, updated);
  return after;
}

/** Deletes a task for good, with its timers; answers whether there was one. */
export async function deleteTask(work: WorkflowWork, id: string): Promise<void> {
  await lockedTask(work, id);
  await work.tx.task.delete({ where: { id } });
  await work.events.record(work.tx, taskChanges.deleted(id));
  await cancelTimers(work, allTaskTimers(id));
}
