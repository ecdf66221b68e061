import os from "node:os";
import path from "node:path";
import pg from "pg";
import { authorize } from "./auth";
import { createDatabase, migrate } from "./database";
import { startFloor, type RunningFloor } from "../floor/launch";
import { grow } from "./grow";
import { measure } from "./load";
import { startMode, type RunningMode } from "./modes";
import { personColumnsFrom } from "./person-columns";
import { firstLine, onInterrupt, runMain } from "./process";
import { machineFacts, printTable, writeMarkdown, type Life, type Row, type Side } from "./report";
import { sanityCheck, scenarios, type Scenario } from "./scenarios";
import { seed, type SeededData } from "./seed";
import type { ServerProcess } from "./server-process";
import { settingsFromEnv, type DataSize, type ModeName, type Settings } from "./settings";
import { checkWrites, tallyWrites, untilSearchDocumentsComplete } from "./write-check";

type Log = (message: string) => void;

/** One side of a cell: where it is served and the process serving it. */
type Target = { side: Side; mode: ModeName; server: ServerProcess; base(scenario: Scenario): string };

/**
 * `npm run bench`: seed a fresh database, then at each data size start the floor and the platform
 * and run every cell against both, alternating, so each ratio compares figures taken minutes apart
 * on the same machine; grow the data and do it again; report.
 */
