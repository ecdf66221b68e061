// The task state machine over real HTTP against PostgreSQL (SPEC §3.3, §4.4; state-machines.md §0-§1):
// every action of `taskMachine` from every state it allows, with what it sets and the event it emits;
// every action from a state it does not allow (409); the role rules (403) and the assigned-worker
// guard (409); the contract's evaluation order (401/403 → 404 → 409 state → 403 role → 409 guard →
// 422 body); complete's follow-up task; racing callers (the row lock lets one win); and the typed
// GraphQL mutations with availableActions.
//
// The expectations below restate the contract (state-machines.md §1), not the machine's own table:
// a case per action, checked against `taskMachine.actions` so that a new action without a case, or an
// action whose from-states drift from the contract, fails here.
//
// A manual clock makes every timestamp exact: each request happens one second after the previous one.
import { randomUUID } from "node:crypto";
import { ManualClock } from "@pap/core";
import type { Role } from "@pap/kernel/auth";
import { taskMachine } from "@pap/workflow/contract";
import { bearer, workerAccount } from "../support/auth";
import { useTestPlatform } from "../support/platform";
import { detailFields, expectErrorEnvelope, MISSING_ID, type HttpResponse } from "../support/expectations";
import { eventsOf } from "../support/event-log";

const clock = new ManualClock("2026-11-23T09:00:00Z");
const { api } = useTestPlatform("workflow_actions_rest", { clock });

const TASKS = "/workflow/tasks";
const SNAP_INTAKE = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
const GENERAL_INTAKE = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";

type Status =
  | "pending"
  | "in_progress"
  | "escalated"
  | "pending_review"
  | "awaiting_client"
  | "awaiting_verification"
  | "completed"
  | "cancelled";
const STATUSES: Status[] = [
  "pending",
  "in_progress",
  "escalated",
  "pending_review",
  "awaiting_client",
  "awaiting_verification",
  "completed",
  "cancelled",
];
/** How each state treats SLA clocks (contract), as the status a fresh clock shows there. */
const CLOCK_STATUS: Record<Status, string> = {
  pending: "active",
  in_progress: "active",
  escalated: "active",
  pending_review: "active",
  awaiting_client: "paused",
  awaiting_verification: "paused",
  completed: "completed",
  cancelled: "completed",
};

/** Who calls: the id the token carries and what events record as authid/authtype. */
type Caller = { id: string; authtype: string; headers: Record<string, string> };

/** A staff member with a real, active account (the workflow gives work only to those). */
const person = async (roles: Role[]): Promise<Caller> => {
  const account = await workerAccount(api, roles);
  return { id: account.id, authtype: "user", headers: account.headers };
};
const caseWorker = () => person(["case_worker"]);
/** A token alone, naming `userId`: a valid credential, whether or not any account has that id. */
const tokenOnly = async (roles: Role[], userId: string): Promise<Caller> => ({
  id: userId,
  authtype: roles.includes("system") ? "service_account" : "user",
  headers: await bearer(roles, { userId, sub: `test|${roles.join("+")}-${userId}` }),
});

let supervisor: Caller;
/** A service account: no user account behind it, and none needed for the system's actions. */
let system: Caller;
/** A case worker that tasks are assigned to (assign's `assignedToId`) without taking part otherwise. */
let bystander: Caller;
/** A user queue assign moves tasks to, and that requeueing actions must move them out of. */
let sideQueue: { id: string };

beforeAll(async () => {
  supervisor = await person(["supervisor"]);
  system = await tokenOnly(["system"], "svc-workflow-tests");
  bystander = await caseWorker();
  const response = await api.post("/workflow/queues", { name: `side-${randomUUID()}` });
  if (response.status !== 201) throw new Error(`create queue failed: ${response.status} ${JSON.stringify(response.body)}`);
  sideQueue = response.body;
});

/** A step of the manual clock: the instant the next write is stamped with. */
const tick = () => clock.advance(1000).toISOString();

async function call(taskId: string, action: string, caller: Caller, body?: unknown): Promise<HttpResponse> {
  tick();
  return api.post(`${TASKS}/${taskId}/${action}`, body, caller.headers);
}

