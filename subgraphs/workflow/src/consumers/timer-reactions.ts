import { nothingLeftToDo, type ConsumerContext, type ConsumerDefinition } from "@pap/events";
import type { Logger } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import type { WorkflowConfig } from "../config/deployment";
import { taskChanges, timerTypes, workflowEvents, type TimerType } from "../domain/events";
import { evaluateClocks, slaColumns, slaEntriesOf, type SlaStatus } from "../domain/sla";
import { task as taskResource } from "../contract/task";
import { taskMachine } from "../domain/task-machine";
import { syncTaskTimers } from "../operations/timers";
import { findLockedTask, transitionTask } from "../operations/tasks";
import type { WorkflowWork } from "../operations/work";

/** What each timer asks of the task when it fires (the workflow contract's timer subscriptions). */
const reactions: Record<TimerType, { action: string; body: (cause: string) => unknown; slaReached?: readonly SlaStatus[] }> = {
  creation_deadline: { action: "sla-escalate", body: () => ({ reason: "deadline_exceeded" }) },
  sla_warning: { action: "sla-escalate", body: () => ({ reason: "sla_deadline_approaching" }), slaReached: ["warning", "breached"] },
  sla_breach: { action: "sla-escalate", body: () => ({ reason: "sla_deadline_exceeded" }), slaReached: ["breached"] },
  client_timeout: { action: "auto-cancel", body: () => ({}) },
  verification_timeout: { action: "auto-resume", body: (cause) => ({ causationid: cause }) },
};

/**
 * An SLA timer that fires finds the clocks as they are now: if none has actually reached the moment
 * (the task paused or closed since the timer was set), nothing happens beyond resetting the timers.
 * If one has, the task is escalated when its state allows; when it does not (a task in review), the
 * clocks' new statuses are still recorded, as an update.
 */
async function reactToSlaMoment(work: WorkflowWork, taskId: string, reached: readonly SlaStatus[], run: () => Promise<unknown>) {
  const { tx } = work;
  const before = await findLockedTask(work, taskId);
  if (!before) return;
  const now = work.clock.now();
  const clocks = evaluateClocks(slaEntriesOf(before.slaInfo), work.config.slaTypes, before.status, now);
  const due = clocks.some((clock) => reached.includes(clock.status));
  if (due && isAllowedFrom(taskMachine, "sla-escalate", before.status)) {
    await run();
    return;
  }
  // Only a change of the clocks themselves is news (an action may already have recorded what they show).
  const changed = JSON.stringify(clocks) !== JSON.stringify(slaEntriesOf(before.slaInfo));
  const after = changed ? await tx.task.update({ where: { id: taskId }, data: { ...slaColumns(clocks), updatedAt: now } }) : before;
  const [updated] = changed
    ? await work.events.record(tx, taskChanges.updated(taskId, taskResource.snapshot(before), taskResource.snapshot(after)))
    : [];
  await syncTaskTimers(work, before, after, updated, { timerFired: true });
}

/**
 * The workflow's reactions to its own timers: deadlines escalate, a client who never answers cancels
 * the task, a verification wait that runs out resumes it. Each runs as the system, caused by the
 * timer's event; a task that has moved on meanwhile (closed, no longer waiting) is left alone.
 */
export function timerReactions(options: { config: () => WorkflowConfig; logger?: Logger }): ConsumerDefinition {
  return {
    name: "workflow.task-timers",
    filter: { types: timerTypes.map((type) => workflowEvents.draft(type, "").type) },
    async handle({ tx, event, events, clock, calendar }: ConsumerContext) {
      const type = timerTypes.find((candidate) => event.type.endsWith(`workflow.${candidate}`));
      if (!type) return;
      const reaction = reactions[type];
      const work: WorkflowWork = { tx, events, clock, calendar, config: options.config() };
      const run = () =>
        transitionTask(work, event.subject, reaction.action, systemPrincipal, reaction.body(event.id), { timerFired: true });
      try {
        if (reaction.slaReached) await reactToSlaMoment(work, event.subject, reaction.slaReached, run);
        else await run();
      } catch (error) {
        // The task was deleted or has left the state the timer was for: the timer has nothing left to do.
        if (nothingLeftToDo(error)) {
          options.logger?.debug({ taskId: event.subject, timer: type, reason: error.message }, "timer found nothing to do");
          return;
        }
        throw error;
      }
    },
  };
}
