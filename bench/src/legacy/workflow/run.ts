import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sleep } from "../events/clock";
import type { Outcome } from "../events/report";
import { phase } from "../phase";
import { firstLine, runMain } from "../process";
import { machineFacts, finishRun } from "../report";
import { inSingleSession } from "../single-session";
import { timeMetrics } from "./metrics";
import { problemsOf, resultTables, writeWorkflowMarkdown, type WorkflowResults } from "./report";
import { seedMetricData } from "./seed";
import { workflowSettingsFromEnv } from "./settings";
import { createPendingTasks, measureClaimComplete, type TaskPool } from "./throughput";

// `npm run bench:workflow`: the supervisor metrics over 100,000 tasks and 1,000,000 events, then
// claim/complete throughput of concurrent case workers, against the platform in single mode on a fresh database.
async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = workflowSettingsFromEnv();
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);

  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}`);
  log(
    `metrics: ${settings.metricTasks} tasks, ${settings.metricEvents} events, ${settings.repetitions} timed requests each; ` +
      `claim/complete: ${settings.workers.join(", ")} workers, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s each, over ${settings.pendingTasks} pending tasks`,
  );

  const notRun: Outcome<never> = { failure: "not run" };
  const results: WorkflowResults = { seed: notRun, metrics: notRun, pending: notRun, throughput: settings.workers.map((workers) => ({ workers, outcome: notRun })) };
  // The load generator and the server share the machine; whatever else runs on it shows here.
  const loadBefore = os.loadavg();
  log(`load average before: ${loadBefore.map((load) => load.toFixed(2)).join(", ")} (1, 5, 15 min)`);
  const { interrupted, startSeconds, stop } = await inSingleSession({
    ...settings,
    log,
    failed: (reason) => {
      const instead = { failure: `not run: ${reason}` };
      for (const key of ["seed", "metrics", "pending"] as const) if (results[key] === notRun) results[key] = instead;
      for (const pass of results.throughput) if (pass.outcome === notRun) pass.outcome = instead;
    },
    // Before the platform starts: its hub then begins at the head of the log and never reads the seeded
    // million back, as a platform started on a long-lived database would not.
    prepare: async (database) => {
      log(`seeding ${settings.metricTasks} tasks and ${settings.metricEvents} events`);
      try {
        const data = await seedMetricData(database.url, { tasks: settings.metricTasks, events: settings.metricEvents }, process.env.EVENT_TYPE_PREFIX ?? "");
        results.seed = { value: data };
        log(`seeded in ${data.seconds.toFixed(1)} s (log positions ${data.positions[0]}–${data.positions[1]}, ${data.breachedTasks} breached tasks)`);
      } catch (error) {
        results.seed = { failure: firstLine((error as Error).message) };
        throw error;
      }
    },
    measure: async ({ server, db: client }) => {
      await consumersCaughtUp(client);
      results.metrics = await phase(server, "metrics", log, () => timeMetrics(server.restBase, client, settings));
      if (results.metrics.value) {
        for (const timing of results.metrics.value.timings) log(`  GET ${timing.path}: median ${timing.median.toFixed(0)} ms, p95 ${timing.p95.toFixed(0)} ms`);
      }

      results.pending = await phase(server, "creating pending tasks", log, () => createPendingTasks(server.graphqlBase, settings.pendingTasks));
      if (!results.pending.value) {
        for (const pass of results.throughput) pass.outcome = { failure: "not run: the pending tasks could not be created" };
        return;
      }
      const pending = results.pending.value;
      log(`created ${pending.ids.length} pending tasks in ${pending.seconds.toFixed(1)} s`);
      const pool: TaskPool = { ids: pending.ids, next: 0 };
      for (const pass of results.throughput) {
        await consumersCaughtUp(client);
        const options = { ...settings, workers: pass.workers };
        pass.outcome = await phase(server, `claim/complete, ${pass.workers} workers`, log, () => measureClaimComplete(server.restBase, client, pool, options));
        const t = pass.outcome.value;
        if (t) {
          log(
            `claim/complete: ${t.transitionsPerSecond.toFixed(0)} transitions/s with ${t.workers} workers; claim p50 ${t.claim.p50.toFixed(1)} ms, p99 ${t.claim.p99.toFixed(1)} ms; ` +
              `complete p50 ${t.complete.p50.toFixed(1)} ms, p99 ${t.complete.p99.toFixed(1)} ms; ${t.failures} failures; state ${t.check.ok ? "ok" : "MISMATCH"}`,
          );
        }
      }
    },
  });

  // Interrupted: the figures are partial, and the last complete results file is worth keeping.
  if (interrupted) return 130;
  const totalSeconds = elapsed();
  const problems = problemsOf(results);
  process.stdout.write(`\n${resultTables(results, settings).join("\n")}\n`);
  if (results.metrics.value?.explain) process.stdout.write(`\nplan of GET ${results.metrics.value.explain.label}:\n${results.metrics.value.explain.plan}\n`);
  const file = path.join(settings.repositoryRoot, "bench", "results", "workflow-latest.md");
  await writeWorkflowMarkdown(file, results, { settings, startedAt, totalSeconds, startSeconds, stop, load: [loadBefore, os.loadavg()] });
  return finishRun(file, totalSeconds, problems);
}

/**
 * Waits (up to a minute) until every durable consumer has reached the head of the log: on its first
 * start each one scans what the seed wrote, and the timer reactions fire for new tasks; neither
 * should run under a measurement.
 */
async function consumersCaughtUp(db: pg.Client): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query<{ behind: number }>(
      `SELECT count(*)::int AS behind FROM event_consumer WHERE position < (SELECT coalesce(max(position), 0) FROM platform_event)`,
    );
    if (rows[0]!.behind === 0 || Date.now() > deadline) return;
    await sleep(200);
  }
}

runMain(main);
