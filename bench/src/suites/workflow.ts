import path from "node:path";
import type pg from "pg";
import { getJson, median, now, waitFor } from "../measure";
import { generalQueueId, snapQueueId } from "../people";
import { admin, benchToken, freshDatabase, repositoryRoot, startPlatform, watched } from "../platform";
import { attempt, fail, joined, type Suite, type SuiteContext } from "../suite";
import { benchWorkerCount, benchWorkerSubject, seedMetricData } from "./workflow-seed";

// The supervisor's metrics over a long history against their own statements alone; claim/complete by many workers against one.

const prefix = process.env.EVENT_TYPE_PREFIX ?? "";
const programs = ["snap", "medicaid", "chip", "tanf", "aca"];

export const workflow: Suite = async (context) => {
  const { scope, quick } = context;
  const size = quick
    ? { tasks: 5_000, events: 20_000, repetitions: 3, workers: [1, 4], seconds: 3, pending: 1_500 }
    : { tasks: 100_000, events: 1_000_000, repetitions: 7, workers: [1, 4, 16], seconds: 10, pending: 6_000 };
  const database = await freshDatabase(scope);
  const seeding = Date.now();
  // Before the platform starts: its hub then begins at the head of the log and never reads the history back.
  await seedMetricData(database.client, size, prefix);
  context.note(
    `${size.tasks} tasks and ${size.events} events written by SQL in ${((Date.now() - seeding) / 1000).toFixed(1)} s; metrics timed ${size.repetitions} times each; claim/complete ${size.seconds} s per pass after 2 s of warm-up`,
  );
  const platform = await startPlatform(scope, database.url);
  await consumersCaughtUp(database.client);
  await attempt(context, [{ scenario: "metric" }], () =>
    watched([platform], () => metrics(context, platform.restBase, database.client, size.repetitions)),
  );

  const pending = await createPendingTasks(platform.graphqlBase, size.pending);
  const pool = { ids: pending, next: 0 };
  const rates = new Map<number, number>();
  for (const workers of size.workers) {
    await consumersCaughtUp(database.client);
    const variant = `${workers} workers`;
    const pass = await attempt(context, workers > 1 ? [{ scenario: "claim-complete", variant }] : [], () =>
      watched([platform], () => claimComplete(platform.restBase, database.client, pool, { workers, seconds: size.seconds })),
    );
    if (!pass) continue;
    context.log(`claim/complete, ${variant}: ${pass.ours.toFixed(0)} transitions/s; ${pass.detail}`);
    rates.set(workers, pass.ours);
    if (workers > 1) context.record({ scenario: "claim-complete", variant, comparison: rates.get(1) ?? NaN, ...pass });
  }
};

/** Up to a minute for the durable consumers to reach the log's head: catching up (the seed, new tasks' timers) must not run under load. */
async function consumersCaughtUp(db: pg.Client): Promise<void> {
  const behind = `SELECT 1 FROM event_consumer WHERE position < (SELECT coalesce(max(position), 0) FROM platform_event) LIMIT 1`;
  await waitFor(async () => !(await db.query(behind)).rowCount, 60_000, 200);
}

type MetricDefinition = { id: string; aggregate: string };
type Statement = { text: string; values: unknown[] };
type RawSql = { $queryRaw(query: Statement): Promise<unknown> };
type ComputeMetric = (db: RawSql, metric: MetricDefinition, filters: object, prefix?: string) => Promise<unknown>;

/** One request at a time (a dashboard, not a load), beside the statement the platform runs for it (from its build), alone on `pg`. */
async function metrics(context: SuiteContext, restBase: string, db: pg.Client, repetitions: number): Promise<void> {
  const dist = path.join(repositoryRoot, "subgraphs", "workflow", "dist");
  const { computeMetric } = require(path.join(dist, "domain", "metrics.js")) as { computeMetric: ComputeMetric };
  const { metricDefinitions } = require(path.join(dist, "config", "metrics.js")) as { metricDefinitions: MetricDefinition[] };
  const expected = await expectedValues(db);
  // As the platform runs them: without JIT compilation, which over a million events costs more than the query.
  await db.query("SET jit = off");
  const timed = async (work: () => Promise<unknown>) => {
    await work();
    const times: number[] = [];
    for (let repetition = 0; repetition < repetitions; repetition++) {
      const started = now();
      await work();
      times.push(now() - started);
    }
    return median(times);
  };
  const answered = async (requestPath: string) =>
    (await getJson(restBase + requestPath, { headers: admin })).status === 200 || fail(`GET ${requestPath} failed`);
  const alone = new Map<string, number>();
  for (const definition of metricDefinitions) {
    for (const groupBy of [undefined, "queueId", "programType"]) {
      const requestPath = `/workflow/metrics/${definition.id}${groupBy ? `?groupBy=${groupBy}` : ""}`;
      const variant = `${definition.id}${groupBy ? ` by ${groupBy}` : ""}`;
      await attempt(context, [{ scenario: "metric", variant }], async () => {
        const first = await getJson(restBase + requestPath, { headers: admin });
        const wrong = first.status !== 200 ? `answered ${first.status}` : judge(definition.id, groupBy, first.body as MetricBody, expected);
        let statement: Statement | undefined;
        await computeMetric({ $queryRaw: async (query) => ((statement = query), []) }, definition, groupBy ? { groupBy } : {}, prefix);
        const ours = await timed(() => answered(requestPath));
        const floor = await timed(() => db.query(statement!.text, statement!.values));
        if (!groupBy) alone.set(definition.id, floor);
        const invalid = wrong && `the answer does not match the data: ${wrong}`;
        context.record({ scenario: "metric", variant, ours, comparison: floor, ...(invalid && { invalid }) });
      });
    }
  }
  const all = await timed(() => answered("/workflow/metrics"));
  context.record({ scenario: "metric", variant: "all five", ours: all, comparison: [...alone.values()].reduce((sum, ms) => sum + ms, 0) });
}