async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = settingsFromEnv();
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log: Log = (message) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);

  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}`);
  log(`modes ${settings.modes.join(", ")} against the floor; sizes ${settings.sizes.map((size) => `${size.persons} persons`).join(" then ")}; ${settings.rounds} round(s); ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per measurement`);

  const database = await createDatabase(settings.adminUrl);
  const running = new Set<ServerProcess>();
  let db: pg.Client | null = null;
  const cleanUp = onInterrupt(async () => {
    await db?.end().catch(() => {});
    for (const server of running) await server.stop();
    await database.drop();
  });

  const rows: Row[] = [];
  const lives: Life[] = [];
  const seeding: string[] = [];
  try {
    log(`database ${database.name}: migrating`);
    await migrate(settings.repositoryRoot, database.url);
    const derived = personColumnsFrom(settings.repositoryRoot);
    log(`person columns derived as the platform does: ${derived.names.join(", ")}`);
    db = new pg.Client({ connectionString: database.url });
    db.on("error", (error) => process.stderr.write(`database connection: ${error.message}\n`));
    await db.connect();

    let data: SeededData | null = null;
    for (const size of settings.sizes) {
      const seedStart = Date.now();
      const how = data ? "grown" : "seeded";
      data = data ? await grow(database.url, data, derived, size) : await grow(database.url, await seed(database.url, derived), derived, size);
      const seconds = (Date.now() - seedStart) / 1000;
      const { counts } = data;
      const count = (value: number) => value.toLocaleString("en-US");
      seeding.push(
        `${label(size)}: ${count(counts.persons)} persons, ${count(counts.tasks)} tasks, ${count(counts.cases)} cases (${count(counts.caseMembers)} members), ${count(counts.appointments)} appointments; ${how} in ${seconds.toFixed(1)} s`,
      );
      log(`data: ${seeding[seeding.length - 1]}`);
      await runSize(size, data, { settings, database: database.url, db, running, rows, lives, log });
    }
  } finally {
    for (const server of running) await server.stop();
    await db?.end().catch(() => {});
    await database.drop().catch((error) => process.stderr.write(`could not drop ${database.name}: ${(error as Error).message}\n`));
    cleanUp();
  }

  const totalSeconds = elapsed();
  printTable(rows, lives);
  const file = path.join(settings.repositoryRoot, "bench", "results", "latest.md");
  await writeMarkdown(file, rows, { settings, seeding, totalSeconds, startedAt, lives });
  process.stdout.write(`\nwritten ${path.relative(process.cwd(), file)}\ntotal wall time ${totalSeconds.toFixed(1)} s\n`);

  const failed = rows.filter((row) => row.failure || row.measurement?.errors);
  if (failed.length) {
    process.stderr.write(`\nFAILED: ${failed.length} of ${rows.length} measurements had errors; their figures are not valid.\n`);
    return 1;
  }
  return 0;
}

export const label = (size: DataSize) => `${size.persons / 1000}k`;

type RunContext = {
  settings: Settings;
  database: string;
  db: pg.Client;
  running: Set<ServerProcess>;
  rows: Row[];
  lives: Life[];
  log: Log;
};

/** Every cell at one data size: the floor runs throughout, each mode of the platform in turn beside it. */
async function runSize(size: DataSize, data: SeededData, context: RunContext): Promise<void> {
  const { settings, log, rows } = context;
  const floor = await start(size, "floor", context, () =>
    startFloor({ repositoryRoot: settings.repositoryRoot, databaseUrl: context.database, port: settings.basePort + 90 }),
  );
  try {
    for (const [index, mode] of settings.modes.entries()) {
      let platform: RunningMode;
      try {
        platform = await start(size, mode, context, async () => {
          const started = await startMode(mode, { repositoryRoot: settings.repositoryRoot, databaseUrl: context.database, port: settings.basePort + index * 100 });
          await authorize().catch(async (error) => {
            await started.stop();
            throw error;
          });
          const deriving = await untilSearchDocumentsComplete(context.db);
          if (deriving >= 1) {
            // As the growth does for the rows it writes: otherwise autovacuum would take these on mid-run.
            await context.db.query("VACUUM (ANALYZE) search_document");
            log(`${size.persons} ${mode}: waited ${deriving.toFixed(1)} s for the search documents of the rows seeded by SQL, then vacuumed them`);
          }
          return started;
        });
      } catch (error) {
        const failure = `did not start: ${firstLine((error as Error).message)}`;
        rows.push(...scenarios.map((scenario) => ({ size, mode, scenario, side: "ours" as const, round: 1, load: os.loadavg()[0]!, measurement: null, failure })));
        continue;
      }
      const ours: Target = { side: "ours", mode, server: platform, base: (scenario) => (scenario.face === "rest" ? platform.restBase : platform.graphqlBase) };
      const theFloor: Target = { side: "floor", mode, server: floor, base: () => floor.base };
      try {
        for (const scenario of scenarios) {
          const sides = scenario.paired ? [ours, theFloor] : [ours];
          const rounds = scenario.paired ? settings.rounds : 1;
          const answers = new Map<Side, unknown>();
          for (let round = 1; round <= rounds; round++) {
            for (const target of sides) rows.push(await runCell(size, target, scenario, round, data, context, answers));
          }
        }
      } finally {
        await stop(size, mode, platform, context);
      }
    }
  } finally {
    await stop(size, "floor", floor, context);
  }
}

async function start<T extends ServerProcess>(size: DataSize, name: string, context: RunContext, launch: () => Promise<T>): Promise<T> {
  context.log(`${label(size)} ${name}: starting`);
  try {
    const server = await launch();
    context.running.add(server);
    context.log(`${label(size)} ${name}: ready in ${server.startSeconds.toFixed(1)} s`);
    return server;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    throw error;
  }
}

async function stop(size: DataSize, name: string, server: ServerProcess, context: RunContext): Promise<void> {
  const outcome = await server.stop();
  context.running.delete(server);
  context.lives.push({ size, name, startSeconds: server.startSeconds, stop: outcome });
  context.log(`${label(size)} ${name}: ${outcome.killed ? `still running ${outcome.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped in ${outcome.seconds.toFixed(1)} s`}`);
}

/**
 * One measurement of one side. Before the load, the first and last call are checked (the rotation
 * reaches valid rows, not only the first), and on a paired read the first answer must equal the
 * other side's: the floor answers exactly what the platform answers, or its figures compare nothing.
 */
async function runCell(size: DataSize, target: Target, scenario: Scenario, round: number, data: SeededData, context: RunContext, answers: Map<Side, unknown>): Promise<Row> {
  const { settings, log, db } = context;
  const name = `${label(size)} ${target.mode} ${scenario.id} ${target.side}${scenario.paired ? ` #${round}` : ""}`;
  const base = target.base(scenario);
  const calls = scenario.calls(data);
  // The machine is shared: how busy it was going in says how far to trust the figure.
  const row = { size, mode: target.mode, scenario, side: target.side, round, load: os.loadavg()[0]! };
  try {
    const first = await sanityCheck(base, scenario, calls.at(0)!);
    if (Number.isFinite(calls.length)) await sanityCheck(base, scenario, calls.at(calls.length - 1)!);
    if (scenario.paired && !scenario.createsPersons) compareAnswers(answers, target.side, first);
    const before = scenario.createsPersons ? await tallyWrites(db) : null;
    const printedBefore = target.server.linesPrinted();
    const measurement = await measure(base, scenario, calls, settings);
    const logged = target.server.linesPrinted() - printedBefore;
    if (logged) process.stderr.write(`--- ${name}: the server logged ${logged} line(s) under load ---\n${target.server.lastLines(Math.min(logged, 20)).join("\n")}\n`);
    const exit = target.server.exit();
    if (exit) throw new Error(`the server exited during the load (${exit})\n--- server output ---\n${target.server.output()}`);
    if (before) await checkWrites(db, before, measurement.succeeded);
    // A server too slow to finish one request in the measured seconds has no figure, not a figure of 0.
    if (!measurement.errors && measurement.requests === 0) throw new Error(`no request completed in ${settings.durationSeconds} s`);
    const total = (first as { total?: unknown } | null)?.total;
    log(`${name}: ${measurement.requestsPerSecond.toFixed(0)} req/s, p50 ${measurement.p50} ms, p99 ${measurement.p99} ms (load ${row.load.toFixed(1)} before)${measurement.errors ? `, ${measurement.errors} ERRORS (${measurement.errorDetail})` : ""}`);
    return { ...row, measurement, ...(typeof total === "number" && { matched: total }) };
  } catch (error) {
    const message = (error as Error).message;
    log(`${name}: FAILED ${message}`);
    return { ...row, measurement: null, failure: firstLine(message) };
  }
}

function compareAnswers(answers: Map<Side, unknown>, side: Side, answer: unknown): void {
  answers.set(side, answer);
  const ours = answers.get("ours");
  const floor = answers.get("floor");
  if (ours === undefined || floor === undefined) return;
  const [a, b] = [canonical(ours), canonical(floor)];
  if (a !== b) throw new Error(`the floor's answer differs from the platform's:\n  ours:  ${a.slice(0, 400)}\n  floor: ${b.slice(0, 400)}`);
}

/** JSON with object keys sorted: the two sides may list a record's fields in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : inner,
  );
}

runMain(main);
