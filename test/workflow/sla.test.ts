// SLA clocks and the workflow's durable timers, through the real platform with a manual clock
// (SPEC §2.6 slaInfo/slaDeadline; state-machines.md §1; configuration.md §4). Every test here shares one
// platform and one clock, so each creates its own tasks, only ever moves the clock forward, and reckons
// its expectations from the clock's time when it starts. Timers of earlier tests' tasks keep firing as
// the clock moves; every assertion therefore looks at one task's own events.
import { startPlatform, type RunningPlatform } from "@pap/gateway";
import { createLogger, DAY_MS, HOUR_MS, ManualClock } from "@pap/core";
import { workerAccount, type Account } from "../support/auth";
import { createTestDatabase, httpClient, useTestPlatform } from "../support/platform";
import { eventPage } from "../support/event-log";
import { newTask } from "../support/creators";

const SECOND_MS = 1000;
const START = "2026-11-23T09:00:00.000Z"; // a Monday
const MONDAY = 1;
const FRIDAY = 5;

const clock = new ManualClock(START);
const { api, settle } = useTestPlatform("workflow_sla", { clock });

type Api = ReturnType<typeof httpClient>;
type SlaEntry = { slaTypeCode: string; status: string; clockStartedAt: string; deadline: string };
type Task = {
  id: string;
  status: string;
  slaInfo: SlaEntry[];
  slaDeadline: string | null;
  blockedAt: string | null;
  escalatedAt: string | null;
  cancelledAt: string | null;
  updatedAt: string;
};
type LoggedEvent = {
  id: string;
  type: string;
  time: string;
  subject: string;
  data?: Record<string, unknown>;
  causationid?: string;
  authtype?: string;
};

/** The case worker who claims every task of the suite's platform (an account in its database). */
let worker: Account;
beforeAll(async () => {
  worker = await workerAccount(api);
});

const iso = (time: number | Date) => new Date(time).toISOString();
const at = (start: Date, offsetMs: number) => new Date(start.getTime() + offsetMs);

/** Moves the shared clock to `to` (never back) and waits for every timer due by then and its reactions. */
async function moveTo(to: Date): Promise<Date> {
  if (to.getTime() < clock.now().getTime())
    throw new Error(`the clock is at ${iso(clock.now())}, past ${iso(to)}: tests only move it forward`);
  clock.set(to);
  await settle();
  return clock.now();
}

const advance = (ms: number) => moveTo(at(clock.now(), ms));

/** The next `hour`:00 UTC on the given weekday (0 = Sunday), now included. */
function nextWeekday(weekday: number, hour: number): Date {
  const now = clock.now();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  target.setUTCDate(target.getUTCDate() + ((weekday - target.getUTCDay() + 7) % 7));
  if (target.getTime() < now.getTime()) target.setUTCDate(target.getUTCDate() + 7);
  return target;
}

/** A SNAP task with clocks of these SLA types. */
const clockedTask = async (client: Api, slaTypeCodes: string[] = [], name = "Review SNAP application"): Promise<Task> =>
  (await newTask(client, { name, programType: "snap", slaInfo: slaTypeCodes.map((slaTypeCode) => ({ slaTypeCode })) })) as Task;

/**
 * An action as the claiming case worker (`as`, by default the suite's worker; or, with `asAdmin`, the
 * suite's state administrator); it must succeed.
 */
