import path from "node:path";
import { authorize } from "./auth";
import { firstLine, onInterrupt, runMain } from "./process";
import { createDatabase, migrate } from "./database";
import { measure } from "./load";
import { startMode, type RunningMode } from "./modes";
import { machineFacts, printTable, writeMarkdown, type ModeLife, type Row } from "./report";
import { sanityCheck, scenarios, type Scenario } from "./scenarios";
import { seed, type SeededData } from "./seed";
import { settingsFromEnv, type Settings } from "./settings";

// `npm run bench`: seed a fresh database, load each deployment mode with each scenario, report.
async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = settingsFromEnv();
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);

  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}`);
  log(`modes ${settings.modes.join(", ")}; ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per scenario`);

  const database = await createDatabase(settings.adminUrl);
  let current: RunningMode | null = null;
  const cleanUp = onInterrupt(async () => {
    await current?.stop();
    await database.drop();
  });

  const rows: Row[] = [];
  const lives: ModeLife[] = [];
  let seeded = "";
  let seedSeconds = 0;
  try {
    log(`database ${database.name}: migrating`);
    await migrate(settings.repositoryRoot, database.url);
    const seedStart = Date.now();
    const data = await seed(database.url);
    seedSeconds = (Date.now() - seedStart) / 1000;
    const { counts } = data;
    seeded = `${counts.persons} persons, ${counts.cases} cases (${counts.caseMembers} members), ${counts.appointments} appointments`;
    log(`seeded ${seeded} in ${seedSeconds.toFixed(1)} s`);

    for (const [index, mode] of settings.modes.entries()) {
      log(`${mode}: starting`);
      try {
        current = await startMode(mode, { repositoryRoot: settings.repositoryRoot, databaseUrl: database.url, port: settings.basePort + index * 100 });
        await authorize(current.restBase);
      } catch (error) {
        const message = (error as Error).message;
        process.stderr.write(`${message}\n`);
        rows.push(...scenarios.map((scenario) => ({ mode, scenario, measurement: null, failure: `did not start: ${firstLine(message)}` })));
        continue;
      }
      const running = current;
      log(`${mode}: ready in ${running.startSeconds.toFixed(1)} s`);
      try {
        for (const scenario of scenarios) {
          rows.push(await runScenario(running, scenario, data, settings, log));
        }
      } finally {
        const stop = await running.stop();
        current = null;
        lives.push({ mode, startSeconds: running.startSeconds, stop });
        log(`${mode}: ${stop.killed ? `still running ${stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped in ${stop.seconds.toFixed(1)} s`}`);
      }
    }
  } finally {
    await database.drop().catch((error) => process.stderr.write(`could not drop ${database.name}: ${(error as Error).message}\n`));
    cleanUp();
  }

  const totalSeconds = elapsed();
  printTable(rows, lives);
  const file = path.join(settings.repositoryRoot, "bench", "results", "latest.md");
  await writeMarkdown(file, rows, { settings, seeded, seedSeconds, totalSeconds, startedAt, lives });
  process.stdout.write(`\nwritten ${path.relative(process.cwd(), file)}\ntotal wall time ${totalSeconds.toFixed(1)} s\n`);

  const failed = rows.filter((row) => row.failure || row.measurement?.errors);
  if (failed.length) {
    process.stderr.write(`\nFAILED: ${failed.length} of ${rows.length} measurements had errors; their figures are not valid.\n`);
    return 1;
  }
  return 0;
}

async function runScenario(
  running: RunningMode,
  scenario: Scenario,
  data: SeededData,
  settings: Settings,
  log: (message: string) => void,
): Promise<Row> {
  const base = scenario.face === "rest" ? running.restBase : running.graphqlBase;
  const calls = scenario.calls(data);
  try {
    // First and last call: proves the rotation reaches valid rows, not only the first one.
    for (const call of new Set([calls[0]!, calls[calls.length - 1]!])) await sanityCheck(base, scenario, call);
    const printedBefore = running.linesPrinted();
    const measurement = await measure(base, scenario, calls, settings);
    const logged = running.linesPrinted() - printedBefore;
    if (logged) process.stderr.write(`--- ${running.mode} ${scenario.id}: the server logged ${logged} line(s) under load ---\n${running.lastLines(Math.min(logged, 20)).join("\n")}\n`);
    const exit = running.exit();
    if (exit) throw new Error(`the server exited during the load (${exit})\n--- server output ---\n${running.output()}`);
    log(`${running.mode} ${scenario.id}: ${measurement.requestsPerSecond.toFixed(0)} req/s, p99 ${measurement.p99} ms${measurement.errors ? `, ${measurement.errors} ERRORS (${measurement.errorDetail})` : ""}`);
    return { mode: running.mode, scenario, measurement };
  } catch (error) {
    const message = (error as Error).message;
    log(`${running.mode} ${scenario.id}: FAILED ${message}`);
    return { mode: running.mode, scenario, measurement: null, failure: firstLine(message) };
  }
}

runMain(main);
