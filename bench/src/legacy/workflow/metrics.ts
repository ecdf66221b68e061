import path from "node:path";
import type pg from "pg";
import { authorization } from "../auth";
import { now, percentile } from "../events/clock";
import { generalQueueId, snapQueueId } from "./seed";

export const groupings = [null, "queueId", "programType"] as const;
export type Grouping = (typeof groupings)[number];

export type MetricTiming = {
  /** The path requested, relative to the root. */
  path: string;
  metricId: string | null;
  groupBy: Grouping;
  /** Milliseconds of each timed request, in the order made. */
  times: number[];
  median: number;
  p95: number;
  max: number;
};

export type MetricTimings = {
  timings: MetricTiming[];
  /** What each ungrouped metric answered, for the report. */
  values: Record<string, number | null>;
  /** Answers that do not match the data (checked on the untimed first request of each path). */
  wrong: string[];
  /** EXPLAIN (ANALYZE, BUFFERS) of the slowest single-metric query, run as the platform runs it. */
  explain: { label: string; sql: string; plan: string } | null;
};

type MetricBody = { id?: string; value?: number | null; breakdown?: Record<string, number | null> };

const programs = ["snap", "medicaid", "chip", "tanf", "aca"];

/**
 * Each metric alone, ungrouped and grouped by queue and by program, then the list of all five, over
 * HTTP one request at a time (a supervisor's dashboard, not a load test): one untimed request per
 * path first, whose answer is checked against the data, then `repetitions` timed ones.
 */