async function act(taskId: string, action: string, caller: Caller, body?: unknown): Promise<any> {
  const response = await call(taskId, action, caller, body);
  if (response.status !== 200) throw new Error(`${action} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const read = async (taskId: string) => (await api.get(`${TASKS}/${taskId}`)).body;

type Program = { programType: "snap" | "medicaid"; isExpedited: boolean };
/** Where routing puts a task and the priority it gives it (the contract's assignToQueue and setPriority). */
const routed = (program: Program) => ({
  queueId: program.programType === "snap" ? SNAP_INTAKE : GENERAL_INTAKE,
  priority: program.isExpedited ? 1 : 3,
});

/** A task, and the case worker who claims it on the way to its state (the worker it is then assigned to). */
type Fixture = { task: any; worker: Caller; program: Program };

/**
 * A fresh task driven through the API into `state`: claimed by its worker for every state past
 * pending, then escalated, submitted for review, made to wait, or completed by that worker; cancelled
 * by the supervisor while pending. With `disturb`, its queue and priority are moved away from what
 * routing gives (assign to the side queue, priority 4) while the machine still allows it, so that a
 * requeueing action has something to undo.
 */
async function reach(state: Status, options: { disturb?: boolean; program?: Program } = {}): Promise<Fixture> {
  const program = options.program ?? { programType: "snap", isExpedited: false };
  const worker = await caseWorker();
  tick();
  const created = await api.post(TASKS, {
    name: `To ${state}`,
    taskType: "action_check",
    subjectType: "case",
    subjectId: randomUUID(),
    ...program,
    slaInfo: [{ slaTypeCode: "snap_standard" }],
  });
  if (created.status !== 201) throw new Error(`create task failed: ${created.status} ${JSON.stringify(created.body)}`);
  let task = created.body;
  const disturb = async () => {
    task = await act(task.id, "assign", supervisor, { assignedToId: task.assignedToId ?? bystander.id, queueId: sideQueue.id });
    task = await act(task.id, "set-priority", supervisor, { priority: 4 });
  };
  if (state === "cancelled") {
    if (options.disturb) await disturb();
    task = await act(task.id, "cancel", supervisor, { reason: "Opened by mistake" });
  } else if (state !== "pending") {
    task = await act(task.id, "claim", worker);
    if (state === "escalated") task = await act(task.id, "escalate", worker, { reason: "Needs a second look" });
    if (state === "pending_review") task = await act(task.id, "submit-for-review", worker);
    if (state === "awaiting_client") task = await act(task.id, "await-client", worker, { notes: "Asked for pay stubs" });
    if (state === "awaiting_verification") task = await act(task.id, "await-verification", worker, { notes: "Employer verification sent" });
    if (state === "completed") task = await act(task.id, "complete", worker, { outcome: "done" });
  }
  if (options.disturb && state !== "cancelled" && state !== "completed") await disturb();
  expect(task.status).toBe(state);
  return { task, worker, program };
}

/** What a case's expectations are computed from: the task before the action, its worker, when the action ran. */
type Context = Fixture & { state: Status; at: string; other: string; lastEventId: string };

type ActionCase = {
  /** The contract's from-states. */
  from: Status[];
  /** The contract's target state; absent for in-place actions. */
  to?: Status;
  /** Move queue and priority away from routing first (for the requeueing actions). */
  disturb?: boolean;
  program?: Program;
  caller: (context: Context) => Caller;
  body?: (context: Context) => Record<string, unknown>;
  /** The fields the action sets (every other field but status, updatedAt and the SLA fields must stay). */
  sets: (context: Context) => Record<string, unknown>;
  event: (context: Context) => { type: string; data?: unknown; causationid?: string };
  /** Roles that hold tasks:act but that no clause of the action names (directly or by inheritance). */
  refused: Array<"case_worker" | "supervisor" | "system">;
};

const byState = (callers: Partial<Record<Status, (context: Context) => Caller>>) => (context: Context) => callers[context.state]!(context);
const theWorker = (context: Context) => context.worker;
const theSupervisor = () => supervisor;
const theSystem = () => system;
const reason = { reason: "Client asked for more time" };

const slaEscalationReason: Partial<Record<Status, string>> = {
  pending: "deadline_exceeded",
  in_progress: "sla_deadline_approaching",
  escalated: "sla_deadline_exceeded",
};
const openStates: Status[] = ["pending", "in_progress", "escalated", "awaiting_client", "awaiting_verification", "pending_review"];

const cases: Record<string, ActionCase> = {
  claim: {
    from: ["pending"],
    to: "in_progress",
    caller: theWorker,
    sets: ({ worker, at }) => ({ assignedToId: worker.id, startedAt: at }),
    event: ({ worker }) => ({ type: "workflow.task.claimed", data: { assignedToId: worker.id } }),
    refused: ["system"],
  },
  complete: {
    from: ["in_progress"],
    to: "completed",
    caller: theWorker,
    body: () => ({ outcome: "eligible", notes: "Income verified" }),
    sets: ({ at }) => ({ completedAt: at, outcome: "eligible", completionNotes: "Income verified" }),
    event: () => ({ type: "workflow.task.completed", data: { outcome: "eligible" } }),
    refused: [],
  },
  release: {
    from: ["in_progress"],
    to: "pending",
    disturb: true,
    caller: theWorker,
    body: () => ({ reason: "Out of office" }),
    sets: ({ program }) => ({ assignedToId: null, ...routed(program) }),
    event: () => ({ type: "workflow.task.released", data: { reason: "Out of office" } }),
    refused: ["system"],
  },
  escalate: {
    from: ["pending", "in_progress"],
    to: "escalated",
    disturb: true,
    program: { programType: "medicaid", isExpedited: true },
    // Pending tasks have no worker yet: the supervisor's clause; in progress, the assigned worker's.
    caller: byState({ pending: theSupervisor, in_progress: theWorker }),
    body: () => reason,
    sets: ({ at, program }) => ({ escalatedAt: at, priority: routed(program).priority }),
    event: () => ({ type: "workflow.task.escalated", data: reason }),
    refused: ["system"],
  },
  "de-escalate": {
    from: ["escalated"],
    to: "pending",
    disturb: true,
    program: { programType: "medicaid", isExpedited: true },
    caller: theSupervisor,
    body: () => ({ notes: "Handled in the huddle" }),
    sets: ({ program }) => routed(program),
    event: () => ({ type: "workflow.task.de-escalated" }),
    refused: ["case_worker", "system"],
  },
  cancel: {
    from: ["pending", "in_progress", "escalated"],
    to: "cancelled",
    caller: byState({ pending: theSupervisor, in_progress: theSystem, escalated: theSupervisor }),
    body: () => ({ reason: "Duplicate" }),
    sets: ({ at }) => ({ cancelledAt: at }),
    event: () => ({ type: "workflow.task.cancelled", data: { reason: "Duplicate" } }),
    refused: ["case_worker"],
  },
  reopen: {
    from: ["cancelled"],
    to: "pending",
    disturb: true,
    program: { programType: "snap", isExpedited: true },
    caller: theSupervisor,
    body: () => ({ reason: "Cancelled in error" }),
    sets: ({ program }) => ({ cancelledAt: null, ...routed(program) }),
    event: () => ({ type: "workflow.task.reopened", data: { reason: "Cancelled in error" } }),
    refused: ["case_worker", "system"],
  },
  "await-client": {
    from: ["in_progress"],
    to: "awaiting_client",
    caller: theWorker,
    body: () => ({ notes: "Requested proof of address" }),
    sets: ({ at }) => ({ blockedAt: at }),
    event: () => ({ type: "workflow.task.awaiting_client" }),
    // The system takes it for a review whose household missed its SNAP interview (consumers/interview-reactions.ts).
    refused: [],
  },
  "await-verification": {
    from: ["in_progress"],
    to: "awaiting_verification",
    caller: theWorker,
    sets: ({ at }) => ({ blockedAt: at }),
    event: () => ({ type: "workflow.task.awaiting_verification" }),
    refused: ["system"],
  },
  resume: {
    from: ["awaiting_client", "awaiting_verification"],
    to: "in_progress",
    caller: byState({ awaiting_client: theWorker, awaiting_verification: theSupervisor }),
    sets: () => ({ blockedAt: null }),
    event: () => ({ type: "workflow.task.resumed" }),
    refused: ["system"],
  },
  "auto-resume": {
    from: ["awaiting_verification"],
    to: "in_progress",
    caller: theSystem,
    body: ({ lastEventId }) => ({ causationid: lastEventId }),
    sets: () => ({ blockedAt: null }),
    event: ({ lastEventId }) => ({ type: "workflow.task.resumed", causationid: lastEventId }),
    refused: ["case_worker", "supervisor"],
  },
  "sla-escalate": {
    from: ["pending", "in_progress", "escalated"],
    to: "escalated",
    disturb: true,
    caller: theSystem,
    body: ({ state }) => ({ reason: slaEscalationReason[state] }),
    // escalatedAt is kept when the task was already escalated.
    sets: ({ task, at, program }) => ({ escalatedAt: task.escalatedAt ?? at, priority: routed(program).priority }),
    event: ({ state }) => ({
      type: slaEscalationReason[state] === "sla_deadline_exceeded" ? "workflow.task.sla_breached" : "workflow.task.escalated",
      data: { reason: slaEscalationReason[state] },
    }),
    refused: ["case_worker", "supervisor"],
  },
  "auto-cancel": {
    from: ["awaiting_client"],
    to: "cancelled",
    caller: theSystem,
    sets: ({ at }) => ({ cancelledAt: at }),
    event: () => ({ type: "workflow.task.cancelled", data: { reason: "client_unresponsive" } }),
    refused: ["case_worker", "supervisor"],
  },
  "submit-for-review": {
    from: ["in_progress", "escalated"],
    to: "pending_review",
    caller: byState({ in_progress: theWorker, escalated: theSystem }),
    sets: () => ({}),
    event: () => ({ type: "workflow.task.submitted_for_review" }),
    refused: [],
  },
  approve: {
    from: ["pending_review"],
    to: "completed",
    caller: theSupervisor,
    body: () => ({ outcome: "approved", notes: "Looks right" }),
    sets: ({ at }) => ({ completedAt: at, outcome: "approved", completionNotes: "Looks right" }),
    event: () => ({ type: "workflow.task.approved", data: { outcome: "approved" } }),
    refused: ["case_worker"],
  },
  "return-to-worker": {
    from: ["pending_review"],
    to: "in_progress",
    caller: theSupervisor,
    body: () => ({ reason: "Missing income proof" }),
    // The assignment is kept: the same worker picks it up again.
    sets: ({ worker }) => ({ assignedToId: worker.id }),
    event: () => ({ type: "workflow.task.returned_to_worker", data: { reason: "Missing income proof" } }),
    refused: ["case_worker"],
  },
  assign: {
    from: openStates,
    caller: theSupervisor,
    body: ({ other }) => ({ assignedToId: other, queueId: sideQueue.id }),
    sets: ({ other }) => ({ assignedToId: other, queueId: sideQueue.id }),
    event: ({ other }) => ({ type: "workflow.task.assigned", data: { assignedToId: other, queueId: sideQueue.id } }),
    refused: ["case_worker", "system"],
  },
  "set-priority": {
    from: openStates,
    caller: theSupervisor,
    body: () => ({ priority: 2, reason: "Client is homeless" }),
    sets: () => ({ priority: 2 }),
    event: () => ({ type: "workflow.task.priority_changed", data: { priority: 2, reason: "Client is homeless" } }),
    refused: ["case_worker", "system"],
  },
};

const machineActions = Object.keys(taskMachine.actions);
const caseOf = (action: string): ActionCase => {
  const found = cases[action];
  if (!found) throw new Error(`the task machine has an action '${action}' this file has no case for: add one to \`cases\``);
  return found;
};

