import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { authorization } from "../auth";
import type { Measurement } from "../load";
import { measure } from "../load";
import { phase } from "../phase";
import { positive, runMain } from "../process";
import { machineFacts } from "../report";
import type { Scenario } from "../scenarios";
import { inSingleSession, sessionTargetFromEnv } from "../single-session";
import { searchCells, type SearchBody, type SearchCell } from "./cells";
import { seedSearchData, type SearchSeed } from "./seed";

/** The goal of issue 15 for search. */
const GOAL_P99_MS = 50;

type CellResult = { cell: SearchCell; outcome: { value?: Measurement; failure?: string } };

// `npm run bench:search`: cross-resource search over the documents of 100,000 persons and 100,000
// tasks, against the platform in single mode on a fresh database, with autocannon.
async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = {
    ...sessionTargetFromEnv(process.env, { variable: "SEARCH_BENCH_PORT", fallback: 4860 }),
    persons: positive(process.env, "SEARCH_BENCH_PERSONS", 100_000),
    tasks: positive(process.env, "SEARCH_BENCH_TASKS", 100_000),
    connections: positive(process.env, "SEARCH_BENCH_CONNECTIONS", 50),
    durationSeconds: positive(process.env, "SEARCH_BENCH_SECONDS", 10),
    warmupSeconds: positive(process.env, "SEARCH_BENCH_WARMUP_SECONDS", 2, true),
  };
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);
  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}`);
  const loadBefore = os.loadavg();
  let seed: SearchSeed | undefined;
  let failure: string | undefined;
  const cells = searchCells(settings.persons, settings.tasks);
  const results: CellResult[] = cells.map((cell) => ({ cell, outcome: { failure: "not run" } }));
  const { interrupted, startSeconds } = await inSingleSession({
    ...settings,
    log,
    failed: (reason) => void (failure = reason),
    prepare: async (database) => {
      log(`seeding ${settings.persons} persons and ${settings.tasks} tasks, then deriving their search documents`);
      seed = await seedSearchData(database.url, settings);
      log(`seeded in ${seed.seedSeconds.toFixed(1)} s; ${seed.documents} documents derived in ${seed.documentSeconds.toFixed(1)} s`);
    },
    measure: async ({ server, db }) => {
      // The cheapest read the platform serves, measured in the same session: on a shared machine the
      // ratio to it says more than the absolute figures.
      const { rows } = await db.query<{ id: string }>("SELECT id FROM person ORDER BY id LIMIT 200");
      results.unshift({ cell: baselineCell(rows.map((row) => row.id)), outcome: { failure: "not run" } });
      for (const result of results) {
        result.outcome = await phase(server, `search: ${result.cell.id}`, log, async () => {
          await checkAnswers(server.restBase, result.cell);
          return measure(server.restBase, scenarioOf(result.cell), result.cell.calls, settings);
        });
        const value = result.outcome.value;
        if (value) log(`  ${result.cell.id}: ${value.requestsPerSecond.toFixed(0)} req/s, p50 ${value.p50} ms, p99 ${value.p99} ms, ${value.errors} errors`);
      }
    },
  });
  if (interrupted) return 130;
  const file = path.join(settings.repositoryRoot, "bench", "results", "search-latest.md");
  await writeFile(file, report({ settings, startedAt, seed, results, startSeconds, failure, load: [loadBefore, os.loadavg()] }));
  process.stdout.write(`\nwritten ${path.relative(process.cwd(), file)}\ntotal wall time ${elapsed().toFixed(1)} s\n`);
  const invalid = failure || results.some(({ outcome }) => !outcome.value || outcome.value.errors > 0);
  return invalid ? 1 : 0;
}

/** Every call is asked once before the load: each must answer 200 with what it should find. */
async function checkAnswers(base: string, cell: SearchCell): Promise<void> {
  for (const call of cell.calls) {
    const response = await fetch(`${base}${call.path}`, { headers: authorization as Record<string, string> });
    const body = (await response.json()) as SearchBody;
    const problem = response.status !== 200 ? `status ${response.status}` : cell.check(body);
    if (problem) throw new Error(`GET ${call.path}: ${problem}`);
  }
}

const baselineCell = (ids: string[]): SearchCell => ({
  id: "baseline",
  title: "baseline: REST `GET /persons/{id}` (not a search)",
  calls: ids.map((id) => ({ method: "GET", path: `/persons/${id}` })),
  check: () => undefined,
});

const scenarioOf = (cell: SearchCell): Scenario => ({
  id: cell.id,
  title: cell.title,
  face: "rest",
  paired: false,
  calls: () => cell.calls,
  check: () => {},
});

function lscpu(): string {
  try {
    return execFileSync("lscpu", { encoding: "utf8" }).trim();
  } catch {
    return "(lscpu not available)";
  }
}

function report(run: {
  settings: { persons: number; tasks: number; connections: number; durationSeconds: number; warmupSeconds: number };
  startedAt: Date;
  seed?: SearchSeed;
  results: CellResult[];
  startSeconds: number;
  failure?: string;
  load: [number[], number[]];
}): string {
  const { settings, seed } = run;
  const rows = run.results.map(({ cell, outcome }) => {
    const m = outcome.value;
    if (!m) return `| ${cell.title} | ${cell.calls.length} | — | — | — | ${outcome.failure ?? "failed"} |`;
    const verdict = m.errors ? `${m.errors} errors: ${m.errorDetail}` : cell.id === "baseline" ? "(not a search)" : m.p99 < GOAL_P99_MS ? "met" : "missed";
    return `| ${cell.title} | ${cell.calls.length} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${verdict} |`;
  });
  const facts = machineFacts();
  return [
    "# Search benchmark",
    "",
    `Run ${run.startedAt.toISOString()} (\`npm run bench:search\`). Platform in single mode on a fresh PostgreSQL database;`,
    `autocannon with ${settings.connections} connections on loopback, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s per cell, each connection cycling through the cell's searches.`,
    `Goal (issue 15): p99 under ${GOAL_P99_MS} ms over 100,000 persons and 100,000 tasks.`,
    "",
    `Machine: ${Object.entries(facts).map(([name, value]) => `${name} ${value}`).join(", ")}; load average before ${run.load[0].map((l) => l.toFixed(2)).join(", ")}, after ${run.load[1].map((l) => l.toFixed(2)).join(", ")}.`,
    "",
    seed
      ? `Data: ${seed.persons.toLocaleString("en-US")} persons and ${seed.tasks.toLocaleString("en-US")} tasks written by SQL in ${seed.seedSeconds.toFixed(1)} s; their ${seed.documents.toLocaleString("en-US")} search documents derived in ${seed.documentSeconds.toFixed(1)} s (the engine the platform runs at start); platform ready in ${run.startSeconds.toFixed(1)} s.`
      : `Data: not seeded${run.failure ? ` (${run.failure})` : ""}.`,
    "",
    "| Cell | distinct searches | req/s | p50 ms | p99 ms | p99 goal |",
    "|---|---:|---:|---:|---:|---|",
    ...rows,
    "",
    run.failure ? `Run failure: ${run.failure}\n` : "",
    "<details><summary>lscpu</summary>",
    "",
    "```",
    lscpu(),
    "```",
    "</details>",
    "",
  ].join("\n");
}

runMain(main);