type MetricBody = { value?: number | null; breakdown?: Record<string, number | null> };
type Expected = { pending: number; breachRate: number; releaseRate: number; warningRate: number };

/** The ungrouped values worked out from the rows directly, so a fast wrong answer cannot pass. */
async function expectedValues(db: pg.Client): Promise<Expected> {
  const { rows } = await db.query<Expected>(
    `SELECT (SELECT count(*)::int FROM workflow_task WHERE status = 'pending') AS pending,
       (SELECT avg(('breached' = ANY("slaStatuses"))::int)::float8 FROM workflow_task) AS "breachRate",
       (SELECT avg((type = $1)::int)::float8 FROM platform_event WHERE source = '/workflow' AND starts_with(type, $3)) AS "releaseRate",
       (SELECT avg((type = $2 AND data->>'reason' = 'sla_deadline_approaching')::int)::float8 FROM platform_event WHERE source = '/workflow' AND starts_with(type, $3)) AS "warningRate"`,
    [`${prefix}workflow.task.released`, `${prefix}workflow.task.escalated`, `${prefix}workflow.task.`],
  );
  return rows[0]!;
}

function judge(id: string, groupBy: string | undefined, body: MetricBody, expected: Expected): string {
  if (groupBy) {
    const keys = Object.keys(body.breakdown ?? {})
      .sort()
      .join();
    const want = (groupBy === "queueId" ? [snapQueueId, generalQueueId] : programs).sort().join();
    const parts = Object.values(body.breakdown ?? {});
    if (keys !== want || parts.some((part) => typeof part !== "number")) return `breakdown ${JSON.stringify(body.breakdown)}`;
    const sum = (parts as number[]).reduce((total, part) => total + part, 0);
    return id === "tasks_in_queue" && sum !== expected.pending ? `the groups add up to ${sum}, not ${expected.pending}` : "";
  }
  const value = body.value;
  const want = {
    tasks_in_queue: expected.pending,
    sla_breach_rate: expected.breachRate,
    release_rate: expected.releaseRate,
    sla_warning_rate: expected.warningRate,
  }[id];
  if (typeof value !== "number") return `value ${JSON.stringify(value)}`;
  // The seed claims each task at most 8 hours after creating it.
  if (id === "task_time_to_claim") return value > 0 && value <= 8 * 3600 ? "" : `${value} s, expected between 0 and 8 hours`;
  return want !== undefined && Math.abs(value - want) < 1e-9 ? "" : `${value}, expected ${want ?? "a known metric"}`;
}

