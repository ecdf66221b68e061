import type { Logger } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import type { Task } from "@pap/db";
import type { ConsumerContext, ConsumerDefinition } from "@pap/events";
import { applicationTaskKinds, type ApplicationTaskKind } from "../config/application-tasks";
import type { WorkflowConfig } from "../config/deployment";
import type { TaskStatus } from "../contract/task";
import {
  applicationTaskReactions,
  countyChangedData,
  followingTaskOf,
  intakeEventTypes,
  reactionTypeOf,
  reviewTaskOf,
  stepsToEnd,
  submittedData,
  type TaskMove,
} from "../domain/application-tasks";
import { taskMachine } from "../domain/task-machine";
import { createTask, expediteTask, findLockedTask, relocateTask, transitionTask } from "../operations/tasks";
import { routedQueueId, type WorkflowWork } from "../operations/work";

const closed: readonly TaskStatus[] = ["completed", "cancelled"];

type Reacting = { work: WorkflowWork; event: ConsumerContext["event"]; logger?: Logger };

/** The application's tasks of one kind, oldest first. */
function tasksOf(work: WorkflowWork, applicationId: string, kind: ApplicationTaskKind): Promise<Task[]> {
  return work.tx.task.findMany({
    where: { subjectType: "application", subjectId: applicationId, taskType: applicationTaskKinds[kind].taskType },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/**
 * One move on each of the application's tasks of its kind. Each task is locked before its status is
 * read, so a worker acting on it at the same moment is seen: the move follows from where the task
 * really is, and one deleted meanwhile is left alone.
 */
async function move({ work, event, logger }: Reacting, applicationId: string, step: TaskMove): Promise<void> {
  for (const listed of await tasksOf(work, applicationId, step.kind)) {
    const task = await findLockedTask(work, listed.id);
    if (!task) continue;
    if ("expedite" in step) {
      await expediteTask(work, task);
      continue;
    }
    if ("relocate" in step) {
      const data = countyChangedData.safeParse(event.data);
      if (data.success) await relocateTask(work, task, data.data.county);
      continue;
    }
    const actions =
      "end" in step
        ? stepsToEnd(task.status as TaskStatus, step.end)
        : isAllowedFrom(taskMachine, step.action, task.status)
          ? [{ action: step.action, body: step.body ?? {} }]
          : [];
    if (actions.length === 0 && !closed.includes(task.status as TaskStatus)) {
      logger?.info(
        { taskId: task.id, status: task.status, event: event.type },
        "application task left as it is: the system has no move for its state",
      );
    }
    // The steps come from the locked task's own status and are checked against the machine (the unit
    // test of domain/application-tasks.ts), so a refusal here is a fault, left to the consumer's retries.
    for (const { action, body } of actions) await transitionTask(work, task.id, action, systemPrincipal, body);
  }
}

/**
 * Opens the application's review task once, however often the filing is delivered: one review per
 * application. Its clocks count from the filing, not from when this reaction ran.
 */
async function openReview({ work, event, logger }: Reacting, applicationId: string): Promise<void> {
  if ((await tasksOf(work, applicationId, "review")).length > 0) return;
  const data = submittedData.safeParse(event.data);
  if (!data.success) {
    // Retrying cannot repair an event's data; refusing it would hold up every later application.
    logger?.warn({ eventId: event.id, issues: data.error.issues }, "application filing without programs: no review task");
    return;
  }
  const { body, routing } = reviewTaskOf(applicationId, data.data, work.config.applicationClocks);
  const queueId = await routedQueueId(work.tx, work.config.routing, { ...routing, county: data.data.county ?? null });
  await createTask(
    work,
    { ...body, ...(queueId && { queueId }) },
    { clocksStartAt: new Date(event.time), county: data.data.county ?? null },
  );
}

/** Opens a task of `kind` that follows the review (the determination's approval), unless one is still open. */
async function openFollowing({ work }: Reacting, applicationId: string, kind: ApplicationTaskKind): Promise<void> {
  const existing = await tasksOf(work, applicationId, kind);
  if (existing.some((task) => !closed.includes(task.status as TaskStatus))) return;
  const review = (await tasksOf(work, applicationId, "review")).at(-1) ?? null;
  await createTask(work, followingTaskOf(kind, applicationId, review), { county: review?.county ?? null });
}

/**
 * The workflow's reactions to an application's lifecycle in intake: a filing opens its review task,
 * routed by the application's programs and prioritized by its expedited screening; a determination
 * needing approval sends the review to review and opens an approval task; a rejected determination
 * returns the review to its worker and ends the approval; a closed or withdrawn application ends its
 * open tasks; an application eligibility finds expedited after filing makes its review task expedited. Each acts as the system through the task machine, caused by intake's event, so the
 * tasks' events, SLA clocks and timers follow as for any action.
 */
export function applicationReactions(options: { config: () => WorkflowConfig; logger?: Logger }): ConsumerDefinition {
  return {
    name: "workflow.application-tasks",
    filter: { types: [...intakeEventTypes] },
    async handle({ tx, event, events, clock, calendar }: ConsumerContext) {
      const type = reactionTypeOf(event.type);
      if (!type) return;
      // Each of these names the application as its subject, the determination's events too.
      const applicationId = event.subject;
      const reacting: Reacting = { work: { tx, events, clock, calendar, config: options.config() }, event, logger: options.logger };
      const reaction = applicationTaskReactions[type];
      for (const step of reaction.moves) await move(reacting, applicationId, step);
      if (reaction.opens === "review") await openReview(reacting, applicationId);
      else if (reaction.opens) await openFollowing(reacting, applicationId, reaction.opens);
    },
  };
}
