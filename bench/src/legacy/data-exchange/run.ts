import { loadavg } from "node:os";
import path from "node:path";
import { authorization } from "../auth";
import { platformPid } from "../events/platform-process";
import type { Outcome } from "../events/report";
import { phase } from "../phase";
import { firstLine, runMain } from "../process";
import { machineFacts, finishRun } from "../report";
import { inSingleSession } from "../single-session";
import { problemsOf, resultTables, writeDataExchangeMarkdown, type DataExchangeResults } from "./report";
import { seedMembers } from "./seed";
import { dataExchangeSettingsFromEnv, stepName, type StepSpec } from "./settings";
import { startSimulator } from "./simulator";
import { runStep, type StepContext, type StepResult } from "./step";

// `npm run bench:data-exchange`: asynchronous calls to outside agencies through the data-exchange
// domain's outbox, against the platform in single mode on a fresh database, the agencies being the
// reference agency simulator run by the benchmark itself. Per step (an offered rate of
// `POST /data-exchange/service-calls`): accepted submissions/s, completed calls/s and whether the outbox
// keeps up (its backlog when submitting stops), the lag from a call's creation to its
// `data_exchange.call.completed` event (p50/p99/max), and that every call completed exactly once and
// reached the agency. Report: bench/results/data-exchange-latest.md.
//
// Knobs (environment variables):
//   DX_BENCH_MEMBERS        application members seeded by SQL; a step asks for each at most once (6000)
//   DX_BENCH_RATES          offered rates of the steps, calls/s, comma-separated; `max` for as fast as
//                           DX_BENCH_CONNECTIONS submitters are answered ("100,250,500,max")
//   DX_BENCH_SECONDS        seconds of submitting per step (10)
//   DX_BENCH_WARMUP         seconds of an unmeasured warm-up step at 100 calls/s, 0 for none (2)
//   DX_BENCH_CONNECTIONS    submitters of the `max` step (50)
//   DX_BENCH_MAX_IN_FLIGHT  a fixed-rate step skips its slots while this many submissions await an
//                           answer, rather than queueing requests that would time out (256)
//   DX_BENCH_LATENCY_MS     the simulator's latencyMs for one more step, 0 to skip it (50)
//   DX_BENCH_LATENCY_RATE   that step's offered rate, calls/s or `max` (250)
//   DX_BENCH_DRAIN_SECONDS  how long a step waits for its backlog to complete (60)
//   DX_BENCH_PORT           the platform's port (5150)
//   BENCH_DATABASE_ADMIN_URL  the PostgreSQL server the throwaway database is created on
//                           (postgresql://postgres@127.0.0.1:5432/postgres)
// The platform's own DATA_EXCHANGE_* settings (DATA_EXCHANGE_CONCURRENCY …) are passed through to it.
async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const settings = dataExchangeSettingsFromEnv();
  // As the other benchmarks: one caller sending hundreds of requests a second is what the per-caller limits refuse.
  process.env.RATE_LIMIT ??= "false";
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);
  const name = (spec: StepSpec) => stepName(spec, settings.connections);

  log(`machine: ${Object.entries(machineFacts()).map(([key, value]) => `${key} ${value}`).join(", ")}`);
  log(`load average before: ${loadAtStart.map((load) => load.toFixed(2)).join(", ")} (1, 5, 15 min)`);
  log(`${settings.members} members; steps ${settings.steps.map(name).join(", ")}; ${settings.seconds} s each${settings.warmupSeconds ? `, after a ${settings.warmupSeconds} s warm-up at 100/s` : ""}`);

  // The agencies, before the platform: it inherits their address and its launcher then starts no simulator of its own.
  const simulator = await startSimulator();
  process.env.DATA_EXCHANGE_AGENCY_URL = simulator.url;
  log(`agency simulator (worker thread) at ${simulator.url}`);

  const notRun: Outcome<never> = { failure: "not run" };
  const results: DataExchangeResults = {
    seed: notRun,
    warmUp: settings.warmupSeconds ? notRun : null,
    steps: settings.steps.map((spec) => ({ spec, outcome: notRun })),
  };
  let session;
  try {
    session = await inSingleSession({
      ...settings,
      log,
      failed: (reason) => {
        const instead = { failure: `not run: ${reason}` };
        if (results.seed === notRun) results.seed = instead;
        if (results.warmUp === notRun) results.warmUp = instead;
        for (const step of results.steps) if (step.outcome === notRun) step.outcome = instead;
      },
      // Before the platform starts, as data already in a deployment's database would be.
      prepare: async (database) => {
        log(`seeding ${settings.members} application members`);
        try {
          const seeded = await seedMembers(database.url, settings.members);
          results.seed = { value: seeded };
          log(`seeded ${seeded.ids.length} members in ${seeded.applications} applications in ${seeded.seconds.toFixed(1)} s`);
        } catch (error) {
          results.seed = { failure: firstLine((error as Error).message) };
          throw error;
        }
      },
      measure: async ({ server, db }) => {
        const context: StepContext = {
          base: server.restBase,
          headers: { "content-type": "application/json", ...(authorization.authorization && { authorization: authorization.authorization }) },
          db,
          simulator,
          members: results.seed.value!.ids,
          known: new Set(),
          completedType: `${process.env.EVENT_TYPE_PREFIX ?? ""}data_exchange.call.completed`,
          seconds: settings.seconds,
          connections: settings.connections,
          maxInFlight: settings.maxInFlight,
          drainSeconds: settings.drainSeconds,
          platformPid: platformPid(settings.repositoryRoot),
        };
        const report = (label: string, step: StepResult) => {
          const s = step.submissions;
          log(
            `${label}: ${s.accepted} accepted at ${step.acceptedPerSecond.toFixed(0)}/s (p99 ${s.answerP99.toFixed(0)} ms)${s.skipped ? `, ${s.skipped} slots skipped (${settings.maxInFlight} awaiting answers)` : ""}${s.ranOutOfMembers ? ", ran out of members" : ""}; ` +
              `${step.completedPerSecondInWindow.toFixed(0)} completed/s in the window, backlog ${step.backlogAtEnd} (${(step.backlogAtEnd / step.acceptedPerSecond).toFixed(1)} s behind), drained ${step.drained ? `in ${step.drainSeconds.toFixed(1)} s` : "NOT"}; ` +
              `lag p50 ${step.lag.p50.toFixed(0)} ms, p99 ${step.lag.p99.toFixed(0)} ms, max ${step.lag.max.toFixed(0)} ms; agency: ${step.agency.requests} requests, at most ${step.agency.maxInFlight} at once; CPU s platform ${step.cpu.platform.toFixed(1)}, bench ${step.cpu.bench.toFixed(1)}`,
          );
        };
        if (settings.warmupSeconds) {
          results.warmUp = await phase(server, "warm-up (100/s)", log, () => runStep(context, { rate: 100, agencyLatencyMs: 0, warmUp: true }, settings.warmupSeconds));
          if (results.warmUp.value) report("warm-up", results.warmUp.value);
        }
        for (const step of results.steps) {
          if (results.warmUp?.value && !results.warmUp.value.drained) {
            step.outcome = { failure: "not run: the warm-up's calls did not complete" };
            continue;
          }
          const earlier = results.steps.find((other) => other.outcome.value && !other.outcome.value.drained);
          if (earlier) {
            // Its pending calls would be this step's backlog too, and its members would be unavailable.
            step.outcome = { failure: `not run: the calls of ${name(earlier.spec)} did not complete within ${settings.drainSeconds} s` };
            continue;
          }
          step.outcome = await phase(server, name(step.spec), log, () => runStep(context, step.spec));
          if (step.outcome.value) report(name(step.spec), step.outcome.value);
        }
      },
    });
  } finally {
    await simulator.stop();
    log("agency simulator stopped");
  }

  if (session.interrupted) return 130;
  const totalSeconds = elapsed();
  const loadAtEnd = loadavg();
  log(`load average after: ${loadAtEnd.map((load) => load.toFixed(2)).join(", ")} (1, 5, 15 min)`);
  const problems = problemsOf(results, settings);
  process.stdout.write(`\n${resultTables(results, settings).join("\n")}\n`);
  const file = path.join(settings.repositoryRoot, "bench", "results", "data-exchange-latest.md");
  await writeDataExchangeMarkdown(file, results, {
    settings,
    startedAt,
    totalSeconds,
    startSeconds: session.startSeconds,
    stop: session.stop,
    load: { start: loadAtStart, end: loadAtEnd },
    outbox: { concurrency: Number(process.env.DATA_EXCHANGE_CONCURRENCY?.trim() || 32), pollMs: 1000 },
  });
  return finishRun(file, totalSeconds, problems);
}

runMain(main);
