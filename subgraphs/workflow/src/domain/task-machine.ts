import { isUuid } from "@pap/core";
import { defineMachine, isAllowedFrom, type Clause, type MachineCaller } from "@pap/kernel/state-machine";
import { roleWithInherited } from "@pap/kernel/auth";
import type { Task } from "@pap/db";
import { z } from "zod";
import type { TimerType } from "./events";
import { routinePriority } from "./routing";
import type { TaskStatus } from "../contract/task-status";

/** How a task state treats its SLA clocks: counting, paused (by default; a type may say otherwise), or ended. */
export type SlaClock = "running" | "paused" | "stopped";

/** What routing looks at: the task's program, and (once intake can be asked) the application it concerns. */
export type RoutedTask = Pick<Task, "programType" | "subjectType" | "subjectId" | "county" | "isExpedited">;

/** What the task's actions borrow from the domain: routing needs the queues in the database. */
export type TaskEnv = {
  /** The id of the queue routing puts this task in (assignToQueue), from what it concerns. */
  routedQueueId(task: RoutedTask): Promise<string | null>;
  /** Refuses (422) a queue id that names no queue. */
  requireQueue(queueId: string): Promise<void>;
  /** Refuses (422, naming `field`) a user id that names no active user account: work goes only to real, active accounts. */
  requireActiveUser(userId: string, field: string): Promise<void>;
};

/** A waiting state gives up after a while: the timer it sets on entry, cancelled when the task leaves it. */
/** A waiting state's timeout: an ISO-8601 duration on the calendar (local days, whatever the clocks do). */
export type StateWait = { timer: TimerType; after: string };
export type TaskStateInfo = { slaClock: SlaClock; wait?: StateWait };

type Guards = "callerHasAccount" | "claimableByCaller" | "callerIsAssignedWorker";

const reason = z.string().trim().min(1, "is required").max(2000);
const notes = z.string().max(2000).optional();
const outcome = z.string().trim().min(1, "is required").max(200);
const withReason = z.strictObject({ reason });
const withNotes = z.strictObject({ notes });
const slaEscalationReasons = ["deadline_exceeded", "sla_deadline_approaching", "sla_deadline_exceeded"] as const;

const worker = ["case_worker", "supervisor"] as const;
const assignedWorker: Clause<Guards> = { actors: worker, guards: ["callerIsAssignedWorker"] };
const supervisor: Clause<Guards> = { actors: ["supervisor"] };
const system: Clause<Guards> = { actors: ["system"] };

/** Back to the queue routing picks, at routine priority: what release, de-escalate and reopen do. */
const requeue = async (task: Task, env: TaskEnv) => ({ queueId: await env.routedQueueId(task), priority: routinePriority(task) });

/**
 * The task lifecycle (the workflow contract's state machine). Who may act is checked after the state,
 * in the contract's order; `supervisor` includes county and state administrators, who inherit it.
 */
