import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The workflow domain's events; subject = the task's (or queue's) id. */
export const workflowEvents = defineDomainEvents("workflow", "/workflow", {
  ...crudEventTypes("task", "task"),
  ...crudEventTypes("queue", "queue"),
  "task.claimed": "A worker claimed the task; data: assignedToId.",
  "task.completed": "The assigned worker (or the system) completed the task; data: outcome.",
  "task.released": "The assigned worker handed the task back to its queue; data: reason.",
  "task.escalated":
    "The task was escalated, by a person or because an SLA deadline approached or the creation deadline passed; data: reason.",
  "task.de-escalated": "A supervisor returned an escalated task to the queue.",
  "task.cancelled": "The task was cancelled; data: reason (client_unresponsive when the client wait timed out).",
  "task.reopened": "A supervisor reopened a cancelled task; data: reason.",
  "task.awaiting_client": "Work waits on the client; SLA clocks pause.",
  "task.awaiting_verification": "Work waits on a verification; SLA clocks pause.",
  "task.resumed": "Work resumed after a wait; paused SLA clocks run again with their deadlines pushed out.",
  "task.sla_breached": "An SLA deadline passed while the task was open; data: reason.",
  "task.submitted_for_review": "The task went to a supervisor for review.",
  "task.approved": "A supervisor (or the system) approved the reviewed task; data: outcome.",
  "task.returned_to_worker": "A supervisor (or the system) returned the reviewed task to its worker; data: reason.",
  "task.assigned": "A supervisor assigned the task; data: assignedToId, queueId.",
  "task.priority_changed": "A supervisor changed the task's priority; data: priority, reason.",
  creation_deadline: "Timer: 72 business hours have passed since the task was created; data: timerId.",
  sla_warning: "Timer: a running SLA clock of the task reached its warning threshold; data: timerId.",
  sla_breach: "Timer: the task's earliest SLA deadline arrived; data: timerId.",
  client_timeout: "Timer: the task has waited 30 days on the client; data: timerId.",
  verification_timeout: "Timer: the task has waited 7 days on a verification; data: timerId.",
});

export const taskChanges = crudDrafts(workflowEvents, "task");
export const queueChanges = crudDrafts(workflowEvents, "queue");

export const timerTypes = ["creation_deadline", "sla_warning", "sla_breach", "client_timeout", "verification_timeout"] as const;
export type TimerType = (typeof timerTypes)[number];

/** The timers that follow a task's SLA clocks: their next warning and breach. */
export const slaTimerTypes = ["sla_warning", "sla_breach"] as const satisfies readonly TimerType[];

/** A task's timer of one kind has one id, so setting it again moves it and cancelling needs nothing but the id. */
export const timerId = (type: TimerType, taskId: string) => `workflow.${type}.${taskId}`;
