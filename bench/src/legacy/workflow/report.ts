import type { Outcome } from "../events/report";
import type { StopOutcome } from "../modes";
import { reportOpening, resultsSection, writeReportLines } from "../report";
import type { MetricTimings } from "./metrics";
import type { MetricData } from "./seed";
import type { WorkflowSettings } from "./settings";
import type { ClaimComplete, PendingTasks } from "./throughput";

export type WorkflowResults = {
  seed: Outcome<MetricData>;
  metrics: Outcome<MetricTimings>;
  pending: Outcome<PendingTasks>;
  /** One claim/complete pass per worker count, in the order run. */
  throughput: { workers: number; outcome: Outcome<ClaimComplete> }[];
};

export type WorkflowRunFacts = {
  settings: WorkflowSettings;
  startedAt: Date;
  totalSeconds: number;
  startSeconds: number;
  stop: StopOutcome | null;
  /** Load averages (1, 5, 15 min) before and after the run: other work on the machine skews the figures. */
  load: [number[], number[]];
};

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const count = (value: number) => value.toLocaleString("en-US");

/** Every check the figures depend on; an empty list means they are valid. */
export function problemsOf(results: WorkflowResults): string[] {
  const problems: string[] = [];
  const { seed, metrics, pending, throughput } = results;
  if (!seed.value) problems.push(`seeding FAILED: ${seed.failure}`);
  if (!metrics.value) problems.push(`metric timings FAILED: ${metrics.failure}`);
  else problems.push(...metrics.value.wrong.map((wrong) => `metric answer does not match the data: ${wrong}`));
  if (!pending.value) problems.push(`creating the pending tasks FAILED: ${pending.failure}`);
  for (const { workers, outcome } of throughput) {
    const t = outcome.value;
    if (!t) problems.push(`claim/complete with ${workers} workers FAILED: ${outcome.failure}`);
    else {
      if (t.failures) problems.push(`claim/complete with ${workers} workers: ${t.failures} actions failed (${t.failureDetail})`);
      if (!t.check.ok) problems.push(`claim/complete with ${workers} workers: the database does not match the answers (${checkLine(t)})`);
    }
  }
  return problems;
}

const checkLine = (t: ClaimComplete) => {
  const c = t.check;
  return (
    `completed ${c.completedInDatabase} in the database / ${c.completedAnswered} answered, ` +
    `claimed only ${c.claimedOnlyInDatabase} / ${c.claimedOnlyAnswered}, events claimed ${c.claimedEvents} and completed ${c.completedEvents}`
  );
};

/** The results as markdown: printed after the run and written into the results file. */
export function resultTables(results: WorkflowResults, settings: WorkflowSettings): string[] {
  const { metrics, pending, throughput } = results;
  const lines: string[] = ["### Claim and complete over REST", ""];
  if (!pending.value) lines.push(`FAILED: ${pending.failure}`);
  else {
    const passes = throughput.filter((pass) => pass.outcome.value).map((pass) => pass.outcome.value!);
    lines.push(
      "| workers | transitions/s | tasks claimed and completed/s | measured s | failures | state check |",
      "| ---: | ---: | ---: | ---: | ---: | --- |",
      ...throughput.map(({ workers, outcome: { value: t, failure } }) =>
        t
          ? `| ${workers} | ${fixed(t.transitionsPerSecond, 0)} | ${fixed(t.tasksPerSecond, 0)} | ${fixed(t.measuredSeconds)}${t.exhausted ? " (tasks ran out)" : ""} | ${t.failures}${t.failures ? ` (${t.failureDetail})` : ""} | ${t.check.ok ? "ok" : "MISMATCH"}: ${checkLine(t)} |`
          : `| ${workers} | FAILED: ${failure} | | | | |`,
      ),
      "",
      "| workers | action | requests | p50 ms | p95 ms | p99 ms | max ms |",
      "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
      ...passes.flatMap((t) =>
        (["claim", "complete"] as const).map((action) => {
          const a = t[action];
          return `| ${t.workers} | POST /workflow/tasks/{id}/${action} | ${a.count} | ${fixed(a.p50)} | ${fixed(a.p95)} | ${fixed(a.p99)} | ${fixed(a.max)} |`;
        }),
      ),
    );
  }
  lines.push("", "### Metric computation (GET, one request at a time)", "");
  if (!metrics.value) lines.push(`FAILED: ${metrics.failure}`);
  else {
    const m = metrics.value;
    lines.push(
      `| request | value | median ms | p95 ms | max ms |`,
      "| --- | ---: | ---: | ---: | ---: |",
      ...m.timings.map((timing) => {
        const value = timing.metricId && !timing.groupBy ? m.values[timing.metricId] : undefined;
        const shown = value === undefined ? "" : value === null ? "null" : Number.isInteger(value) ? String(value) : value.toPrecision(4);
        return `| \`GET ${timing.path}\` | ${shown} | ${fixed(timing.median)} | ${fixed(timing.p95)} | ${fixed(timing.max)} |`;
      }),
    );
  }
  return lines;
}

