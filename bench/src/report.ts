import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Measurement } from "./load";
import type { StopOutcome } from "./modes";
import type { Scenario } from "./scenarios";
import type { ModeName, Settings } from "./settings";

export type Row = { mode: ModeName; scenario: Scenario; measurement: Measurement | null; failure?: string };

/** How a mode started and stopped: slow starts and stuck stops matter to operators as much as req/s. */
export type ModeLife = { mode: ModeName; startSeconds: number; stop: StopOutcome };

export type RunFacts = {
  lives: ModeLife[];
  settings: Settings;
  seeded: string;
  seedSeconds: number;
  totalSeconds: number;
  startedAt: Date;
};

/** Figures mean little without the machine they came from. */
export function machineFacts(): Record<string, string> {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    cpu = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? cpu;
    // Virtual machines often report a bare family name ("AMD EPYC"); the clock tells a little more.
    const mhz = /^cpu MHz\s*:\s*([\d.]+)$/m.exec(info)?.[1];
    if (mhz) cpu += ` @ ${(Number(mhz) / 1000).toFixed(2)} GHz`;
  } catch {
    // not Linux: os.cpus() is the best there is
  }
  return {
    CPU: cpu,
    cores: String(os.availableParallelism()),
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    OS: `${os.type()} ${os.release()} (${os.arch()})`,
  };
}

const rate = (m: Measurement | null) => (m ? m.requestsPerSecond.toFixed(0) : "–");
const ms = (value: number | undefined) => (value === undefined ? "–" : String(Math.round(value)));
const errorsOf = (row: Row) => (row.failure ? "FAILED" : String(row.measurement?.errors ?? 0));

const lifeLine = (life: ModeLife) =>
  `${life.mode}: ready in ${life.startSeconds.toFixed(1)} s; ${life.stop.killed ? `still running ${life.stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped ${life.stop.seconds.toFixed(1)} s after SIGTERM`}`;

export function printTable(rows: Row[], lives: ModeLife[]): void {
  const header = ["mode", "scenario", "req/s", "p50 ms", "p99 ms", "errors"];
  const body = rows.map((row) => [row.mode, row.scenario.id, rate(row.measurement), ms(row.measurement?.p50), ms(row.measurement?.p99), errorsOf(row)]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((line) => line[column]!.length)));
  // Text left, numbers right, as people read tables.
  const format = (line: string[]) => line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  const lines = [format(header), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(format)];
  process.stdout.write(`\n${lines.join("\n")}\n\n${lives.map(lifeLine).join("\n")}\n`);
  for (const row of rows) {
    if (row.failure) process.stdout.write(`\n${row.mode} / ${row.scenario.id} FAILED: ${row.failure}\n`);
    else if (row.measurement?.errors) process.stdout.write(`\n${row.mode} / ${row.scenario.id}: ${row.measurement.errors} errors (${row.measurement.errorDetail})\n`);
  }
}

/** The opening of a results file: title, when it ran, the machine, and the heading of the method. */
export function reportOpening(title: string, run: string): string[] {
  return [`# ${title}`, "", run, "", "## Machine", "", ...Object.entries(machineFacts()).map(([name, value]) => `- ${name}: ${value}`), "", "## Method", ""];
}

export async function writeMarkdown(file: string, rows: Row[], facts: RunFacts): Promise<void> {
  const { settings } = facts;
  const scenarios = [...new Map(rows.map((row) => [row.scenario.id, row.scenario])).values()];
  const lines = [
    ...reportOpening("Benchmark results", `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s (seeding ${facts.seedSeconds.toFixed(1)} s).`),
    `- Data: ${facts.seeded}, in a fresh PostgreSQL database.`,
    `- Load: autocannon on loopback, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s measured per scenario, in the same machine as the server (it competes for the same cores).`,
    "- Modes: `single` (one process), `cluster` (`--mode=cluster`, CLUSTER_WORKERS=2), `distributed` (`--mode=distributed`: each subgraph, the gateway and rest-compat in their own processes); each started as a child process with LOG_LEVEL=warn, NODE_ENV=production.",
    "- req/s is the average over the measured seconds; p50/p99 are response latencies. Errors count non-2xx answers, socket errors, timeouts and GraphQL responses carrying `errors`, warm-up included.",
    "",
    ...facts.lives.map((life) => `- ${lifeLine(life)}`),
    "",
    "## Scenarios",
    "",
    ...scenarios.map((scenario) => `- \`${scenario.id}\`: ${scenario.title}`),
    "",
    "## Results",
    "",
    "| mode | scenario | req/s | p50 ms | p99 ms | errors |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((row) => `| ${row.mode} | ${row.scenario.id} | ${rate(row.measurement)} | ${ms(row.measurement?.p50)} | ${ms(row.measurement?.p99)} | ${errorsOf(row)} |`),
    "",
    ...rows
      .filter((row) => row.failure || row.measurement?.errors)
      .map((row) => `- **${row.mode} / ${row.scenario.id}**: ${row.failure ?? row.measurement?.errorDetail}`),
  ];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${lines.join("\n").trimEnd()}\n`);
}