export async function timeMetrics(restBase: string, db: pg.Client, options: { repetitions: number; repositoryRoot: string }): Promise<MetricTimings> {
  const listing = await getJson(`${restBase}/workflow/metrics`);
  const ids = ((listing.body as { items?: MetricBody[] }).items ?? []).map((item) => item.id!);
  if (listing.status !== 200 || ids.length !== 5) throw new Error(`GET /workflow/metrics answered ${listing.status} with ${ids.length} metrics: ${JSON.stringify(listing.body).slice(0, 300)}`);

  const expected = await expectedValues(db);
  const values: Record<string, number | null> = {};
  const wrong: string[] = [];
  const timings: MetricTiming[] = [];
  const cases = [
    ...ids.flatMap((id) => groupings.map((groupBy) => ({ metricId: id as string | null, groupBy }))),
    { metricId: null, groupBy: null },
  ];
  for (const { metricId, groupBy } of cases) {
    const requestPath = `/workflow/metrics${metricId ? `/${metricId}` : ""}${groupBy ? `?groupBy=${groupBy}` : ""}`;
    const first = await getJson(restBase + requestPath);
    if (first.status !== 200) throw new Error(`GET ${requestPath} answered ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}`);
    if (metricId) {
      const body = first.body as MetricBody;
      if (!groupBy) values[metricId] = body.value ?? null;
      wrong.push(...judge(metricId, groupBy, body, expected).map((problem) => `${requestPath}: ${problem}`));
    } else {
      const items = (first.body as { items?: MetricBody[] }).items ?? [];
      for (const item of items) wrong.push(...judge(item.id!, null, item, expected).map((problem) => `${requestPath} (${item.id}): ${problem}`));
    }
    const times: number[] = [];
    for (let repetition = 0; repetition < options.repetitions; repetition++) {
      const started = now();
      const answer = await getJson(restBase + requestPath);
      times.push(now() - started);
      if (answer.status !== 200) throw new Error(`GET ${requestPath} answered ${answer.status} on repetition ${repetition + 1}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    timings.push({ path: requestPath, metricId, groupBy, times, median: median(sorted), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]! });
  }

  const slowest = timings.filter((timing) => timing.metricId).sort((a, b) => b.median - a.median)[0];
  // The plan is a diagnosis, not a figure: failing to take it must not throw the timings away.
  const explain = slowest
    ? await explainMetric(db, options.repositoryRoot, slowest).catch((error: Error) => ({ label: slowest.path, sql: "", plan: `EXPLAIN failed: ${error.message}` }))
    : null;
  return { timings, values, wrong, explain };
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: authorization, signal: AbortSignal.timeout(120_000) });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

const median = (sorted: readonly number[]) =>
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;

type Expected = { pending: number; breachRate: number; releaseRate: number; warningRate: number };

/** The ungrouped values worked out from the rows directly, so a fast wrong answer cannot pass. */
async function expectedValues(db: pg.Client): Promise<Expected> {
  const prefix = process.env.EVENT_TYPE_PREFIX ?? "";
  const { rows } = await db.query<{ pending: number; breach: number; release: number; warning: number }>(
    `SELECT
       (SELECT count(*)::int FROM workflow_task WHERE status = 'pending') AS pending,
       (SELECT avg(('breached' = ANY("slaStatuses"))::int)::float8 FROM workflow_task) AS breach,
       (SELECT avg((type = $1)::int)::float8 FROM platform_event WHERE source = '/workflow' AND starts_with(type, $3)) AS release,
       (SELECT avg((type = $2 AND data->>'reason' = 'sla_deadline_approaching')::int)::float8 FROM platform_event
         WHERE source = '/workflow' AND starts_with(type, $3)) AS warning`,
    [`${prefix}workflow.task.released`, `${prefix}workflow.task.escalated`, `${prefix}workflow.task.`],
  );
  const row = rows[0]!;
  return { pending: row.pending, breachRate: row.breach, releaseRate: row.release, warningRate: row.warning };
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

function judge(id: string, groupBy: Grouping, body: MetricBody, expected: Expected): string[] {
  if (groupBy) {
    const keys = Object.keys(body.breakdown ?? {}).sort();
    const want = (groupBy === "queueId" ? [snapQueueId, generalQueueId] : programs).sort();
    if (JSON.stringify(keys) !== JSON.stringify(want)) return [`breakdown keys ${keys.join(", ")}, expected ${want.join(", ")}`];
    const parts = Object.values(body.breakdown!);
    if (parts.some((part) => typeof part !== "number")) return [`a group without a value: ${JSON.stringify(body.breakdown)}`];
    if (id === "tasks_in_queue" && (parts as number[]).reduce((sum, part) => sum + part, 0) !== expected.pending) return [`the groups add up to ${parts.join(" + ")}, not ${expected.pending}`];
    return [];
  }
  const value = body.value;
  if (typeof value !== "number") return [`value ${JSON.stringify(value)}`];
  switch (id) {
    case "tasks_in_queue":
      return value === expected.pending ? [] : [`${value}, expected ${expected.pending}`];
    case "sla_breach_rate":
      return close(value, expected.breachRate) ? [] : [`${value}, expected ${expected.breachRate}`];
    case "release_rate":
      return close(value, expected.releaseRate) ? [] : [`${value}, expected ${expected.releaseRate}`];
    case "sla_warning_rate":
      return close(value, expected.warningRate) ? [] : [`${value}, expected ${expected.warningRate}`];
    case "task_time_to_claim":
      // The seed claims each task at most 8 hours after creating it, most a few hours after.
      return value > 0 && value <= 8 * 3600 ? [] : [`${value} s, expected between 0 and 8 hours`];
    default:
      return [`unknown metric`];
  }
}

type CapturingDatabase = { $queryRaw(query: { text: string; values: unknown[] }): Promise<unknown> };
type ComputeMetric = (
  db: CapturingDatabase,
  definition: { id: string; aggregate: string },
  filters: { groupBy?: string },
  typePrefix?: string,
) => Promise<unknown>;

/**
 * The statement the platform runs for one metric, taken from the workflow domain's compiled code
 * (bench does not depend on the package, so by path, as the platform itself is started), then run
 * under EXPLAIN with the same parameters.
 */
async function explainMetric(db: pg.Client, repositoryRoot: string, timing: MetricTiming): Promise<MetricTimings["explain"]> {
  const workflowDist = path.join(repositoryRoot, "subgraphs", "workflow", "dist");
  const { computeMetric } = require(path.join(workflowDist, "domain", "metrics.js")) as { computeMetric: ComputeMetric };
  const { metricDefinitions } = require(path.join(workflowDist, "config", "metrics.js")) as { metricDefinitions: { id: string; aggregate: string }[] };
  const definition = metricDefinitions.find((candidate) => candidate.id === timing.metricId);
  if (!definition) return null;
  let captured: { text: string; values: unknown[] } | undefined;
  const capturing: CapturingDatabase = {
    $queryRaw: async (query) => {
      captured = query;
      return [];
    },
  };
  await computeMetric(
    capturing,
    definition,
    timing.groupBy ? { groupBy: timing.groupBy } : {},
    process.env.EVENT_TYPE_PREFIX ?? "",
  );
  if (!captured) return null;
  // As the platform runs it: without JIT compilation (see prisma/src/connect.ts).
  await db.query("SET jit = off");
  const { rows } = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`, captured.values);
  const sql = captured.text.replace(/^\s*\n/gm, "").replace(/\$(\d+)/g, (match, index: string) => {
    const value = captured!.values[Number(index) - 1];
    return typeof value === "string" ? `'${value}'` : match;
  });
  return { label: timing.path, sql: dedent(sql), plan: rows.map((row) => row["QUERY PLAN"]).join("\n") };
}

function dedent(text: string): string {
  const lines = text.split("\n").filter((line) => line.trim());
  const indent = Math.min(...lines.map((line) => /^\s*/.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join("\n");
}