export const taskMachine = defineMachine<Task, TaskStatus, string, Guards, TaskEnv, TaskStateInfo>({
  resource: "task",
  initial: "pending",
  states: {
    pending: { slaClock: "running", description: "Waiting in a queue to be claimed." },
    in_progress: { slaClock: "running", description: "Claimed and being worked." },
    escalated: { slaClock: "running", description: "Raised to a supervisor." },
    pending_review: { slaClock: "running", description: "Waiting for a supervisor's review." },
    awaiting_client: {
      slaClock: "paused",
      wait: { timer: "client_timeout", after: "P30D" },
      description: "Waiting on the client; cancelled after 30 days.",
    },
    awaiting_verification: {
      slaClock: "paused",
      wait: { timer: "verification_timeout", after: "P7D" },
      description: "Waiting on a verification; resumed automatically after 7 days.",
    },
    completed: { slaClock: "stopped", description: "Done." },
    cancelled: { slaClock: "stopped", description: "Dropped; a supervisor may reopen it." },
  },
  guards: {
    // The id the machine sees is one the operations layer found to be an active account (see `withAccount`).
    callerHasAccount: {
      test: (_task, caller) => isUuid(caller.id),
      refusal: "the caller's credential names no active user account to assign the task to",
    },
    // The contract says "unassigned"; a task a supervisor assigned to you (assign keeps it pending) must be claimable by you too.
    claimableByCaller: {
      test: (task, caller) => task.assignedToId === null || task.assignedToId === caller.id,
      refusal: "the task is assigned to someone else",
    },
    callerIsAssignedWorker: {
      test: (task, caller) => task.assignedToId !== null && task.assignedToId === caller.id,
      refusal: "only the worker the task is assigned to may do this",
    },
  },
  actions: {
    claim: {
      description: "Takes the task: it is assigned to the caller and started.",
      from: ["pending"],
      to: "in_progress",
      who: [{ actors: worker, guards: ["callerHasAccount", "claimableByCaller"] }],
      effects: (_task, { caller, now }) => ({ assignedToId: caller.id!, startedAt: now }),
      emits: (task) => ({ name: "task.claimed", data: { assignedToId: task.assignedToId } }),
    },
    complete: {
      description: "Finishes the task with an outcome; `createFollowUp` opens a pending copy of it.",
      from: ["in_progress"],
      to: "completed",
      who: [assignedWorker, system],
      body: z.strictObject({
        outcome,
        notes,
        createFollowUp: z.boolean().optional().describe("Open a pending copy of the task as it completes."),
      }),
      effects: (_task, { body, now }) => ({ completedAt: now, outcome: body.outcome, completionNotes: body.notes ?? null }),
      emits: (task) => ({ name: "task.completed", data: { outcome: task.outcome } }),
    },
    release: {
      description: "Hands the task back: unassigned, routed to its queue again, routine priority.",
      from: ["in_progress"],
      to: "pending",
      who: [assignedWorker],
      body: withReason,
      effects: async (task, { env }) => ({ assignedToId: null, ...(await requeue(task, env)) }),
      emits: (_task, { body }) => ({ name: "task.released", data: { reason: body.reason } }),
    },
    escalate: {
      description: "Raises the task to a supervisor.",
      from: ["pending", "in_progress"],
      to: "escalated",
      who: [assignedWorker, supervisor],
      body: withReason,
      effects: (task, { now }) => ({ escalatedAt: now, priority: routinePriority(task) }),
      emits: (_task, { body }) => ({ name: "task.escalated", data: { reason: body.reason } }),
    },
    "de-escalate": {
      description: "Returns an escalated task to its queue at routine priority.",
      from: ["escalated"],
      to: "pending",
      who: [supervisor],
      body: withNotes,
      effects: (task, { env }) => requeue(task, env),
      emits: () => ({ name: "task.de-escalated" }),
    },
    cancel: {
      description: "Drops the task.",
      from: ["pending", "in_progress", "escalated"],
      to: "cancelled",
      who: [supervisor, system],
      body: withReason,
      effects: (_task, { now }) => ({ cancelledAt: now }),
      emits: (_task, { body }) => ({ name: "task.cancelled", data: { reason: body.reason } }),
    },
    reopen: {
      description: "Brings a cancelled task back to its queue.",
      from: ["cancelled"],
      to: "pending",
      who: [supervisor],
      body: withReason,
      effects: async (task, { env }) => ({ cancelledAt: null, ...(await requeue(task, env)) }),
      emits: (_task, { body }) => ({ name: "task.reopened", data: { reason: body.reason } }),
    },
    "await-client": {
      description:
        "Waits on the client: SLA clocks pause; after 30 days the task is cancelled. The system takes it for a review whose household missed its SNAP interview.",
      from: ["in_progress"],
      to: "awaiting_client",
      who: [assignedWorker, system],
      body: withNotes,
      effects: (_task, { now }) => ({ blockedAt: now }),
      emits: () => ({ name: "task.awaiting_client" }),
    },
    "await-verification": {
      description: "Waits on a verification: SLA clocks pause; after 7 days work resumes.",
      from: ["in_progress"],
      to: "awaiting_verification",
      who: [assignedWorker],
      body: withNotes,
      effects: (_task, { now }) => ({ blockedAt: now }),
      emits: () => ({ name: "task.awaiting_verification" }),
    },
    resume: {
      description: "Ends a wait: SLA clocks run again, deadlines pushed out by the time waited.",
      from: ["awaiting_client", "awaiting_verification"],
      to: "in_progress",
      who: [assignedWorker, supervisor],
      effects: () => ({ blockedAt: null }),
      emits: () => ({ name: "task.resumed" }),
    },
    "auto-resume": {
      description: "System: ends a verification wait (its timeout, or the verification arrived).",
      from: ["awaiting_verification"],
      to: "in_progress",
      who: [system],
      body: z.strictObject({ causationid: z.uuid({ message: "must be a uuid" }).optional() }),
      effects: () => ({ blockedAt: null }),
      emits: (_task, { body }) => ({ name: "task.resumed", ...(body.causationid && { causationid: body.causationid }) }),
    },
    "sla-escalate": {
      description: "System: escalates for a deadline (creation deadline passed, SLA deadline approaching or passed).",
      from: ["pending", "in_progress", "escalated"],
      to: "escalated",
      who: [system],
      body: z.strictObject({ reason: z.enum(slaEscalationReasons, { message: `must be one of: ${slaEscalationReasons.join(", ")}` }) }),
      effects: (task, { now }) => ({ escalatedAt: task.escalatedAt ?? now, priority: routinePriority(task) }),
      emits: (_task, { body }) => ({
        name: body.reason === "sla_deadline_exceeded" ? "task.sla_breached" : "task.escalated",
        data: { reason: body.reason },
      }),
    },
    "auto-cancel": {
      description: "System: cancels a task whose client never answered.",
      from: ["awaiting_client"],
      to: "cancelled",
      who: [system],
      effects: (_task, { now }) => ({ cancelledAt: now }),
      emits: () => ({ name: "task.cancelled", data: { reason: "client_unresponsive" } }),
    },
    "submit-for-review": {
      description: "Sends the task to a supervisor for review.",
      from: ["in_progress", "escalated"],
      to: "pending_review",
      who: [assignedWorker, system],
      emits: () => ({ name: "task.submitted_for_review" }),
    },
    approve: {
      description: "Approves the reviewed task, completing it with an outcome.",
      from: ["pending_review"],
      to: "completed",
      who: [supervisor, system],
      body: z.strictObject({ outcome, notes }),
      effects: (_task, { body, now }) => ({ completedAt: now, outcome: body.outcome, completionNotes: body.notes ?? null }),
      emits: (task) => ({ name: "task.approved", data: { outcome: task.outcome } }),
    },
    "return-to-worker": {
      description: "Sends the reviewed task back to its worker (the assignment is kept).",
      from: ["pending_review"],
      to: "in_progress",
      who: [supervisor, system],
      body: withReason,
      emits: (_task, { body }) => ({ name: "task.returned_to_worker", data: { reason: body.reason } }),
    },
    assign: {
      description: "Assigns the task to a worker, and moves it to `queueId` when one is given.",
      from: ["pending", "in_progress", "escalated", "awaiting_client", "awaiting_verification", "pending_review"],
      who: [supervisor],
      body: z.strictObject({
        assignedToId: z.uuid({ message: "must be a uuid" }),
        queueId: z.uuid({ message: "must be a uuid" }).optional(),
      }),
      effects: async (_task, { body, env }) => {
        if (body.queueId) await env.requireQueue(body.queueId);
        await env.requireActiveUser(body.assignedToId, "assignedToId");
        return { assignedToId: body.assignedToId, ...(body.queueId && { queueId: body.queueId }) };
      },
      emits: (task) => ({ name: "task.assigned", data: { assignedToId: task.assignedToId, queueId: task.queueId } }),
    },
    "set-priority": {
      description: "Sets the priority (1 expedited, 2 high, 3 normal, 4 low).",
      from: ["pending", "in_progress", "escalated", "awaiting_client", "awaiting_verification", "pending_review"],
      who: [supervisor],
      body: z.strictObject({
        priority: z
          .number({ message: "must be an integer 1 to 4" })
          .int("must be an integer 1 to 4")
          .min(1, "must be 1 to 4")
          .max(4, "must be 1 to 4")
          .describe("1 to 4."),
        reason: z.string().max(2000).optional(),
      }),
      effects: (_task, { body }) => ({ priority: body.priority }),
      emits: (_task, { body }) => ({
        name: "task.priority_changed",
        data: { priority: body.priority, ...(body.reason !== undefined && { reason: body.reason }) },
      }),
    },
  },
});