async function contextFor(action: string, state: Status): Promise<Context> {
  const spec = caseOf(action);
  const fixture = await reach(state, { disturb: spec.disturb, program: spec.program });
  const events = await eventsOf(api, fixture.task.id);
  return { ...fixture, state, at: "", other: bystander.id, lastEventId: events.at(-1).id };
}

describe("every action of the task machine has a case here, with the contract's from-states", () => {
  it("no action is missing and none is extra", () => {
    expect(Object.keys(cases).sort()).toEqual([...machineActions].sort());
  });

  it.each(machineActions)("%s: allowed from the contract's states, to the contract's state", (action) => {
    const spec = caseOf(action);
    const definition = taskMachine.actions[action]!;
    expect([...definition.from].sort()).toEqual([...spec.from].sort());
    expect(definition.to).toBe(spec.to);
  });
});

describe.each(machineActions)("POST /workflow/tasks/{taskId}/%s", (action) => {
  const spec = cases[action];
  const fromStates = (spec?.from ?? []).map((state) => [state] as const);
  const outside = STATUSES.find((state) => !spec?.from.includes(state));

  it.each(fromStates.length ? fromStates : [["(no case)" as Status] as const])(
    "from %s: 200 with the new state, the fields it sets, and its event",
    async (state) => {
      const spec = caseOf(action);
      const context = await contextFor(action, state);
      const before = context.task;
      const caller = spec.caller(context);
      const eventType = spec.event({ ...context }).type;
      const earlier = await eventsOf(api, before.id, eventType);

      const response = await call(before.id, action, caller, spec.body?.(context) ?? {});
      context.at = clock.now().toISOString();
      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: expect.anything() });
      const to = spec.to ?? state;
      const { slaInfo, slaDeadline, ...after } = response.body;
      const { slaInfo: _slaInfo, slaDeadline: _slaDeadline, ...unchanged } = before;
      expect(after).toEqual({ ...unchanged, ...spec.sets(context), status: to, updatedAt: context.at });
      // A clock that stopped stays stopped (completed and breached are final), even when the task is reopened.
      const stopped = ["completed", "breached"].includes(before.slaInfo[0].status);
      const clockStatus = stopped ? before.slaInfo[0].status : CLOCK_STATUS[to];
      expect(slaInfo.map((entry: { status: string }) => entry.status)).toEqual([clockStatus]);
      expect(slaDeadline === null).toBe(clockStatus !== "active");
      expect(await read(before.id)).toEqual(response.body);

      const emitted = await eventsOf(api, before.id, eventType);
      expect(emitted).toHaveLength(earlier.length + 1);
      const { type, data, causationid } = spec.event(context);
      const event = emitted.at(-1);
      expect(event).toEqual(
        expect.objectContaining({
          type,
          source: "/workflow",
          subject: before.id,
          time: context.at,
          authid: caller.id,
          authtype: caller.authtype,
        }),
      );
      expect(event.data).toEqual(data);
      if (causationid) expect(event.causationid).toBe(causationid);
    },
  );

  it(`from ${outside ?? "(every state)"}, a state it is not allowed from: 409 CONFLICT naming status, and nothing changes`, async () => {
    const spec = caseOf(action);
    if (!outside) throw new Error(`${action} is allowed from every state: pick another refusal`);
    const context = await contextFor(action, outside);
    const caller = spec.caller({ ...context, state: spec.from[0]! });
    const refused = expectErrorEnvelope(
      await call(context.task.id, action, caller, spec.body?.({ ...context, state: spec.from[0]! }) ?? {}),
      409,
      "CONFLICT",
    );
    expect(detailFields(refused)).toEqual(["status"]);
    expect(await read(context.task.id)).toEqual(context.task);
  });
});