/** What the explained query was and its plan, for the results file. */
function explainSection(metrics: MetricTimings | undefined): string[] {
  if (!metrics?.explain) return [];
  const { label, sql, plan } = metrics.explain;
  return [`## Plan of the slowest metric (\`GET ${label}\`)`, "", "```sql", sql, "```", "", "```", plan, "```", ""];
}

function seedLine(data: MetricData | undefined, settings: WorkflowSettings): string {
  if (!data) return `- Metric data: ${count(settings.metricTasks)} tasks and ${count(settings.metricEvents)} events were to be seeded; seeding failed.`;
  const statuses = Object.entries(data.tasksByStatus).map(([status, n]) => `${status} ${count(n)}`).join(", ");
  const types = Object.entries(data.eventsByType).map(([type, n]) => `${type.replace(/^workflow\.task\./, "")} ${count(n)}`).join(", ");
  return (
    `- Metric data, written with SQL (generate_series) in ${fixed(data.seconds)} s, then VACUUM ANALYZE: ${count(data.tasks)} tasks in \`workflow_task\` ` +
    `(${statuses}; programs snap 40 %, medicaid 30 %, chip, tanf and aca 10 % each, SNAP ones in snap-intake and the rest in general-intake; ` +
    `85 % with an SLA clock, ${count(data.breachedTasks)} breached; created over the last 90 days) and ${count(data.events)} events in \`platform_event\` ` +
    `(source \`/workflow\`, subject the task; positions ${data.positions[0]}–${data.positions[1]} in time order; by type: ${types}). ` +
    `Every task has its creation event, 97 % a claim between 0 and 8 hours later; escalations carry reason \`sla_deadline_approaching\` or \`complex_case\` in equal shares.`
  );
}

export async function writeWorkflowMarkdown(file: string, results: WorkflowResults, facts: WorkflowRunFacts): Promise<void> {
  const { settings } = facts;
  const problems = problemsOf(results);
  const stop = facts.stop ? (facts.stop.killed ? `still running ${facts.stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped ${facts.stop.seconds.toFixed(1)} s after SIGTERM`) : "not started";
  const pending = results.pending.value;
  const lines = [
    ...reportOpening("Workflow benchmark results", `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s.`),
    `- Load average (1, 5, 15 min) before the run ${facts.load[0].map((load) => load.toFixed(2)).join(", ")}, after it ${facts.load[1].map((load) => load.toFixed(2)).join(", ")}: anything well above 0 before means other work shared the cores.`,
    `- Platform: \`single\` mode (one process), started as a child process with LOG_LEVEL=warn, NODE_ENV=production on a fresh, migrated PostgreSQL database; ready in ${facts.startSeconds.toFixed(1)} s, ${stop}. The load generator runs on the same machine and competes for the same cores.`,
    seedLine(results.seed.value, settings),
    `- Metrics (measured first, on exactly that data): for each of the five metrics \`GET /workflow/metrics/{id}\` without grouping, with \`groupBy=queueId\` and with \`groupBy=programType\`, then \`GET /workflow/metrics\` (all five, computed concurrently); no time window, so each one covers all the data. Requests one at a time as a state administrator: one untimed request per path (its answer checked against values worked out from the rows), then ${settings.repetitions} timed ones; median and nearest-rank p95 of those (below 20 repetitions, the p95 is the slowest one). The plan of the slowest single-metric query is taken with EXPLAIN (ANALYZE, BUFFERS) on the statement the platform runs.`,
    `- Claim and complete (afterwards, with the metric data still in place): ${pending ? count(pending.ids.length) : settings.pendingTasks} pending tasks created through GraphQL (batches of 50 aliased \`createTask\` mutations${pending ? `, ${fixed(pending.seconds)} s` : ""}; programs mixed, half with an SLA clock, so each has its timers). Then one pass per worker count (${settings.workers.join(", ")}), each taking the next tasks from that pool: that many concurrent case workers, each with its own token and uuid userId, each in a loop taking the next task: \`POST /workflow/tasks/{id}/claim\`, then \`POST /workflow/tasks/{id}/complete\` with \`{"outcome":"approved"}\`, for ${settings.warmupSeconds} s of warm-up (not counted) and ${settings.seconds} s measured. Every task goes to one worker only, so any non-200 is a fault. Transitions/s counts successful claims and completions ending within the measured seconds; latencies are per action from request to full response. Afterwards the tasks' rows and events are read back and must match the answers.`,
    ...resultsSection(resultTables(results, settings), problems, explainSection(results.metrics.value)),
  ];
  await writeReportLines(file, lines);
}
