// /workflow/metrics over real HTTP against PostgreSQL (SPEC §2.6, §4.4): every metric checked against
// values worked out by hand from a small world built on a manual clock, so event times and gaps are exact.
import { DAY_MS, HOUR_MS, ManualClock } from "@pap/core";
import { bearer, workerAccount, type Account } from "../support/auth";
import { detailFields, expectErrorEnvelope, expectListEnvelope, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { newTask } from "../support/creators";

// A Monday of a week with no holiday, so the 72-business-hour creation deadline falls 72 real hours
// later (Thursday 09:00; the week of Thanksgiving would put it on Friday).
const T0 = Date.parse("2026-11-30T09:00:00.000Z");
// Phase B starts eight days later (Tuesday), when every phase A timer has fired.
const T1 = T0 + 8 * DAY_MS;
const at = (start: number, hours: number) => new Date(start + hours * HOUR_MS).toISOString();

const clock = new ManualClock(new Date(T0));
const { api, settle } = useTestPlatform("workflow_metrics", { clock });

const SNAP_QUEUE = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
const GENERAL_QUEUE = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";
/** The three case workers of phase B, with real accounts (claiming needs one). */
let W1: Account;
let W2: Account;
let W3: Account;

type Task = { id: string; status: string; queueId: string | null; programType: string | null; slaInfo: Array<{ status: string }> };
type Metric = {
  id: string;
  name: string;
  aggregate: string;
  value: number | null;
  breakdown?: Record<string, number | null>;
  targets: unknown[];
  computedAt: string;
};

type TaskName = "A1" | "A2" | "B1" | "B2" | "B3" | "B4" | "B5" | "B6" | "B7";
const world = {} as Record<TaskName, Task> & { userQueue: string };

async function act(task: Task, action: string, body: Record<string, unknown> = {}, worker?: Account): Promise<Task> {
  const response = await api.post(`/workflow/tasks/${task.id}/${action}`, body, worker?.headers);
  if (response.status !== 200) throw new Error(`${action} on ${task.id} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Task;
}

async function advanceHours(hours: number): Promise<void> {
  clock.advance(hours * HOUR_MS);
  await settle();
}

async function getMetric(id: string, params: Record<string, string> = {}): Promise<Metric> {
  const response = await api.get(listPath(`/workflow/metrics/${id}`, params));
  if (response.status !== 200) throw new Error(`GET metric ${id} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Metric;
}

/** Every metric's value under the given filters, keyed by id (each fetched on its own route). */
async function valuesOf(params: Record<string, string> = {}): Promise<Record<string, number | null>> {
  const ids = ["task_time_to_claim", "tasks_in_queue", "release_rate", "sla_breach_rate", "sla_warning_rate"];
  const metrics = await Promise.all(ids.map((id) => getMetric(id, params)));
  return Object.fromEntries(metrics.map((metric) => [metric.id, metric.value]));
}

/*
 * The world, and the workflow.task.* events it leaves (23 in all):
 *
 * Phase A, from T0 (Mon 09:00), both with a 7-day snap_expedited clock (warning at 126 h, deadline 168 h):
 *   A1 snap → snap-intake      created; T0+73h escalated (deadline_exceeded); T0+127h escalated
 *                              (sla_deadline_approaching); T0+169h sla_breached     → escalated, breached
 *   A2 medicaid → general      created; T0+73h escalated; T0+127h escalated (approaching); T0+127h cancelled
 *                                                                                      → cancelled, clock completed
 * Phase B, from T1 (Tue 09:00, T0+8d):
 *   B1 snap → snap-intake      created T1; claimed W1 +1h; released +2h; claimed W2 +9h → in_progress
 *   B2 medicaid → general      created T1; claimed W2 +4h; released +10h                → pending
 *   B3 no program → user queue created T1; claimed W3 +12h                             → in_progress
 *   B4 snap → user queue       created T1                                              → pending
 *   B5 medicaid → general      created T1                                              → pending
 *   B6 no program → general    created T1                                              → pending
 *   B7 snap → snap-intake      created T1+5h; claimed W1 +7h; released +8h             → pending
 *
 * First-claim gaps: B1 1 h, B2 4 h, B7 2 h, B3 12 h (B1's second claim does not count): median 3 h.
 */
beforeAll(async () => {
  [W1, W2, W3] = [await workerAccount(api), await workerAccount(api), await workerAccount(api)];
  const queue = await api.post("/workflow/queues", { name: "Metrics review", description: "Hand-picked work" });
  if (queue.status !== 201) throw new Error(`create queue failed: ${queue.status} ${JSON.stringify(queue.body)}`);
  world.userQueue = queue.body.id;

  const expedited = [{ slaTypeCode: "snap_expedited" }];
  world.A1 = await newTask(api, { name: "A1 expedited SNAP intake", programType: "snap", isExpedited: true, slaInfo: expedited });
  world.A2 = await newTask(api, { name: "A2 Medicaid intake on a 7-day clock", programType: "medicaid", slaInfo: expedited });
  await advanceHours(73); // creation deadline (72 business hours) passed: both escalated
  await advanceHours(54); // 127 h: past the 75 % warning (126 h)
  await act(world.A2, "cancel", { reason: "Duplicate of another application" });
  await advanceHours(42); // 169 h: past A1's 168 h deadline
  clock.set(new Date(T1));
  await settle();

  world.B1 = await newTask(api, { name: "B1 SNAP interview", programType: "snap" });
  world.B2 = await newTask(api, { name: "B2 Medicaid renewal", programType: "medicaid" });
  world.B3 = await newTask(api, { name: "B3 address change", queueId: world.userQueue });
  world.B4 = await newTask(api, { name: "B4 SNAP review", programType: "snap", queueId: world.userQueue });
  world.B5 = await newTask(api, { name: "B5 Medicaid documents", programType: "medicaid" });
  world.B6 = await newTask(api, { name: "B6 general inquiry" });
  await advanceHours(1);
  await act(world.B1, "claim", {}, W1);
  await advanceHours(1);
  await act(world.B1, "release", { reason: "Out sick this afternoon" }, W1);
  await advanceHours(2);
  await act(world.B2, "claim", {}, W2);
  await advanceHours(1);
  world.B7 = await newTask(api, { name: "B7 SNAP recertification", programType: "snap" });
  await advanceHours(2);
  await act(world.B7, "claim", {}, W1);
  await advanceHours(1);
  await act(world.B7, "release", { reason: "Needs a Spanish speaker" }, W1);
  await advanceHours(1);
  await act(world.B1, "claim", {}, W2);
  await advanceHours(1);
  await act(world.B2, "release", { reason: "Waiting on another unit" }, W2);
  await advanceHours(2);
  await act(world.B3, "claim", {}, W3);
}, 120_000);

const NOW = at(T1, 12);

describe("the world the expectations are computed from", () => {
  it("has the statuses, queues, SLA clocks and task events described above", async () => {
    const expected: Record<string, [status: string, queueId: string, slaStatuses: string]> = {
      A1: ["escalated", SNAP_QUEUE, "breached"],
      A2: ["cancelled", GENERAL_QUEUE, "completed"],
      B1: ["in_progress", SNAP_QUEUE, ""],
      B2: ["pending", GENERAL_QUEUE, ""],
      B3: ["in_progress", world.userQueue, ""],
      B4: ["pending", world.userQueue, ""],
      B5: ["pending", GENERAL_QUEUE, ""],
      B6: ["pending", GENERAL_QUEUE, ""],
      B7: ["pending", SNAP_QUEUE, ""],
    };
    const types: Record<string, string[]> = {
      A1: ["created", "escalated", "escalated", "sla_breached"],
      A2: ["created", "escalated", "escalated", "cancelled"],
      B1: ["created", "claimed", "released", "claimed"],
      B2: ["created", "claimed", "released"],
      B3: ["created", "claimed"],
      B4: ["created"],
      B5: ["created"],
      B6: ["created"],
      B7: ["created", "claimed", "released"],
    };
    for (const [name, [status, queueId, sla]] of Object.entries(expected)) {
      const task = (await api.get(`/workflow/tasks/${world[name as TaskName].id}`)).body as Task;
      expect({ name, status: task.status, queueId: task.queueId, sla: task.slaInfo.map((clock) => clock.status).join() }).toEqual({
        name,
        status,
        queueId,
        sla,
      });
      const events = await api.get(listPath("/platform/events", { source: "/workflow", subject: task.id, limit: 100 }));
      // Compared as multisets: the log orders events of the same instant (A2's warning and cancellation) by id, not by append order.
      const taskEvents = (events.body.items as Array<{ type: string }>)
        .map((event) => event.type)
        .filter((type) => type.startsWith("workflow.task."));
      expect({ name, types: taskEvents.sort() }).toEqual({ name, types: types[name]!.map((type) => `workflow.task.${type}`).sort() });
    }
  });
});

describe("GET /workflow/metrics/{metricId}", () => {
  it("computes every metric over the whole world", async () => {
    expect(await valuesOf()).toEqual({
      task_time_to_claim: 3 * 3600, // median of 1, 2, 4 and 12 hours
      tasks_in_queue: 5, // B2, B4, B5, B6, B7
      release_rate: 3 / 23,
      sla_breach_rate: 1 / 9, // A1 of nine tasks
      sla_warning_rate: 2 / 23,
    });
  });

  it("returns the configured name, aggregate and targets, no breakdown without groupBy, and computedAt = the clock's now", async () => {
    const [claim, queue, release, breach, warning] = await Promise.all(
      ["task_time_to_claim", "tasks_in_queue", "release_rate", "sla_breach_rate", "sla_warning_rate"].map((id) => getMetric(id)),
    );
    expect(claim).toEqual({
      id: "task_time_to_claim",
      name: "Task Time to Claim",
      aggregate: "duration",
      value: 10800,
      targets: [{ stat: "p50", operator: "<", amount: 4, unit: "hours", label: "4h" }],
      computedAt: NOW,
    });
    expect(queue).toEqual({
      id: "tasks_in_queue",
      name: "Tasks in Queue",
      aggregate: "count",
      value: 5,
      targets: [{ stat: "trend", direction: "down" }],
      computedAt: NOW,
    });
    expect(release).toEqual(
      expect.objectContaining({
        name: "Release Rate",
        aggregate: "ratio",
        targets: [{ stat: "ratio", operator: "<", amount: 10, unit: "percent" }],
      }),
    );
    expect(breach).toEqual(
      expect.objectContaining({
        name: "SLA Breach Rate",
        aggregate: "ratio",
        targets: [{ stat: "ratio", operator: "<", amount: 5, unit: "percent" }],
      }),
    );
    expect(warning).toEqual(
      expect.objectContaining({
        name: "SLA Warning Rate",
        aggregate: "ratio",
        targets: [{ stat: "ratio", operator: "<", amount: 15, unit: "percent" }],
      }),
    );
    for (const metric of [release, breach, warning]) {
      expect(metric).not.toHaveProperty("breakdown");
      expect(metric?.computedAt).toBe(NOW);
    }
  });

  it("groupBy=queueId: value null and a breakdown per queue holding matching tasks", async () => {
    const snap = SNAP_QUEUE;
    const general = GENERAL_QUEUE;
    const user = world.userQueue;
    const expected: Record<string, Record<string, number | null>> = {
      // B1, B7 in snap-intake; B2 in general; B3 in the user queue.
      task_time_to_claim: { [snap]: 1.5 * 3600, [general]: 4 * 3600, [user]: 12 * 3600 },
      // snap-intake holds no pending task but B7.
      tasks_in_queue: { [snap]: 1, [general]: 3, [user]: 1 },
      // snap-intake: 11 events (A1 4, B1 4, B7 3), general: 9 (A2 4, B2 3, B5, B6), user queue: 3.
      release_rate: { [snap]: 2 / 11, [general]: 1 / 9, [user]: 0 },
      sla_breach_rate: { [snap]: 1 / 3, [general]: 0, [user]: 0 },
      sla_warning_rate: { [snap]: 1 / 11, [general]: 1 / 9, [user]: 0 },
    };
    for (const [id, breakdown] of Object.entries(expected)) {
      const metric = await getMetric(id, { groupBy: "queueId" });
      expect({ id, value: metric.value, breakdown: metric.breakdown }).toEqual({ id, value: null, breakdown });
    }
  });

  it("groupBy=programType: value null and a breakdown per program, tasks without one under 'none'", async () => {
    const expected: Record<string, Record<string, number | null>> = {
      task_time_to_claim: { snap: 1.5 * 3600, medicaid: 4 * 3600, none: 12 * 3600 },
      tasks_in_queue: { snap: 2, medicaid: 2, none: 1 },
      // snap: 12 events (A1 4, B1 4, B4 1, B7 3), medicaid: 8 (A2 4, B2 3, B5 1), none: 3 (B3 2, B6 1).
      release_rate: { snap: 2 / 12, medicaid: 1 / 8, none: 0 },
      sla_breach_rate: { snap: 1 / 4, medicaid: 0, none: 0 },
      sla_warning_rate: { snap: 1 / 12, medicaid: 1 / 8, none: 0 },
    };
    for (const [id, breakdown] of Object.entries(expected)) {
      const metric = await getMetric(id, { groupBy: "programType" });
      expect({ id, value: metric.value, breakdown: metric.breakdown }).toEqual({ id, value: null, breakdown });
    }
  });

  it("queueId restricts every metric to the tasks of that queue", async () => {
    expect(await valuesOf({ queueId: world.userQueue })).toEqual({
      task_time_to_claim: 12 * 3600,
      tasks_in_queue: 1,
      release_rate: 0,
      sla_breach_rate: 0,
      sla_warning_rate: 0,
    });
    expect(await valuesOf({ queueId: SNAP_QUEUE })).toEqual({
      task_time_to_claim: 1.5 * 3600,
      tasks_in_queue: 1,
      release_rate: 2 / 11,
      sla_breach_rate: 1 / 3,
      sla_warning_rate: 1 / 11,
    });
  });

  it("program restricts every metric to the tasks of that program, and combines with queueId", async () => {
    expect(await valuesOf({ program: "snap" })).toEqual({
      task_time_to_claim: 1.5 * 3600,
      tasks_in_queue: 2,
      release_rate: 1 / 6,
      sla_breach_rate: 1 / 4,
      sla_warning_rate: 1 / 12,
    });
    expect(await valuesOf({ program: "medicaid", queueId: GENERAL_QUEUE })).toEqual({
      task_time_to_claim: 4 * 3600,
      tasks_in_queue: 2,
      release_rate: 1 / 8,
      sla_breach_rate: 0,
      sla_warning_rate: 1 / 8,
    });
  });

  it("a filter no task matches gives counts and ratios of 0 and no duration", async () => {
    expect(await valuesOf({ program: "tanf" })).toEqual({
      task_time_to_claim: null,
      tasks_in_queue: 0,
      release_rate: 0,
      sla_breach_rate: 0,
      sla_warning_rate: 0,
    });
    expect(await valuesOf({ queueId: SNAP_QUEUE, program: "medicaid" })).toEqual({
      task_time_to_claim: null,
      tasks_in_queue: 0,
      release_rate: 0,
      sla_breach_rate: 0,
      sla_warning_rate: 0,
    });
  });

  describe("from/to windows (events by time, tasks by createdAt, both ends inclusive)", () => {
    it("from the start of phase B: only its tasks and its 15 events", async () => {
      expect(await valuesOf({ from: at(T1, 0) })).toEqual({
        task_time_to_claim: 3 * 3600,
        tasks_in_queue: 5,
        release_rate: 3 / 15,
        sla_breach_rate: 0,
        sla_warning_rate: 0,
      });
    });

    it("up to the end of phase A: its two tasks, its 8 events, and nothing claimed", async () => {
      expect(await valuesOf({ to: at(T0, 169) })).toEqual({
        task_time_to_claim: null,
        tasks_in_queue: 0,
        release_rate: 0,
        sla_breach_rate: 1 / 2,
        sla_warning_rate: 2 / 8,
      });
    });

    it("the instant of the SLA warnings: the two warnings and the cancellation", async () => {
      const instant = at(T0, 127);
      expect(await valuesOf({ from: instant, to: instant })).toEqual({
        task_time_to_claim: null,
        tasks_in_queue: 0,
        release_rate: 0,
        sla_breach_rate: 0,
        sla_warning_rate: 2 / 3,
      });
    });

    it("a window ending before the later claims measures only B1's first claim", async () => {
      // 16 events up to T1+2h: phase A's 8 (two of them warnings), six creations, B1's claim and release.
      expect(await valuesOf({ to: at(T1, 2) })).toEqual({
        task_time_to_claim: 3600,
        tasks_in_queue: 4,
        release_rate: 1 / 16,
        sla_breach_rate: 1 / 8,
        sla_warning_rate: 2 / 16,
      });
    });

    it("a window starting after phase B's first creations measures only B7 (a claim needs its creation in the window)", async () => {
      // From T1+5h: B7 created, claimed, released; B1 claimed; B2 released; B3 claimed.
      expect(await valuesOf({ from: at(T1, 5) })).toEqual({
        task_time_to_claim: 2 * 3600,
        tasks_in_queue: 1,
        release_rate: 2 / 6,
        sla_breach_rate: 0,
        sla_warning_rate: 0,
      });
      expect((await getMetric("task_time_to_claim", { from: at(T1, 3), to: at(T1, 8) })).value).toBe(2 * 3600);
    });

    it("a window in which nothing was claimed gives no time to claim", async () => {
      expect((await getMetric("task_time_to_claim", { to: at(T1, 0.5) })).value).toBeNull();
      expect(await valuesOf({ from: at(T1, 13) })).toEqual({
        task_time_to_claim: null,
        tasks_in_queue: 0,
        release_rate: 0,
        sla_breach_rate: 0,
        sla_warning_rate: 0,
      });
    });

    it("accepts instants with an offset", async () => {
      // T1+2h written in US Eastern time.
      expect((await getMetric("task_time_to_claim", { to: "2026-12-08T06:00:00-05:00" })).value).toBe(3600);
    });

    it("windows combine with groupBy", async () => {
      const metric = await getMetric("release_rate", { from: at(T1, 5), groupBy: "programType" });
      // B7: created, claimed, released; B1: claimed; B2: released; B3: claimed.
      expect({ value: metric.value, breakdown: metric.breakdown }).toEqual({
        value: null,
        breakdown: { snap: 1 / 4, medicaid: 1, none: 0 },
      });
    });
  });

  it("ratios stay within 0 and 1 under every grouping", async () => {
    for (const id of ["release_rate", "sla_breach_rate", "sla_warning_rate"]) {
      const variants: Array<Record<string, string>> = [{}, { groupBy: "queueId" }, { groupBy: "programType" }, { from: at(T1, 5) }];
      for (const params of variants) {
        const metric = await getMetric(id, params);
        for (const value of metric.breakdown ? Object.values(metric.breakdown) : [metric.value]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  describe("errors", () => {
    it("404 NOT_FOUND for an unknown metric id", async () => {
      expectErrorEnvelope(await api.get("/workflow/metrics/case_backlog"), 404, "NOT_FOUND");
    });

    it.each([
      ["groupBy=status", { groupBy: "status" }, "groupBy"],
      ["from=not-a-date", { from: "not-a-date" }, "from"],
      ["to without a time zone", { to: "2026-12-01T09:00:00" }, "to"],
      ["queueId=not-a-uuid", { queueId: "not-a-uuid" }, "queueId"],
      ["program=wic", { program: "wic" }, "program"],
    ])("400 naming the parameter for %s", async (_label, params, field) => {
      for (const path of ["/workflow/metrics/release_rate", "/workflow/metrics"]) {
        const body = expectErrorEnvelope(await api.get(listPath(path, params)), 400, "BAD_REQUEST");
        expect({ path, fields: detailFields(body) }).toEqual({ path, fields: expect.arrayContaining([field]) });
      }
    });

    it("400 when from is after to", async () => {
      const body = expectErrorEnvelope(
        await api.get(listPath("/workflow/metrics/release_rate", { from: at(T1, 2), to: at(T1, 1) })),
        400,
        "BAD_REQUEST",
      );
      expect(detailFields(body)).toContain("from");
    });
  });
});

describe("GET /workflow/metrics", () => {
  it("returns all five, sorted by name by default, with their values", async () => {
    const items = expectListEnvelope(await api.get("/workflow/metrics"), { total: 5, limit: 25, offset: 0, hasNext: false }) as Metric[];
    expect(items.map((metric) => [metric.id, metric.value])).toEqual([
      ["release_rate", 3 / 23],
      ["sla_breach_rate", 1 / 9],
      ["sla_warning_rate", 2 / 23],
      ["task_time_to_claim", 10800],
      ["tasks_in_queue", 5],
    ]);
    for (const metric of items) expect(metric.computedAt).toBe(NOW);
  });

  it("q=aggregate:ratio* returns the three ratios", async () => {
    const items = expectListEnvelope(await api.get(listPath("/workflow/metrics", { q: "aggregate:ratio*" })), {
      total: 3,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(items.map((metric) => metric.id)).toEqual(["release_rate", "sla_breach_rate", "sla_warning_rate"]);
  });

  it("q=aggregate:ratio matches by contains (SPEC §4 q syntax), so 'duration' matches too", async () => {
    const items = expectListEnvelope(await api.get(listPath("/workflow/metrics", { q: "aggregate:ratio" })), {
      total: 4,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(items.map((metric) => metric.id)).toEqual(["release_rate", "sla_breach_rate", "sla_warning_rate", "task_time_to_claim"]);
    const counts = expectListEnvelope(await api.get(listPath("/workflow/metrics", { q: "aggregate:count" })), {
      total: 1,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(counts.map((metric) => metric.id)).toEqual(["tasks_in_queue"]);
  });

  it("sort=-value orders by the computed values, largest first", async () => {
    const items = expectListEnvelope(await api.get(listPath("/workflow/metrics", { sort: "-value" })), {
      total: 5,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(items.map((metric) => metric.id)).toEqual([
      "task_time_to_claim",
      "tasks_in_queue",
      "release_rate",
      "sla_breach_rate",
      "sla_warning_rate",
    ]);
  });

  it("pages: limit=2&offset=2 is the third and fourth by name, total 5", async () => {
    const items = expectListEnvelope(await api.get(listPath("/workflow/metrics", { limit: 2, offset: 2 })), {
      total: 5,
      limit: 2,
      offset: 2,
      hasNext: true,
    });
    expect(items.map((metric) => metric.id)).toEqual(["sla_warning_rate", "task_time_to_claim"]);
  });

  it("applies the filters to every metric listed", async () => {
    const items = expectListEnvelope(await api.get(listPath("/workflow/metrics", { queueId: world.userQueue, program: "snap" })), {
      total: 5,
      limit: 25,
      offset: 0,
      hasNext: false,
    }) as Metric[];
    // Only B4: pending, never claimed, one event.
    expect(Object.fromEntries(items.map((metric) => [metric.id, metric.value]))).toEqual({
      task_time_to_claim: null,
      tasks_in_queue: 1,
      release_rate: 0,
      sla_breach_rate: 0,
      sla_warning_rate: 0,
    });
  });

  it("groupBy gives every listed metric a breakdown and a null value", async () => {
    const items = expectListEnvelope(await api.get(listPath("/workflow/metrics", { groupBy: "programType" })), {
      total: 5,
      limit: 25,
      offset: 0,
      hasNext: false,
    }) as Metric[];
    expect(Object.fromEntries(items.map((metric) => [metric.id, [metric.value, metric.breakdown]]))).toEqual({
      task_time_to_claim: [null, { snap: 5400, medicaid: 14400, none: 43200 }],
      tasks_in_queue: [null, { snap: 2, medicaid: 2, none: 1 }],
      release_rate: [null, { snap: 1 / 6, medicaid: 1 / 8, none: 0 }],
      sla_breach_rate: [null, { snap: 1 / 4, medicaid: 0, none: 0 }],
      sla_warning_rate: [null, { snap: 1 / 12, medicaid: 1 / 8, none: 0 }],
    });
  });

  it("sort=id is 400 FIELD_NOT_SORTABLE (id is filterable, not sortable)", async () => {
    const body = expectErrorEnvelope(await api.get(listPath("/workflow/metrics", { sort: "id" })), 400, "FIELD_NOT_SORTABLE");
    expect(detailFields(body)).toEqual(["sort"]);
  });
});

describe("permissions (metrics:read is supervisor and up)", () => {
  it("a case worker gets 403 FORBIDDEN on the list and on one metric", async () => {
    const headers = W1.headers;
    expectErrorEnvelope(await api.raw("GET", "/workflow/metrics", undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("GET", "/workflow/metrics/tasks_in_queue", undefined, headers), 403, "FORBIDDEN");
  });

  it("no token gets 401", async () => {
    expectErrorEnvelope(await api.raw("GET", "/workflow/metrics", undefined, { authorization: "" }), 401, "UNAUTHORIZED");
  });

  it("a supervisor reads them", async () => {
    const headers = await bearer(["supervisor"], { sub: "test|supervisor", userId: "7a1c0d3e-4444-4a6b-9c0d-000000000004" });
    const response = await api.raw("GET", "/workflow/metrics/tasks_in_queue", undefined, headers);
    expect(response.status).toBe(200);
    expect(response.body.value).toBe(5);
  });
});

describe("GraphQL metrics", () => {
  it("metrics(groupBy: programType) agrees with REST", async () => {
    const result = await api.graphql("{ metrics(groupBy: programType) { items { id value breakdown } } }");
    expect(result.errors).toBeUndefined();
    const rest = await api.get(listPath("/workflow/metrics", { groupBy: "programType" }));
    expect(result.data.metrics.items).toEqual(
      rest.body.items.map((metric: Metric) => ({ id: metric.id, value: metric.value, breakdown: metric.breakdown })),
    );
    expect(result.data.metrics.items.find((metric: Metric) => metric.id === "sla_breach_rate").breakdown).toEqual({
      snap: 0.25,
      medicaid: 0,
      none: 0,
    });
  });

  it("metric(id, queueId) agrees with REST and is null for an unknown id", async () => {
    const result = await api.graphql(
      'query ($q: ID) { known: metric(id: "task_time_to_claim", queueId: $q) { value computedAt } unknown: metric(id: "nope") { value } }',
      {
        q: world.userQueue,
      },
    );
    expect(result).toEqual({ data: { known: { value: 43200, computedAt: NOW }, unknown: null } });
  });
});