describe("role rules: a role no clause of the action names gets 403 FORBIDDEN", () => {
  const refusals = machineActions.flatMap((action) => (cases[action]?.refused ?? []).map((role) => [action, role] as const));

  it("the table refuses what the contract says (case workers approve/assign/cancel nothing, supervisors run no system action, the system claims nothing)", () => {
    expect(refusals).toEqual(
      expect.arrayContaining([
        ["approve", "case_worker"],
        ["assign", "case_worker"],
        ["cancel", "case_worker"],
        ["sla-escalate", "supervisor"],
        ["auto-cancel", "supervisor"],
        ["auto-resume", "supervisor"],
        ["claim", "system"],
      ]),
    );
  });

  it.each(refusals)("%s by a %s", async (action, role) => {
    const spec = caseOf(action);
    const state = spec.from[0]!;
    const context = await contextFor(action, state);
    const caller = role === "case_worker" ? await caseWorker() : role === "supervisor" ? supervisor : system;
    expectErrorEnvelope(await call(context.task.id, action, caller, spec.body?.(context) ?? {}), 403, "FORBIDDEN");
    expect(await read(context.task.id)).toEqual(context.task);
  });
});

describe("the assigned-worker guard: a worker the task is not assigned to gets 409 CONFLICT", () => {
  it.each([
    ["release", "in_progress", { reason: "Not mine" }],
    ["complete", "in_progress", { outcome: "done" }],
    ["await-client", "in_progress", {}],
    ["await-verification", "in_progress", {}],
    ["escalate", "in_progress", { reason: "Not mine" }],
    ["submit-for-review", "in_progress", {}],
    ["resume", "awaiting_client", {}],
  ] as const)("%s of a task in %s by another case worker", async (action, state, body) => {
    const { task } = await reach(state);
    const refused = expectErrorEnvelope(await call(task.id, action, await caseWorker(), body), 409, "CONFLICT");
    expect(refused.message).toMatch(/assigned/);
    expect(await read(task.id)).toEqual(task);
  });

  it("a supervisor the task is not assigned to cannot release it either (release names only the assigned worker)", async () => {
    const { task } = await reach("in_progress");
    expectErrorEnvelope(await call(task.id, "release", supervisor, { reason: "Rebalancing" }), 409, "CONFLICT");
    expect(await read(task.id)).toEqual(task);
  });

  it("claim refuses a task assigned to someone else (409) and lets its assignee claim it", async () => {
    const { task } = await reach("pending");
    const assignee = await caseWorker();
    const assigned = await act(task.id, "assign", supervisor, { assignedToId: assignee.id });
    expect(assigned).toEqual(expect.objectContaining({ status: "pending", assignedToId: assignee.id, queueId: task.queueId }));
    expectErrorEnvelope(await call(task.id, "claim", await caseWorker()), 409, "CONFLICT");
    const claimed = await act(task.id, "claim", assignee);
    expect(claimed).toEqual(
      expect.objectContaining({ status: "in_progress", assignedToId: assignee.id, startedAt: clock.now().toISOString() }),
    );
  });

  it("claim refuses a caller whose credential names no user account (a non-uuid userId) with 409", async () => {
    const { task } = await reach("pending");
    const nameless = await tokenOnly(["case_worker"], "jdoe");
    expectErrorEnvelope(await call(task.id, "claim", nameless), 409, "CONFLICT");
    expect(await read(task.id)).toEqual(task);
  });
});

