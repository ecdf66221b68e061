import { loadavg } from "node:os";
import path from "node:path";
import { authorization } from "../auth";
import { jsonHeaders } from "./envelope";
import { runMain } from "../process";
import { phase } from "../phase";
import { inSingleSession } from "../single-session";
import { machineFacts, finishRun } from "../report";
import { startFloor } from "../floor-launch";
import { measureDelivery } from "./delivery";
import { measureIdleMemory } from "./idle";
import { platformPid } from "./platform-process";
import { problemsOf, resultTables, writeEventMarkdown, type EventResults, type Outcome } from "./report";
import { eventSettingsFromEnv } from "./settings";
import { measureThroughput } from "./throughput";

// `npm run bench:events`: publish throughput, delivery latency to live readers, and what an idle
// event stream costs the server, against the platform in single mode on a fresh database.
async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0]!;
  const settings = eventSettingsFromEnv();
  // The platform runs with NODE_ENV=production, which turns on per-caller limits; the benchmark is one
  // caller making tens of thousands of requests and holding 10,000 streams, which those limits exist to
  // refuse. The child inherits this (an explicit RATE_LIMIT in the environment still wins).
  process.env.RATE_LIMIT ??= "false";
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);

  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}; load average ${loadAtStart.toFixed(1)}`);
  log(
    `publish: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s; delivery: ${settings.rate} events/s for ${settings.seconds} s; idle: ${settings.sseConnections} SSE streams`,
  );

  const notRun: Outcome<never> = { failure: "not run: the platform did not start" };
  const results: EventResults = { throughput: notRun, delivery: notRun, idle: notRun };
  const { interrupted, startSeconds, stop } = await inSingleSession({
    ...settings,
    log,
    failed: (reason) => {
      for (const key of Object.keys(results) as (keyof EventResults)[]) {
        if (results[key] === notRun) results[key] = { failure: `not run: ${reason}` };
      }
    },
    measure: async ({ server, db: client, database }) => {
      Object.assign(jsonHeaders, authorization);
      const pid = platformPid(settings.repositoryRoot);
      log(`platform pid ${pid}`);
      const base = server.graphqlBase;

      // Idle memory first: later, the heap still holds garbage from thousands of publish requests, and
      // collecting it while the streams open would shrink the delta below what the streams cost.
      results.idle = await phase(server, "idle SSE memory", log, () =>
        measureIdleMemory(base, pid, { connections: settings.sseConnections, sample: settings.sampleConnections }),
      );
      if (results.idle.value) {
        const m = results.idle.value;
        log(`idle SSE memory: +${((m.open - m.before) / 1024).toFixed(1)} MiB for ${m.connections} streams, ${m.perConnectionKiB.toFixed(1)} KiB each; event reached ${m.sampleReached}/${m.sampled} sampled`);
      }

      results.throughput = await phase(server, "publish throughput", log, () => measureThroughput(base, client, settings));
      if (results.throughput.value) {
        const t = results.throughput.value;
        log(`publish throughput: ${t.acceptedPerSecond.toFixed(0)} accepted events/s, p50 ${t.p50} ms, p99 ${t.p99} ms, ${t.problems} non-2xx/errors; log ${t.log.ok ? "ok" : "MISMATCH"}`);
      }

      // The floor follows the same log beside the platform, so its reader gets the same events at the same moments.
      const floor = await startFloor({ repositoryRoot: settings.repositoryRoot, databaseUrl: database.url, port: settings.port + 10 });
      try {
        results.delivery = await phase(server, "delivery", log, () => measureDelivery(base, database.url, { ...settings, floorBase: floor.base }));
      } finally {
        await floor.stop();
      }
      if (results.delivery.value) {
        const d = results.delivery.value;
        log(
          `delivery: ${d.acknowledged} acknowledged at ${d.acknowledgedPerSecond.toFixed(0)}/s; ` +
            d.clients.map((c) => `${c.client} ${c.received}/${d.acknowledged}, p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms`).join("; "),
        );
      }
    },
  });

  // Interrupted: the figures are partial, and the last complete results file is worth keeping.
  if (interrupted) return 130;
  const totalSeconds = elapsed();
  const problems = problemsOf(results);
  process.stdout.write(`\n${resultTables(results, settings).join("\n")}\n`);
  const file = path.join(settings.repositoryRoot, "bench", "results", "events-latest.md");
  await writeEventMarkdown(file, results, { settings, startedAt, totalSeconds, startSeconds, stop, load: { start: loadAtStart, end: loadavg()[0]! } });
  return finishRun(file, totalSeconds, problems);
}

runMain(main);
