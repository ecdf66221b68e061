import type { Task } from "@pap/db";
import { cancelTimers, scheduleTimer, type DueTimers, type PlatformEvent, type TimerTerms } from "@pap/events";
import { slaTimerTypes, timerId, timerTypes, workflowEvents, type TimerType } from "../domain/events";
import { nextSlaMoments, slaEntriesOf } from "../domain/sla";
import { slaClockOf, taskMachine } from "../domain/task-machine";
import type { TaskStatus } from "../contract/task";
import type { WorkflowWork } from "./work";

/**
 * A task must be acted on within 72 business hours of its creation, or it is escalated: three business
 * days on the platform's calendar (weekends, federal holidays and closure days do not count).
 */
export const CREATION_DEADLINE: TimerTerms = { fireAfter: "PT72H", calendarType: "business" };

async function setTimer(work: WorkflowWork, type: TimerType, task: Task, terms: TimerTerms, cause?: PlatformEvent, options?: DueTimers) {
  await scheduleTimer(
    work,
    {
      id: timerId(type, task.id),
      ...terms,
      callback: workflowEvents.draft(type, task.id),
      ...(cause && { traceparent: cause.traceparent, causationid: cause.id }),
    },
    options,
  );
}

type SlaTimer = (typeof slaTimerTypes)[number];
type SlaMoments = Record<SlaTimer, Date | null>;

/** When a task's SLA timers should fire: its clocks' next warning and breach, none once it has stopped. */
function slaMomentsOf(work: WorkflowWork, task: Task): SlaMoments {
  if (slaClockOf(task.status) === "stopped") return { sla_warning: null, sla_breach: null };
  const next = nextSlaMoments(slaEntriesOf(task.slaInfo), work.config.slaTypes);
  return { sla_warning: next.warningAt, sla_breach: next.breachAt };
}

const sameMoment = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** The timers a new task starts with: its creation deadline and its SLA warning and breach. */
export async function startTaskTimers(work: WorkflowWork, task: Task, cause: PlatformEvent): Promise<void> {
  // A new task is created now (createdAt is the work's clock), which is what fireAfter counts from.
  await setTimer(work, "creation_deadline", task, CREATION_DEADLINE, cause);
  const moments = slaMomentsOf(work, task);
  for (const type of slaTimerTypes) {
    const at = moments[type];
    if (at) await setTimer(work, type, task, { fireAt: at }, cause);
  }
}

/**
 * Brings a task's timers in line with a change: a waiting state's timeout is set on entry and
 * cancelled on exit, a task that stops loses all its timers, and the SLA warning and breach timers
 * move when the clocks' next moments do (a pause cancels them, a resume sets them later). The stored
 * clocks say where the SLA timers stand, so only a moment that moved is written; after a timer fired
 * (`timerFired`, a timer's reaction) its row is gone, and both are set again. A timer already due is
 * left to fire: a change that finds a clock past its warning or deadline before the timer fired must
 * not cancel the escalation that timer brings.
 */
export async function syncTaskTimers(
  work: WorkflowWork,
  before: Task,
  after: Task,
  cause?: PlatformEvent,
  options: { timerFired?: boolean } = {},
): Promise<void> {
  const now = work.clock.now();
  const due = { leaveDueAt: now };
  const cancelled: string[] = [];
  for (const [state, info] of Object.entries(taskMachine.states) as Array<[TaskStatus, (typeof taskMachine.states)[TaskStatus]]>) {
    if (!info.wait) continue;
    if (after.status === state && before.status !== state)
      await setTimer(work, info.wait.timer, after, { fireAfter: info.wait.after, calendarType: "calendar" }, cause);
    if (before.status === state && after.status !== state) cancelled.push(timerId(info.wait.timer, after.id));
  }
  if (slaClockOf(after.status) === "stopped" && slaClockOf(before.status) !== "stopped")
    cancelled.push(timerId("creation_deadline", after.id));

  const was = slaMomentsOf(work, before);
  const next = slaMomentsOf(work, after);
  for (const type of slaTimerTypes) {
    if (!options.timerFired && sameMoment(was[type], next[type])) continue;
    const at = next[type];
    if (at) await setTimer(work, type, after, { fireAt: at }, cause, due);
    else cancelled.push(timerId(type, after.id));
  }
  await cancelTimers(work, cancelled, due);
}

/** Every timer a task may have, for when it is deleted. */
export const allTaskTimers = (taskId: string) => timerTypes.map((type) => timerId(type, taskId));