describe("work goes only to real, active accounts", () => {
  const NO_ACCOUNT = /credential names no active user account/;

  it("claim refuses a valid token whose userId names no account (409), and the task stays unclaimed", async () => {
    const { task } = await reach("pending");
    const phantom = await tokenOnly(["case_worker"], randomUUID());
    const refused = expectErrorEnvelope(await call(task.id, "claim", phantom), 409, "CONFLICT");
    expect(refused.message).toMatch(NO_ACCOUNT);
    expect(await read(task.id)).toEqual(task);
    expect(await eventsOf(api, task.id, "workflow.task.claimed")).toEqual([]);
  });

  it("claim refuses the still-valid token of an account that was deactivated (409); the account claimed before it was", async () => {
    const { task } = await reach("pending");
    const account = await workerAccount(api, ["case_worker"]);
    const worker: Caller = { id: account.id, authtype: "user", headers: account.headers };
    const first = await act(task.id, "claim", worker);
    expect(first.assignedToId).toBe(account.id);
    await act(task.id, "release", worker, { reason: "Leaving the unit" });
    expect((await api.delete(`/identity-access/users/${account.id}`)).status).toBe(204);
    const refused = expectErrorEnvelope(await call(task.id, "claim", worker), 409, "CONFLICT");
    expect(refused.message).toMatch(NO_ACCOUNT);
    expect(await read(task.id)).toEqual(expect.objectContaining({ status: "pending", assignedToId: null }));
  });

  it("claim by an administrator's token is refused the same way when it names no account", async () => {
    const { task } = await reach("pending");
    expectErrorEnvelope(await call(task.id, "claim", await tokenOnly(["state_admin"], randomUUID())), 409, "CONFLICT");
    expect(await read(task.id)).toEqual(task);
  });

  it.each([
    ["names no account", async () => randomUUID(), "names no user account"],
    [
      "names a deactivated account",
      async () => {
        const account = await workerAccount(api, ["case_worker"]);
        expect((await api.delete(`/identity-access/users/${account.id}`)).status).toBe(204);
        return account.id;
      },
      "inactive",
    ],
  ] as const)(
    "assign refuses an assignedToId that %s with 422 naming assignedToId, and nothing changes",
    async (_label, assignee, message) => {
      const { task } = await reach("in_progress");
      const envelope = expectErrorEnvelope(
        await call(task.id, "assign", supervisor, { assignedToId: await assignee() }),
        422,
        "VALIDATION_ERROR",
      );
      expect(envelope.details).toEqual([{ field: "assignedToId", message: expect.stringContaining(message) }]);
      expect(await read(task.id)).toEqual(task);
      expect(await eventsOf(api, task.id, "workflow.task.assigned")).toEqual([]);
    },
  );

  it("assign to an active account is 200 as before", async () => {
    const { task } = await reach("pending");
    const assigned = await act(task.id, "assign", supervisor, { assignedToId: bystander.id });
    expect(assigned.assignedToId).toBe(bystander.id);
  });

  it("an administrator holds the supervisor's clauses (inherited role)", async () => {
    const { task } = await reach("pending_review");
    const admin = await person(["county_admin"]);
    const approved = await act(task.id, "approve", admin, { outcome: "approved" });
    expect(approved.status).toBe("completed");
  });
});