/** Through the API, not inserted: each has its creation event and timers, which claiming and completing must reschedule or cancel. */
async function createPendingTasks(graphqlBase: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const creator = async () => {
    for (let batch = next; batch < count; batch = next) {
      next += 50;
      const numbers = Array.from({ length: Math.min(50, count - batch) }, (_, index) => batch + index);
      const fields = numbers.map((n) => {
        const program = ["snap", "snap", "medicaid", "chip", "tanf", "aca"][n % 6]!;
        const sla = n % 2 ? "" : `, slaInfo: [{ slaTypeCode: ${program === "snap" ? "snap_standard" : "medicaid_standard"} }]`;
        return `t${n}: createTask(input: { name: "Bench review ${n}", taskType: "application_review", programType: ${program}${sla} }) { id status }`;
      });
      const { status, body } = await getJson(`${graphqlBase}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...admin },
        body: JSON.stringify({ query: `mutation { ${fields.join("\n")} }` }),
      });
      const data = (body as { data?: Record<string, { id: string; status: string } | null> }).data;
      for (const task of numbers.map((n) => data?.[`t${n}`]))
        ids.push(task?.status === "pending" ? task.id : fail(`createTask answered ${status}: ${JSON.stringify(body).slice(0, 300)}`));
    }
  };
  await Promise.all(Array.from({ length: 4 }, creator));
  return ids;
}

/**
 * Case workers, each with a token and account of their own, claiming and completing the next task for
 * 2 s of warm-up, then the measured seconds. Every task goes to one worker only, so anything but a 200
 * with the task in its new state is a fault, and the tasks' rows and events must say what the answers said.
 */
async function claimComplete(
  restBase: string,
  db: pg.Client,
  pool: { ids: readonly string[]; next: number },
  options: { workers: number; seconds: number },
) {
  const subjects = Array.from({ length: options.workers }, (_, index) => benchWorkerSubject(index));
  if (options.workers > benchWorkerCount) throw new Error(`${options.workers} workers, but the seed makes ${benchWorkerCount} accounts`);
  const { rows } = await db.query<{ id: string; subject: string }>(
    `SELECT id::text, "idpSubject" AS subject FROM app_user WHERE "idpSubject" = ANY($1::text[]) AND status = 'active'`,
    [subjects],
  );
  const workers = await Promise.all(
    subjects.map(async (sub) => {
      const userId = rows.find((row) => row.subject === sub)?.id ?? fail(`no active account for the seeded worker ${sub}`);
      return { userId, authorization: `Bearer ${await benchToken(["case_worker"], { sub, userId })}` };
    }),
  );
  const ended: number[] = [];
  const failures = new Map<string, number>();
  const answered = { completed: 0, claimedOnly: 0 };
  const first = pool.next;
  const act = async (worker: (typeof workers)[number], id: string, action: "claim" | "complete") => {
    const completing = action === "complete";
    const problem = await getJson(`${restBase}/workflow/tasks/${id}/${action}`, {
      method: "POST",
      // A claim has no body, and a JSON content type without one is a 400.
      headers: { authorization: worker.authorization, ...(completing && { "content-type": "application/json" }) },
      body: completing ? JSON.stringify({ outcome: "approved" }) : undefined,
      signal: AbortSignal.timeout(30_000),
    }).then(
      ({ status, body: task }) => {
        const { id: got, status: state, assignedToId } = task as { id?: string; status?: string; assignedToId?: string };
        return status !== 200
          ? `${status}`
          : got !== id || state !== (action === "claim" ? "in_progress" : "completed") || assignedToId !== worker.userId
            ? `200 with the task ${state}, assigned to ${assignedToId}`
            : "";
      },
      (error: Error) => error.message.split("\n")[0]!,
    );
    if (problem) failures.set(`${action}: ${problem}`, (failures.get(`${action}: ${problem}`) ?? 0) + 1);
    else ended.push(now());
    return !problem;
  };
  const start = now();
  const [from, to] = [start + 2_000, start + 2_000 + options.seconds * 1000];
  let last = start;
  await Promise.all(
    workers.map(async (worker) => {
      while (now() < to && pool.next < pool.ids.length) {
        const id = pool.ids[pool.next++]!;
        if (!(await act(worker, id, "claim"))) continue;
        if (await act(worker, id, "complete")) answered.completed++;
        else answered.claimedOnly++;
        last = Math.max(last, now());
      }
    }),
  );
  const windowEnd = pool.next >= pool.ids.length && last < to ? last : to;
  const transitions = ended.filter((at) => at >= from && at <= windowEnd).length;
  const attempted = pool.ids.slice(first, pool.next);
  const state = (
    await db.query<{ completed: number; in_progress: number; claimed: number; closed: number }>(
      `SELECT (SELECT count(*)::int FROM workflow_task WHERE id = ANY($1::uuid[]) AND status = 'completed') AS completed,
         (SELECT count(*)::int FROM workflow_task WHERE id = ANY($1::uuid[]) AND status = 'in_progress') AS in_progress,
         (SELECT count(*)::int FROM platform_event WHERE subject = ANY($1::uuid[]) AND type = $2) AS claimed,
         (SELECT count(*)::int FROM platform_event WHERE subject = ANY($1::uuid[]) AND type = $3) AS closed`,
      [attempted, `${prefix}workflow.task.claimed`, `${prefix}workflow.task.completed`],
    )
  ).rows[0]!;
  const consistent =
    state.completed === answered.completed &&
    state.in_progress === answered.claimedOnly &&
    state.claimed === answered.completed + answered.claimedOnly &&
    state.closed === answered.completed;
  const faults = [...failures].map(([what, count]) => `${count}× ${what}`).join(", ");
  const mismatch = !consistent && `the database does not match the answers: ${JSON.stringify(state)} against ${JSON.stringify(answered)}`;
  const invalid = joined([faults, mismatch]);
  return {
    ours: transitions / ((windowEnd - from) / 1000),
    detail: `${attempted.length} tasks${windowEnd < to ? " (ran out)" : ""}`,
    ...(invalid && { invalid }),
  };
}