async function act(
  client: Api,
  taskId: string,
  action: string,
  body?: unknown,
  options: { asAdmin?: boolean; as?: Account } = {},
): Promise<Task> {
  const response = await client.post(`/workflow/tasks/${taskId}/${action}`, body, options.asAdmin ? {} : (options.as ?? worker).headers);
  if (response.status !== 200) throw new Error(`${action} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Task;
}

async function getTask(client: Api, taskId: string): Promise<Task> {
  const response = await client.get(`/workflow/tasks/${taskId}`);
  if (response.status !== 200) throw new Error(`get task failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Task;
}

/** The task's events, oldest first: its own changes and the timer callbacks that concern it. */
async function workflowEventsOf(client: Api, taskId: string): Promise<LoggedEvent[]> {
  const page = await eventPage(client, { source: "/workflow", subject: taskId });
  expect(page.hasNext).toBe(false);
  return page.items;
}

const ofType = (events: LoggedEvent[], type: string, reason?: string) =>
  events.filter((event) => event.type === type && (reason === undefined || event.data?.reason === reason));

/** The one event of a type (and reason); fails naming what the task's log holds otherwise. */
function single(events: LoggedEvent[], type: string, reason?: string): LoggedEvent {
  const found = ofType(events, type, reason);
  if (found.length !== 1)
    throw new Error(
      `expected one ${type}${reason ? ` (${reason})` : ""}, found ${found.length} in ${JSON.stringify(events.map((event) => [event.type, event.data?.reason]))}`,
    );
  return found[0]!;
}

describe("pausing and resuming SLA clocks through the API", () => {
  it("pauses in awaiting_client (no deadline shown) and pushes the deadline out by exactly the time waited on resume", async () => {
    const t0 = await moveTo(nextWeekday(MONDAY, 9));
    const created = await clockedTask(api, ["snap_standard"]);
    const originalDeadline = iso(at(t0, 30 * DAY_MS));
    expect(created.slaInfo).toEqual([
      { slaTypeCode: "snap_standard", status: "active", clockStartedAt: iso(t0), deadline: originalDeadline },
    ]);
    expect(created.slaDeadline).toBe(originalDeadline);
    await act(api, created.id, "claim");

    await advance(2 * DAY_MS);
    const waiting = await act(api, created.id, "await-client");
    expect(waiting.status).toBe("awaiting_client");
    expect(waiting.slaInfo[0]!.status).toBe("paused");
    expect(waiting.slaDeadline).toBeNull();

    await advance(5 * DAY_MS);
    const stillWaiting = await getTask(api, created.id);
    expect(stillWaiting.slaInfo[0]!.status).toBe("paused");
    expect(stillWaiting.slaDeadline).toBeNull();

    const resumed = await act(api, created.id, "resume");
    const pushedOut = iso(at(new Date(originalDeadline), 5 * DAY_MS));
    expect(resumed.status).toBe("in_progress");
    expect(resumed.slaInfo).toEqual([{ slaTypeCode: "snap_standard", status: "active", clockStartedAt: iso(t0), deadline: pushedOut }]);
    expect(resumed.slaDeadline).toBe(pushedOut);
    expect(await getTask(api, created.id)).toEqual(resumed);
  });

  it("adds up successive pauses, and a verification wait pauses the clock just as a client wait does", async () => {
    const t0 = clock.now();
    const created = await clockedTask(api, ["snap_standard"]);
    const originalDeadline = at(t0, 30 * DAY_MS).getTime();
    await act(api, created.id, "claim");

    await advance(1 * DAY_MS);
    await act(api, created.id, "await-client");
    await advance(2 * DAY_MS);
    expect((await act(api, created.id, "resume")).slaDeadline).toBe(iso(originalDeadline + 2 * DAY_MS));

    await advance(1 * DAY_MS);
    const verifying = await act(api, created.id, "await-verification");
    expect(verifying.status).toBe("awaiting_verification");
    expect(verifying.slaInfo[0]!.status).toBe("paused");
    expect(verifying.slaDeadline).toBeNull();
    await advance(3 * DAY_MS + 6 * HOUR_MS);
    const stillVerifying = await getTask(api, created.id);
    expect(stillVerifying.slaInfo[0]!.status).toBe("paused");
    expect(stillVerifying.slaDeadline).toBeNull();

    const resumed = await act(api, created.id, "resume");
    const total = iso(originalDeadline + 2 * DAY_MS + 3 * DAY_MS + 6 * HOUR_MS);
    expect(resumed.slaInfo).toEqual([{ slaTypeCode: "snap_standard", status: "active", clockStartedAt: iso(t0), deadline: total }]);
    expect(resumed.slaDeadline).toBe(total);
  });
});

describe("SLA timers fire on time, with nobody reading the task", () => {
  it("escalates at 72 business hours (deadline_exceeded) and again at 75 % of a snap_expedited clock (sla_deadline_approaching)", async () => {
    const t0 = await moveTo(nextWeekday(MONDAY, 9));
    const created = await clockedTask(api, ["snap_expedited"]);
    await act(api, created.id, "claim");
    const creationDeadline = at(t0, 3 * DAY_MS); // Thursday 09:00
    const warningAt = at(t0, 5.25 * DAY_MS); // Saturday 15:00
    const deadline = iso(at(t0, 7 * DAY_MS));

    await moveTo(at(creationDeadline, -SECOND_MS));
    expect((await getTask(api, created.id)).status).toBe("in_progress");
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.escalated")).toEqual([]);

    await moveTo(creationDeadline);
    const overdue = await getTask(api, created.id);
    expect(overdue.status).toBe("escalated");
    expect(overdue.slaInfo[0]!.status).toBe("active");
    const lateEscalation = single(await workflowEventsOf(api, created.id), "workflow.task.escalated", "deadline_exceeded");
    expect(lateEscalation.time).toBe(iso(creationDeadline));

    await moveTo(at(warningAt, -SECOND_MS));
    const beforeWarning = await getTask(api, created.id);
    expect(beforeWarning.slaInfo[0]!.status).toBe("active");
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.escalated", "sla_deadline_approaching")).toEqual([]);
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.sla_warning")).toEqual([]);

    await moveTo(warningAt);
    const warned = await getTask(api, created.id);
    expect(warned.status).toBe("escalated");
    expect(warned.slaInfo).toEqual([{ slaTypeCode: "snap_expedited", status: "warning", clockStartedAt: iso(t0), deadline }]);
    expect(warned.slaDeadline).toBe(deadline);

    const events = await workflowEventsOf(api, created.id);
    const timer = single(events, "workflow.sla_warning");
    expect(timer.data).toEqual(expect.objectContaining({ timerId: `workflow.sla_warning.${created.id}` }));
    expect(timer.time).toBe(iso(warningAt));
    const escalation = single(events, "workflow.task.escalated", "sla_deadline_approaching");
    expect(escalation).toEqual(
      expect.objectContaining({
        authtype: "system",
        causationid: timer.id,
        time: iso(warningAt),
        data: { reason: "sla_deadline_approaching" },
      }),
    );
    // The creation-deadline escalation is still the only other one.
    expect(ofType(events, "workflow.task.escalated")).toHaveLength(2);
  });

  it("breaches at the deadline (workflow.task.sla_breached), and a breach stays final when the task is completed afterwards", async () => {
    const t0 = await moveTo(nextWeekday(MONDAY, 9));
    const created = await clockedTask(api, ["snap_expedited"]);
    await act(api, created.id, "claim");
    const deadline = at(t0, 7 * DAY_MS);

    await moveTo(at(deadline, -SECOND_MS));
    const justBefore = await getTask(api, created.id);
    expect(justBefore.slaInfo[0]!.status).toBe("warning");
    expect(justBefore.slaDeadline).toBe(iso(deadline));
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.sla_breached")).toEqual([]);

    await moveTo(deadline);
    const breached = await getTask(api, created.id);
    expect(breached.status).toBe("escalated");
    expect(breached.slaInfo).toEqual([
      { slaTypeCode: "snap_expedited", status: "breached", clockStartedAt: iso(t0), deadline: iso(deadline) },
    ]);
    expect(breached.slaDeadline).toBeNull();
    const events = await workflowEventsOf(api, created.id);
    const timer = single(events, "workflow.sla_breach");
    expect(timer.data).toEqual(expect.objectContaining({ timerId: `workflow.sla_breach.${created.id}` }));
    expect(single(events, "workflow.task.sla_breached")).toEqual(
      expect.objectContaining({
        authtype: "system",
        causationid: timer.id,
        time: iso(deadline),
        data: { reason: "sla_deadline_exceeded" },
      }),
    );

    await advance(HOUR_MS);
    await act(api, created.id, "submit-for-review");
    const approved = await act(api, created.id, "approve", { outcome: "approved late" }, { asAdmin: true });
    expect(approved.status).toBe("completed");
    expect(approved.slaInfo[0]!.status).toBe("breached");
    expect(approved.slaDeadline).toBeNull();
  });

  it("completes the clock when the task is done in time, after which no timer of the task fires", async () => {
    const t0 = clock.now();
    const created = await clockedTask(api, ["snap_expedited"]);
    await act(api, created.id, "claim");
    await advance(1 * DAY_MS);

    const completed = await act(api, created.id, "complete", { outcome: "eligible" });
    expect(completed.status).toBe("completed");
    expect(completed.slaInfo).toEqual([
      { slaTypeCode: "snap_expedited", status: "completed", clockStartedAt: iso(t0), deadline: iso(at(t0, 7 * DAY_MS)) },
    ]);
    expect(completed.slaDeadline).toBeNull();
    const logged = await workflowEventsOf(api, created.id);

    // Past the creation deadline, the warning and the deadline as they stood.
    await advance(10 * DAY_MS);
    expect(await workflowEventsOf(api, created.id)).toEqual(logged);
    expect(await getTask(api, created.id)).toEqual(completed);
  });

  it("moves the warning with a pause: no warning at the original time while paused, a warning at the pushed-out time after resume", async () => {
    const t0 = await moveTo(nextWeekday(MONDAY, 9));
    const created = await clockedTask(api, ["snap_expedited"]);
    await act(api, created.id, "claim");
    const originalWarning = at(t0, 5.25 * DAY_MS);

    await advance(1 * DAY_MS);
    await act(api, created.id, "await-client");
    await moveTo(at(originalWarning, HOUR_MS));
    const paused = await getTask(api, created.id);
    expect(paused.status).toBe("awaiting_client");
    expect(paused.slaInfo[0]!.status).toBe("paused");
    const whilePaused = await workflowEventsOf(api, created.id);
    expect(ofType(whilePaused, "workflow.sla_warning")).toEqual([]);
    expect(ofType(whilePaused, "workflow.task.escalated", "sla_deadline_approaching")).toEqual([]);

    await moveTo(at(t0, 6 * DAY_MS));
    const resumed = await act(api, created.id, "resume"); // 5 days paused
    expect(resumed.slaInfo[0]).toEqual(expect.objectContaining({ status: "active", deadline: iso(at(t0, 12 * DAY_MS)) }));
    const pushedWarning = at(originalWarning, 5 * DAY_MS);

    await moveTo(at(pushedWarning, -SECOND_MS));
    expect((await getTask(api, created.id)).slaInfo[0]!.status).toBe("active");
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.escalated", "sla_deadline_approaching")).toEqual([]);

    await moveTo(pushedWarning);
    const warned = await getTask(api, created.id);
    expect(warned.status).toBe("escalated");
    expect(warned.slaInfo[0]!.status).toBe("warning");
    const events = await workflowEventsOf(api, created.id);
    const timer = single(events, "workflow.sla_warning");
    expect(timer.time).toBe(iso(pushedWarning));
    // The resume set the timer again: the timer's event continues from the resumed event.
    expect(timer.causationid).toBe(single(events, "workflow.task.resumed").id);
    expect(single(events, "workflow.task.escalated", "sla_deadline_approaching")).toEqual(
      expect.objectContaining({ causationid: timer.id, time: iso(pushedWarning) }),
    );

    // The breach moved with it: not at the original deadline (passed while paused), but 5 days later.
    const pushedDeadline = at(t0, 12 * DAY_MS);
    await moveTo(at(pushedDeadline, -SECOND_MS));
    expect((await getTask(api, created.id)).slaInfo[0]!.status).toBe("warning");
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.sla_breached")).toEqual([]);
    await moveTo(pushedDeadline);
    expect((await getTask(api, created.id)).slaInfo[0]!.status).toBe("breached");
    expect(single(await workflowEventsOf(api, created.id), "workflow.task.sla_breached").time).toBe(iso(pushedDeadline));
  });
});

describe("wait timeouts", () => {
  it("cancels a task whose client has not answered in 30 days (client_unresponsive, by the system)", async () => {
    const created = await clockedTask(api, ["snap_standard"]);
    await act(api, created.id, "claim");
    const waitingSince = clock.now();
    await act(api, created.id, "await-client");
    const timeout = at(waitingSince, 30 * DAY_MS);

    await moveTo(at(timeout, -SECOND_MS));
    expect((await getTask(api, created.id)).status).toBe("awaiting_client");
    expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.cancelled")).toEqual([]);

    await moveTo(timeout);
    const cancelled = await getTask(api, created.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt).toBe(iso(timeout));
    expect(cancelled.slaInfo[0]!.status).toBe("completed");
    expect(cancelled.slaDeadline).toBeNull();
    const events = await workflowEventsOf(api, created.id);
    const timer = single(events, "workflow.client_timeout");
    expect(timer.data).toEqual(expect.objectContaining({ timerId: `workflow.client_timeout.${created.id}` }));
    expect(single(events, "workflow.task.cancelled")).toEqual(
      expect.objectContaining({ authtype: "system", causationid: timer.id, data: { reason: "client_unresponsive" } }),
    );
  });

  it("forgets the client timeout when the task resumes before 30 days", async () => {
    const created = await clockedTask(api);
    await act(api, created.id, "claim");
    const waitingSince = clock.now();
    await act(api, created.id, "await-client");
    await advance(10 * DAY_MS);
    await act(api, created.id, "resume");

    await moveTo(at(waitingSince, 35 * DAY_MS));
    expect((await getTask(api, created.id)).status).toBe("in_progress");
    const events = await workflowEventsOf(api, created.id);
    expect(ofType(events, "workflow.client_timeout")).toEqual([]);
    expect(ofType(events, "workflow.task.cancelled")).toEqual([]);
  });

  it("resumes a task after 7 days of waiting on a verification, caused by the timer's event, with its SLA deadline pushed out by the wait", async () => {
    const t0 = clock.now();
    const created = await clockedTask(api, ["snap_standard"]);
    await act(api, created.id, "claim");
    await act(api, created.id, "await-verification");
    const timeout = at(t0, 7 * DAY_MS);

    await moveTo(at(timeout, -SECOND_MS));
    expect((await getTask(api, created.id)).status).toBe("awaiting_verification");

    await moveTo(timeout);
    const resumed = await getTask(api, created.id);
    expect(resumed.status).toBe("in_progress");
    expect(resumed.blockedAt).toBeNull();
    expect(resumed.slaInfo[0]).toEqual(expect.objectContaining({ status: "active", deadline: iso(at(t0, 37 * DAY_MS)) }));
    const events = await workflowEventsOf(api, created.id);
    const timer = single(events, "workflow.verification_timeout");
    expect(timer.data).toEqual(expect.objectContaining({ timerId: `workflow.verification_timeout.${created.id}` }));
    expect(single(events, "workflow.task.resumed")).toEqual(
      expect.objectContaining({ authtype: "system", causationid: timer.id, time: iso(timeout) }),
    );
  });
});

describe("creation deadline", () => {
  it("escalates a pending task after 72 business hours, skipping the weekend: created Friday 12:00, escalated Wednesday 12:00", async () => {
    const friday = await moveTo(nextWeekday(FRIDAY, 12));
    const created = await clockedTask(api);
    const wednesday = at(friday, 5 * DAY_MS);

    // 72 calendar hours later (Monday 12:00), and a second before Wednesday 12:00: still waiting.
    for (const moment of [at(friday, 3 * DAY_MS), at(wednesday, -SECOND_MS)]) {
      await moveTo(moment);
      expect((await getTask(api, created.id)).status).toBe("pending");
      expect(ofType(await workflowEventsOf(api, created.id), "workflow.task.escalated")).toEqual([]);
    }

    await moveTo(wednesday);
    const escalated = await getTask(api, created.id);
    expect(escalated.status).toBe("escalated");
    expect(escalated.escalatedAt).toBe(iso(wednesday));
    const events = await workflowEventsOf(api, created.id);
    const timer = single(events, "workflow.creation_deadline");
    expect(timer.data).toEqual(expect.objectContaining({ timerId: `workflow.creation_deadline.${created.id}` }));
    expect(single(events, "workflow.task.escalated")).toEqual(
      expect.objectContaining({ authtype: "system", causationid: timer.id, time: iso(wednesday), data: { reason: "deadline_exceeded" } }),
    );
  });
});

describe("GraphQL", () => {
  it("task(id) shows the same slaInfo and slaDeadline as REST, for running, warned, paused and completed clocks", async () => {
    const t0 = clock.now();
    const running = await clockedTask(api, ["snap_expedited", "medicaid_standard"]);
    await act(api, running.id, "claim");
    const paused = await clockedTask(api, ["snap_standard"]);
    await act(api, paused.id, "claim");
    await act(api, paused.id, "await-client");
    const done = await clockedTask(api, ["snap_standard"]);
    await act(api, done.id, "claim");
    await act(api, done.id, "complete", { outcome: "eligible" });
    await moveTo(at(t0, 6 * DAY_MS)); // past the expedited clock's warning

    const selection = "slaInfo { slaTypeCode status clockStartedAt deadline } slaDeadline";
    const result = await api.graphql(
      `query ($a: ID!, $b: ID!, $c: ID!) { a: task(id: $a) { ${selection} } b: task(id: $b) { ${selection} } c: task(id: $c) { ${selection} } }`,
      {
        a: running.id,
        b: paused.id,
        c: done.id,
      },
    );
    expect(result.errors).toBeUndefined();
    for (const [alias, id] of [
      ["a", running.id],
      ["b", paused.id],
      ["c", done.id],
    ] as const) {
      const { slaInfo, slaDeadline } = await getTask(api, id);
      expect(result.data[alias]).toEqual({ slaInfo, slaDeadline });
    }
    expect(result.data.a.slaInfo.map((entry: SlaEntry) => entry.status)).toEqual(["warning", "active"]);
    // The earliest running deadline: the expedited one, though it is already in warning.
    expect(result.data.a.slaDeadline).toBe(iso(at(t0, 7 * DAY_MS)));
    expect(result.data.b).toEqual({ slaInfo: [expect.objectContaining({ status: "paused" })], slaDeadline: null });
    expect(result.data.c).toEqual({ slaInfo: [expect.objectContaining({ status: "completed" })], slaDeadline: null });
  });
});

describe("timers are durable", () => {
  const platforms: RunningPlatform[] = [];
  afterAll(async () => {
    for (const platform of platforms.splice(0)) await platform.close();
  });

  const start = async (databaseUrl: string, platformClock: ManualClock) => {
    const platform = await startPlatform({
      database: { kind: "postgres", url: databaseUrl, poolSize: 5 },
      host: "127.0.0.1",
      port: 0,
      logger: createLogger("test"),
      migrate: false,
      clock: platformClock,
    });
    platforms.push(platform);
    return { platform, api: httpClient(platform.url) };
  };
  const stop = async (platform: RunningPlatform) => {
    platforms.splice(platforms.indexOf(platform), 1);
    await platform.close();
  };
  const countByType = (events: LoggedEvent[]) =>
    Object.fromEntries([...new Set(events.map((event) => event.type))].map((type) => [type, ofType(events, type).length]));

  it("fires timers that fell due while no platform ran once one starts again, and each timer once with two platforms on one database", async () => {
    process.env.LOG_LEVEL ??= "silent";
    const databaseUrl = await createTestDatabase("workflow_sla_restart");

    const t0 = new Date(START);
    const first = await start(databaseUrl, new ManualClock(t0));
    // This database is not the suite's: its worker needs an account here.
    const restartWorker = await workerAccount(first.api);
    const asWorker = { as: restartWorker };
    const expedited = await clockedTask(first.api, ["snap_expedited"]);
    await act(first.api, expedited.id, "claim", undefined, asWorker);
    await stop(first.platform);

    // Back a day after the deadline: the creation deadline, the warning and the breach all fell due meanwhile.
    const restartedAt = at(t0, 8 * DAY_MS);
    const clockA = new ManualClock(restartedAt);
    const a = await start(databaseUrl, clockA);
    await a.platform.settle();
    const afterRestart = await getTask(a.api, expedited.id);
    expect(afterRestart.status).toBe("escalated");
    expect(afterRestart.slaInfo[0]!.status).toBe("breached");
    expect(afterRestart.slaDeadline).toBeNull();
    const restartEvents = await workflowEventsOf(a.api, expedited.id);
    for (const type of ["workflow.creation_deadline", "workflow.sla_warning", "workflow.sla_breach"])
      expect(single(restartEvents, type).time).toBe(iso(restartedAt));
    single(restartEvents, "workflow.task.escalated", "deadline_exceeded");
    single(restartEvents, "workflow.task.escalated", "sla_deadline_approaching");
    single(restartEvents, "workflow.task.sla_breached", "sla_deadline_exceeded");

    // A second platform on the same database, both clocks at the same time: every timer is up for grabs by both.
    const clockB = new ManualClock(restartedAt);
    const b = await start(databaseUrl, clockB);
    const sla = await clockedTask(a.api, ["snap_expedited"]);
    await act(b.api, sla.id, "claim", undefined, asWorker);
    const verifying = await clockedTask(b.api);
    await act(a.api, verifying.id, "claim", undefined, asWorker);
    await act(a.api, verifying.id, "await-verification", undefined, asWorker);
    const client = await clockedTask(a.api);
    await act(b.api, client.id, "claim", undefined, asWorker);
    await act(b.api, client.id, "await-client", undefined, asWorker);

    clockA.advance(31 * DAY_MS);
    clockB.advance(31 * DAY_MS);
    await Promise.all([a.platform.settle(), b.platform.settle()]);
    await a.platform.settle();
    await b.platform.settle();

    const slaEvents = await workflowEventsOf(a.api, sla.id);
    expect(countByType(slaEvents)).toEqual(
      expect.objectContaining({
        "workflow.creation_deadline": 1,
        "workflow.sla_warning": 1,
        "workflow.sla_breach": 1,
        "workflow.task.escalated": 2,
        "workflow.task.sla_breached": 1,
      }),
    );
    expect((await getTask(b.api, sla.id)).slaInfo[0]!.status).toBe("breached");
    expect(countByType(await workflowEventsOf(b.api, verifying.id))).toEqual(
      expect.objectContaining({ "workflow.verification_timeout": 1, "workflow.task.resumed": 1 }),
    );
    expect((await getTask(a.api, verifying.id)).status).toBe("in_progress");
    expect(countByType(await workflowEventsOf(a.api, client.id))).toEqual(
      expect.objectContaining({ "workflow.client_timeout": 1, "workflow.task.cancelled": 1 }),
    );
    expect((await getTask(b.api, client.id)).status).toBe("cancelled");
    expect(await workflowEventsOf(b.api, expedited.id)).toEqual(restartEvents);
  }, 90_000);
});