describe("evaluation order: 401/403 permission → 404 → 409 state → 403 role → 409 guard → 422 body", () => {
  it("a missing task is 404 even with a bad body and a role the action does not name", async () => {
    expectErrorEnvelope(await call(MISSING_ID, "cancel", await caseWorker(), { bogus: 1 }), 404, "NOT_FOUND");
    expectErrorEnvelope(await call(MISSING_ID, "set-priority", supervisor, { priority: 7 }), 404, "NOT_FOUND");
    expectErrorEnvelope(await call("not-a-task", "claim", await caseWorker()), 404, "NOT_FOUND");
  });

  it("a wrong state is 409 even with a bad body and the wrong role", async () => {
    const { task } = await reach("completed");
    expectErrorEnvelope(await call(task.id, "approve", await caseWorker(), { bogus: 1 }), 409, "CONFLICT");
    expectErrorEnvelope(await call(task.id, "cancel", await caseWorker(), {}), 409, "CONFLICT");
    expect(await read(task.id)).toEqual(task);
  });

  it("a wrong role is 403 even with a bad body", async () => {
    const { task } = await reach("pending_review");
    expectErrorEnvelope(await call(task.id, "approve", await caseWorker(), { bogus: 1 }), 403, "FORBIDDEN");
    expectErrorEnvelope(await call(task.id, "set-priority", system, { priority: 7 }), 403, "FORBIDDEN");
  });

  it("a failed guard is 409 even with a bad body", async () => {
    const { task } = await reach("in_progress");
    expectErrorEnvelope(await call(task.id, "release", await caseWorker(), {}), 409, "CONFLICT");
    expectErrorEnvelope(await call(task.id, "complete", await caseWorker(), { outcome: 42 }), 409, "CONFLICT");
  });

  it.each([
    ["cancel without a reason", "pending", "cancel", "supervisor", {}, "reason"],
    ["cancel with a blank reason", "pending", "cancel", "supervisor", { reason: "  " }, "reason"],
    ["set-priority 7", "pending", "set-priority", "supervisor", { priority: 7 }, "priority"],
    ["set-priority 0", "pending", "set-priority", "supervisor", { priority: 0 }, "priority"],
    ["set-priority as text", "pending", "set-priority", "supervisor", { priority: "high" }, "priority"],
    ["set-priority without a priority", "pending", "set-priority", "supervisor", {}, "priority"],
    ["an unknown field on claim (which takes no body)", "pending", "claim", "worker", { note: "mine" }, "note"],
    ["an unknown field beside a valid reason", "pending", "cancel", "supervisor", { reason: "x", urgent: true }, "urgent"],
    ["complete without an outcome", "in_progress", "complete", "worker", { notes: "done" }, "outcome"],
    [
      "complete with createFollowUp not a boolean",
      "in_progress",
      "complete",
      "worker",
      { outcome: "done", createFollowUp: "yes" },
      "createFollowUp",
    ],
    ["approve without an outcome", "pending_review", "approve", "supervisor", {}, "outcome"],
    ["assign to a non-uuid", "pending", "assign", "supervisor", { assignedToId: "bob" }, "assignedToId"],
    [
      "assign to a queue that does not exist",
      "pending",
      "assign",
      "supervisor",
      { assignedToId: MISSING_ID, queueId: MISSING_ID },
      "queueId",
    ],
    ["assign to a user id that names no account", "pending", "assign", "supervisor", { assignedToId: MISSING_ID }, "assignedToId"],
    ["sla-escalate with an unknown reason", "pending", "sla-escalate", "system", { reason: "because" }, "reason"],
    [
      "auto-resume with a causationid that is not a uuid",
      "awaiting_verification",
      "auto-resume",
      "system",
      { causationid: "timer-1" },
      "causationid",
    ],
  ] as const)("a bad body is 422 VALIDATION_ERROR naming the field, last: %s", async (_label, state, action, who, body, field) => {
    const { task, worker } = await reach(state);
    const caller = who === "worker" ? worker : who === "supervisor" ? supervisor : system;
    const envelope = expectErrorEnvelope(await call(task.id, action, caller, body), 422, "VALIDATION_ERROR");
    expect(detailFields(envelope)).toContain(field);
    expect(await read(task.id)).toEqual(task);
  });

  it.each([
    ["an applicant", ["applicant"], 403, "FORBIDDEN"],
    ["a read-only partner", ["partner_readonly"], 403, "FORBIDDEN"],
  ] as const)("%s is refused before anything else, even for a missing task", async (_label, roles, status, code) => {
    const caller = await person([...roles]);
    const { task } = await reach("pending");
    expectErrorEnvelope(await call(task.id, "claim", caller), status, code);
    expectErrorEnvelope(await call(MISSING_ID, "claim", caller, { bogus: 1 }), status, code);
    expectErrorEnvelope(await call(task.id, "approve", caller), status, code);
    expect(await read(task.id)).toEqual(task);
  });

  it("no credential is 401 UNAUTHORIZED before anything else, even for a missing task", async () => {
    const anonymous = { id: "", authtype: "", headers: { authorization: "" } };
    const { task } = await reach("pending");
    const refused = await call(task.id, "claim", anonymous);
    expectErrorEnvelope(refused, 401, "UNAUTHORIZED");
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expectErrorEnvelope(await call(MISSING_ID, "cancel", anonymous, { bogus: 1 }), 401, "UNAUTHORIZED");
    expect(await read(task.id)).toEqual(task);
  });
});

