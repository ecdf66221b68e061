import os from "node:os";
import path from "node:path";
import { modeNames, Scope, signIn, type ModeName } from "./platform";
import { machineFacts, markdownFile, readResults, tableRows, writeResults, type SuiteRun } from "./report";
import { judge, scenarios, suiteNames, type SuiteName } from "./scenarios";
import { firstLine, joined, resultName, type Suite } from "./suite";
import { dashboard } from "./suites/dashboard";
import { dataExchange } from "./suites/data-exchange";
import { documents } from "./suites/documents";
import { events } from "./suites/events";
import { gateway } from "./suites/gateway";
import { hosts } from "./suites/hosts";
import { postgraphile } from "./suites/postgraphile";
import { rest } from "./suites/rest";
import { scale } from "./suites/scale";
import { search } from "./suites/search";
import { workflow } from "./suites/workflow";

const suites: Record<SuiteName, Suite> = {
  rest,
  gateway,
  events,
  search,
  workflow,
  "data-exchange": dataExchange,
  documents,
  dashboard,
  hosts,
  postgraphile,
  scale,
};

const usage = `usage: node bench/dist/run.js [--suite NAME…] [--quick] [--report-only] [--mode single,cluster,distributed]
  suites: ${suiteNames.join(", ")} (all by default)`;

/** `npm run bench`: runs the chosen suites one after another, writes bench/results/, fails on a missed goal. */
async function main(args: string[]): Promise<number> {
  const chosen: SuiteName[] = [];
  let quick = false;
  let reportOnly = false;
  let modes: ModeName[] = ["single"];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--quick") quick = true;
    else if (arg === "--report-only") reportOnly = true;
    else if (arg === "--mode") modes = (args[++index] ?? "").split(",").filter(Boolean) as ModeName[];
    else if (arg === "--suite")
      while (args[index + 1] && !args[index + 1]!.startsWith("--")) chosen.push(...(args[++index]!.split(",") as SuiteName[]));
    else throw new Error(`unknown argument '${arg}'\n${usage}`);
  }
  const unknown = [...chosen.filter((name) => !suiteNames.includes(name)), ...modes.filter((mode) => !modeNames.includes(mode))];
  if (unknown.length || !modes.length) throw new Error(`unknown suite or mode: ${unknown.join(", ") || "(no mode)"}\n${usage}`);

  const started = Date.now();
  await signIn();
  let scope = new Scope();
  // Ctrl-C must leave no server running and no database behind; the results of an interrupted suite are not kept.
  const interrupt = (signal: string) => {
    process.stderr.write(`\n${signal}: stopping what the suite started\n`);
    void scope.close().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  const results = await readResults();
  const ran = chosen.length ? [...new Set(chosen)] : [...suiteNames];
  for (const name of ran) {
    const suiteStarted = Date.now();
    const log = (message: string) =>
      process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${name}: ${message}\n`);
    const run: SuiteRun = {
      ranAt: new Date().toISOString(),
      preset: quick ? "quick" : "full",
      seconds: 0,
      machine: machineFacts(),
      load: [os.loadavg()[0]!, 0],
      notes: [],
      problems: [],
      results: [],
    };
    log(`starting (${run.preset}); ${Object.values(run.machine).join(", ")}; load average ${run.load[0].toFixed(1)}`);
    scope = new Scope();
    try {
      await suites[name]({
        quick,
        modes,
        scope,
        log,
        record: (result) =>
          void (run.results.push(result),
          log(
            `${resultName(result)}: ${result.invalid ? `invalid (${result.invalid})` : `${result.ours.toFixed(1)} against ${result.comparison.toFixed(1)}`}`,
          )),
        note: (line) => void (run.notes.push(line), log(line)),
      });
    } catch (error) {
      process.stderr.write(`${(error as Error).stack ?? error}\n`);
      run.problems.push(firstLine((error as Error).message));
    } finally {
      await scope.close();
    }
    // A scenario the suite never reached is reported as such, not left out.
    const reached = new Set(run.results.map((result) => result.scenario));
    for (const { id } of scenarios.filter((scenario) => scenario.suite === name && !reached.has(scenario.id)))
      run.results.push({ scenario: id, ours: NaN, comparison: NaN, invalid: run.problems[0] ?? "not measured" });
    Object.assign(run, { seconds: (Date.now() - suiteStarted) / 1000, load: [run.load[0], os.loadavg()[0]!] });
    results[name] = run;
    await writeResults(results);
    const rows = tableRows(name, run).map((row) => `  ${joined(row.slice(1), " | ")}`);
    process.stdout.write(`${rows.join("\n")}\n`);
  }

  const verdicts = ran.flatMap((name) => results[name]!.results);
  const missed = verdicts.filter((result) => judge(result).verdict === "missed").length;
  const invalid = verdicts.filter((result) => judge(result).verdict === "invalid").length;
  process.stdout.write(
    `\nwritten ${path.relative(process.cwd(), markdownFile)}; ${verdicts.length} results, ${missed} missed goal(s), ${invalid} without a valid figure\n`,
  );
  // A figure that is not valid always fails the run; a missed goal does unless only a report was asked for.
  return invalid || (missed && !reportOnly) ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  },
);