export const taskActionNames = Object.keys(taskMachine.actions);

/** The guards that compare the task with who the caller is: they must see the caller's account, not the credential's id. */
const callerIdentityGuards: ReadonlySet<Guards> = new Set(["callerHasAccount", "claimableByCaller", "callerIsAssignedWorker"]);

/**
 * Whether any of `actions`, from `state`, judges the caller as a worker: a clause the caller's roles
 * qualify for has a guard on who the caller is. Only then need the caller's account be looked up (the
 * guards themselves are synchronous tests of the task and the caller); other actions, and callers no
 * such clause names (the system, a supervisor assigning), cost no query.
 */
export function needsCallerAccount(state: string, caller: MachineCaller, actions: readonly string[] = taskActionNames): boolean {
  const roles = new Set(caller.roles.flatMap(roleWithInherited));
  return actions.some(
    (action) =>
      isAllowedFrom(taskMachine, action, state) &&
      taskMachine.actions[action]!.who.some(
        (clause) => clause.guards?.some((guard) => callerIdentityGuards.has(guard)) && clause.actors.some((actor) => roles.has(actor)),
      ),
  );
}

/**
 * The caller as the machine sees them once their account has been looked up: the account's id when
 * the credential names an active user account (by user id, or by the identity provider's subject as
 * a proxy's X-Caller-Id does); otherwise no id at all, so `callerHasAccount` refuses (409) and no task
 * is theirs. A token naming no user, or outliving its account's deactivation, is still a valid
 * credential, but names nobody to give work to.
 */
export const withAccount = (caller: MachineCaller, account: { id: string } | null): MachineCaller =>
  account ? { ...caller, id: account.id } : { roles: caller.roles };

export const slaClockOf = (status: TaskStatus): SlaClock => taskMachine.states[status].slaClock;

/** A task is open until it reaches a state that stops its clocks (completed, cancelled). */
export const openTaskStatuses = (Object.keys(taskMachine.states) as TaskStatus[]).filter((status) => slaClockOf(status) !== "stopped");
export const isOpen = (task: { status: string }) => (openTaskStatuses as readonly string[]).includes(task.status);