describe("complete with createFollowUp", () => {
  it("opens a pending, unassigned copy of the task in the same queue", async () => {
    const { task, worker } = await reach("in_progress");
    const completed = await act(task.id, "complete", worker, { outcome: "needs_follow_up", createFollowUp: true });
    expect(completed.status).toBe("completed");
    const response = await api.get(`${TASKS}?${new URLSearchParams({ q: `subjectId:${task.subjectId}` })}`);
    expect(response.body.total).toBe(2);
    const followUp = response.body.items.find((item: { id: string }) => item.id !== task.id);
    expect(followUp).toEqual(
      expect.objectContaining({
        name: task.name,
        taskType: task.taskType,
        subjectType: task.subjectType,
        subjectId: task.subjectId,
        programType: task.programType,
        isExpedited: task.isExpedited,
        queueId: task.queueId,
        status: "pending",
        assignedToId: null,
        startedAt: null,
        completedAt: null,
        outcome: null,
      }),
    );
    // Its own creation deadline is requested with it.
    expect((await eventsOf(api, followUp.id)).map((event) => event.type)).toEqual(["workflow.task.created", "scheduling.timer.requested"]);
  });

  it("opens no copy without it", async () => {
    const { task, worker } = await reach("in_progress");
    await act(task.id, "complete", worker, { outcome: "done", createFollowUp: false });
    expect((await api.get(`${TASKS}?${new URLSearchParams({ q: `subjectId:${task.subjectId}` })}`)).body.total).toBe(1);
  });
});

describe("assign without a queueId", () => {
  it("changes the assignee and keeps the task in its queue", async () => {
    const { task } = await reach("in_progress");
    const next = bystander.id;
    const assigned = await act(task.id, "assign", supervisor, { assignedToId: next });
    expect(assigned).toEqual({ ...task, assignedToId: next, updatedAt: clock.now().toISOString() });
    const [event] = await eventsOf(api, task.id, "workflow.task.assigned");
    expect(event.data).toEqual({ assignedToId: next, queueId: task.queueId });
  });
});

describe("/openapi.json", () => {
  it("describes every action, with a body it may leave out exactly when every field of it is optional", async () => {
    const { paths } = (await api.get("/openapi.json")).body;
    const described = Object.keys(taskMachine.actions).map((action) => {
      const operation = paths[`${TASKS}/{taskId}/${action}`]?.post;
      return [
        action,
        operation ? (operation.requestBody ? (operation.requestBody.required ? "required" : "optional") : "none") : "missing",
      ];
    });
    expect(Object.fromEntries(described)).toEqual({
      claim: "none",
      complete: "required",
      release: "required",
      escalate: "required",
      "de-escalate": "optional",
      cancel: "required",
      reopen: "required",
      "await-client": "optional",
      "await-verification": "optional",
      resume: "none",
      "auto-resume": "optional",
      "sla-escalate": "required",
      "auto-cancel": "none",
      "submit-for-review": "none",
      approve: "required",
      "return-to-worker": "required",
      assign: "required",
      "set-priority": "required",
    });
  });
});

describe("actions that take no body", () => {
  it("accept an empty body sent with a JSON content type, as clients that always send the header do", async () => {
    const { task } = await reach("pending");
    const worker = await caseWorker();
    tick();
    const response = await api.raw("POST", `${TASKS}/${task.id}/claim`, "", { ...worker.headers, "content-type": "application/json" });
    expect({ status: response.status, assignedToId: response.body?.assignedToId }).toEqual({ status: 200, assignedToId: worker.id });
  });
});

describe("racing callers: the task's row lock lets exactly one win", () => {
  it("two case workers claiming the same pending task at once: one 200, one 409, one claimed event", async () => {
    for (let round = 0; round < 10; round++) {
      const { task } = await reach("pending");
      const workers = [await caseWorker(), await caseWorker()];
      tick();
      const responses = await Promise.all(workers.map((worker) => api.post(`${TASKS}/${task.id}/claim`, {}, worker.headers)));
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const winner = workers[responses.findIndex((response) => response.status === 200)]!;
      expectErrorEnvelope(responses.find((response) => response.status === 409)!, 409, "CONFLICT");
      expect((await read(task.id)).assignedToId).toBe(winner.id);
      const claimed = await eventsOf(api, task.id, "workflow.task.claimed");
      expect(claimed.map((event) => event.data)).toEqual([{ assignedToId: winner.id }]);
    }
  });

  it("complete and cancel at once on one task: exactly one wins, and the task and its events agree", async () => {
    for (let round = 0; round < 5; round++) {
      const { task, worker } = await reach("in_progress");
      tick();
      const [completing, cancelling] = await Promise.all([
        api.post(`${TASKS}/${task.id}/complete`, { outcome: "done" }, worker.headers),
        api.post(`${TASKS}/${task.id}/cancel`, { reason: "Withdrawn" }, supervisor.headers),
      ]);
      expect([completing.status, cancelling.status].sort()).toEqual([200, 409]);
      const status = completing.status === 200 ? "completed" : "cancelled";
      expect((await read(task.id)).status).toBe(status);
      expect((await eventsOf(api, task.id, "workflow.task.completed")).length).toBe(status === "completed" ? 1 : 0);
      expect((await eventsOf(api, task.id, "workflow.task.cancelled")).length).toBe(status === "cancelled" ? 1 : 0);
    }
  });
});

describe("GraphQL", () => {
  const TASK_FIELDS = "id status assignedToId priority outcome completedAt availableActions";
  const graphql = async (caller: Caller, query: string, variables: Record<string, unknown>) => {
    tick();
    return (await api.raw("POST", "/graphql", { query, variables }, caller.headers)).body;
  };

  it("claimTask, setPriorityTask and completeTask return the task", async () => {
    const { task, worker } = await reach("pending");
    const claimed = await graphql(worker, `mutation ($id: ID!) { claimTask(id: $id) { ${TASK_FIELDS} } }`, { id: task.id });
    expect(claimed.errors).toBeUndefined();
    expect(claimed.data.claimTask).toEqual(expect.objectContaining({ id: task.id, status: "in_progress", assignedToId: worker.id }));
    expect(claimed.data.claimTask.availableActions.sort()).toEqual([
      "await-client",
      "await-verification",
      "complete",
      "escalate",
      "release",
      "submit-for-review",
    ]);

    const prioritised = await graphql(supervisor, `mutation ($id: ID!) { setPriorityTask(id: $id, priority: 2) { ${TASK_FIELDS} } }`, {
      id: task.id,
    });
    expect(prioritised.errors).toBeUndefined();
    expect(prioritised.data.setPriorityTask).toEqual(expect.objectContaining({ status: "in_progress", priority: 2 }));

    const completed = await graphql(worker, `mutation ($id: ID!) { completeTask(id: $id, outcome: "eligible") { ${TASK_FIELDS} } }`, {
      id: task.id,
    });
    expect(completed.errors).toBeUndefined();
    expect(completed.data.completeTask).toEqual(
      expect.objectContaining({ status: "completed", outcome: "eligible", completedAt: clock.now().toISOString(), availableActions: [] }),
    );
    expect(await read(task.id)).toEqual(expect.objectContaining({ status: "completed", outcome: "eligible", priority: 2 }));
  });

  it("availableActions: claim for a case worker on a pending task; approve for a supervisor on one pending review", async () => {
    const pending = (await reach("pending")).task;
    const asWorker = await graphql(await caseWorker(), `query ($id: ID!) { task(id: $id) { availableActions } }`, { id: pending.id });
    expect(asWorker.data.task.availableActions).toEqual(["claim"]);
    const asPhantom = await graphql(
      await tokenOnly(["case_worker"], randomUUID()),
      `query ($id: ID!) { task(id: $id) { availableActions } }`,
      { id: pending.id },
    );
    expect(asPhantom.data.task.availableActions).toEqual([]);

    const reviewed = (await reach("pending_review")).task;
    const asSupervisor = await graphql(supervisor, `query ($id: ID!) { task(id: $id) { availableActions } }`, { id: reviewed.id });
    expect([...asSupervisor.data.task.availableActions].sort()).toEqual(["approve", "assign", "return-to-worker", "set-priority"]);
  });

  it("a wrong state is a GraphQL error with extensions.code CONFLICT, and the task is unchanged", async () => {
    const { task, worker } = await reach("completed");
    const result = await graphql(worker, `mutation ($id: ID!) { claimTask(id: $id) { id } }`, { id: task.id });
    expect(result.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(await read(task.id)).toEqual(task);
  });
});
