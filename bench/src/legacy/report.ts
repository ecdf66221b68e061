import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Measurement } from "./load";
import type { StopOutcome } from "./modes";
import type { Scenario } from "./scenarios";
import type { DataSize, ModeName, Settings } from "./settings";

export type Side = "ours" | "floor";

/** One measurement: a cell at a data size, on one side, in one round. */
export type Row = {
  size: DataSize;
  mode: ModeName;
  scenario: Scenario;
  side: Side;
  round: number;
  /** The machine's 1-minute load average as the measurement began (2 cores: above 2, something else was running too). */
  load: number;
  /** A list's `total` as first answered: how many rows the filter matches at this size. */
  matched?: number;
  measurement: Measurement | null;
  failure?: string;
};

/** How a server started and stopped: slow starts and stuck stops matter to operators as much as req/s. */
export type Life = { size: DataSize; name: string; startSeconds: number; stop: StopOutcome };

export type RunFacts = {
  lives: Life[];
  settings: Settings;
  /** One line per data size: what it held and how long it took to write. */
  seeding: string[];
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

const sizeLabel = (size: DataSize) => `${size.persons / 1000}k`;
const fixed = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits));

/** A side of a cell over its rounds: mean req/s and p50, the worst round's p99 (the figure a target is held to). */
type Summary = { rps: number; p50: number; p99: number; errors: number; failure?: string } | null;

/** Rounds of one side taken together, as every report states them: mean req/s and p50, the worst p99. */
export function overRounds(measured: readonly Measurement[]): { rps: number; p50: number; p99: number } {
  const mean = (pick: (m: Measurement) => number) => measured.reduce((sum, m) => sum + pick(m), 0) / measured.length;
  return { rps: mean((m) => m.requestsPerSecond), p50: mean((m) => m.p50), p99: Math.max(...measured.map((m) => m.p99)) };
}

function summarize(rows: Row[]): Summary {
  if (!rows.length) return null;
  const failure = rows.find((row) => row.failure)?.failure;
  const measured = rows.flatMap((row) => (row.measurement ? [row.measurement] : []));
  const errors = measured.reduce((sum, m) => sum + m.errors, 0);
  if (!measured.length) return { rps: NaN, p50: NaN, p99: NaN, errors, failure: failure ?? "no measurement" };
  return { ...overRounds(measured), errors, ...(failure && { failure }) };
}

/** Each cell at each size and mode, both sides summarized, in the order measured. */
type Cell = {
  size: DataSize;
  mode: ModeName;
  scenario: Scenario;
  ours: Summary;
  floor: Summary;
  /** ours / floor of each round on its own: how far apart they lie says how much the machine's noise moved the ratio. */
  roundRatios: number[];
};

function roundRatios(rows: Row[]): number[] {
  const rps = (side: Side, round: number) => rows.find((row) => row.side === side && row.round === round)?.measurement?.requestsPerSecond;
  return [...new Set(rows.map((row) => row.round))].flatMap((round) => {
    const [ours, floor] = [rps("ours", round), rps("floor", round)];
    return ours !== undefined && floor ? [ours / floor] : [];
  });
}

function cellsOf(rows: Row[]): Cell[] {
  const cells = new Map<string, Cell>();
  for (const row of rows) {
    const key = `${sizeLabel(row.size)}|${row.mode}|${row.scenario.id}`;
    if (!cells.has(key)) {
      const same = rows.filter((other) => sizeLabel(other.size) === sizeLabel(row.size) && other.mode === row.mode && other.scenario.id === row.scenario.id);
      cells.set(key, {
        size: row.size,
        mode: row.mode,
        scenario: row.scenario,
        ours: summarize(same.filter((other) => other.side === "ours")),
        floor: summarize(same.filter((other) => other.side === "floor")),
        roundRatios: roundRatios(same),
      });
    }
  }
  return [...cells.values()];
}

const ratio = (ours: Summary, floor: Summary) => (ours && floor && floor.rps > 0 ? fixed(ours.rps / floor.rps, 2) : "–");
const errorsOf = (cell: Cell) => (cell.ours?.failure || cell.floor?.failure ? "FAILED" : String((cell.ours?.errors ?? 0) + (cell.floor?.errors ?? 0)));
const sideFigures = (summary: Summary) => [fixed(summary?.rps), fixed(summary?.p50), fixed(summary?.p99)];

const lifeLine = (life: Life) =>
  `${sizeLabel(life.size)} ${life.name}: ready in ${life.startSeconds.toFixed(1)} s; ${life.stop.killed ? `still running ${life.stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped ${life.stop.seconds.toFixed(1)} s after SIGTERM`}`;

const ratioRange = (ratios: number[]) => (ratios.length < 2 ? "–" : `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`);

const cellHeader = ["data", "mode", "cell", "ours req/s", "p50 ms", "p99 ms", "floor req/s", "p50 ms", "p99 ms", "ours/floor", "by round", "errors"];
const cellLine = (cell: Cell) => [
  sizeLabel(cell.size), cell.mode, cell.scenario.id, ...sideFigures(cell.ours), ...sideFigures(cell.floor), ratio(cell.ours, cell.floor), ratioRange(cell.roundRatios), errorsOf(cell),
];

/** Per cell and side: req/s at each size and the last size's over the first's (1.00: the table's size costs nothing). */
function growthLines(cells: Cell[], rows: Row[]): string[][] {
  const rowsMatched = new Map(rows.flatMap((row) => (row.matched === undefined ? [] : [[`${sizeLabel(row.size)}|${row.mode}|${row.scenario.id}`, row.matched] as const])));
  const sizes = [...new Map(cells.map((cell) => [sizeLabel(cell.size), cell.size])).values()];
  if (sizes.length < 2) return [];
  const [small, large] = [sizes[0]!, sizes[sizes.length - 1]!];
  const find = (size: DataSize, mode: ModeName, id: string) => cells.find((cell) => sizeLabel(cell.size) === sizeLabel(size) && cell.mode === mode && cell.scenario.id === id);
  return cells
    .filter((cell) => sizeLabel(cell.size) === sizeLabel(small))
    .map((cell) => {
      const grown = find(large, cell.mode, cell.scenario.id);
      const change = (before: Summary, after: Summary | undefined) => (before && after && before.rps > 0 ? fixed(after.rps / before.rps, 2) : "–");
      const matched = (size: DataSize) => rowsMatched.get(`${sizeLabel(size)}|${cell.mode}|${cell.scenario.id}`);
      const matches = matched(small) === undefined ? "–" : `${matched(small)} → ${matched(large) ?? "–"}`;
      return [
        cell.mode, cell.scenario.id, matches,
        fixed(cell.ours?.rps), fixed(grown?.ours?.rps), change(cell.ours, grown?.ours), fixed(grown?.ours?.p99),
        fixed(cell.floor?.rps), fixed(grown?.floor?.rps), change(cell.floor, grown?.floor), fixed(grown?.floor?.p99),
      ];
    });
}

function growthHeader(cells: Cell[]): string[] {
  const sizes = [...new Set(cells.map((cell) => sizeLabel(cell.size)))];
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  return ["mode", "cell", "matches", `ours ${small} req/s`, `ours ${large} req/s`, `${large}/${small}`, `ours ${large} p99 ms`, `floor ${small} req/s`, `floor ${large} req/s`, `${large}/${small}`, `floor ${large} p99 ms`];
}

export function printTable(rows: Row[], lives: Life[]): void {
  const cells = cellsOf(rows);
  const print = (header: string[], body: string[][], textColumns: number) => {
    const widths = header.map((title, column) => Math.max(title.length, ...body.map((line) => line[column]!.length)));
    // Text left, numbers right, as people read tables.
    const format = (line: string[]) => line.map((cell, column) => (column < textColumns ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
    process.stdout.write(`\n${[format(header), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(format)].join("\n")}\n`);
  };
  print(cellHeader, cells.map(cellLine), 3);
  const growth = growthLines(cells, rows);
  if (growth.length) print(growthHeader(cells), growth, 3);
  process.stdout.write(`\n${lives.map(lifeLine).join("\n")}\n`);
  for (const row of rows) {
    const name = `${sizeLabel(row.size)} ${row.mode} / ${row.scenario.id} ${row.side} #${row.round}`;
    if (row.failure) process.stdout.write(`\n${name} FAILED: ${row.failure}\n`);
    else if (row.measurement?.errors) process.stdout.write(`\n${name}: ${row.measurement.errors} errors (${row.measurement.errorDetail})\n`);
  }
}

/** The opening of a results file: title, when it ran, the machine, and the heading of the method. */
export function reportOpening(title: string, run: string): string[] {
  return [`# ${title}`, "", run, "", "## Machine", "", ...Object.entries(machineFacts()).map(([name, value]) => `- ${name}: ${value}`), "", "## Method", ""];
}

const markdownRow = (cells: string[]) => `| ${cells.join(" | ")} |`;
const markdownRule = (header: string[], textColumns: number) => markdownRow(header.map((_, column) => (column < textColumns ? "---" : "---:")));

export async function writeMarkdown(file: string, rows: Row[], facts: RunFacts): Promise<void> {
  const { settings } = facts;
  const cells = cellsOf(rows);
  const scenarios = [...new Map(rows.map((row) => [row.scenario.id, row.scenario])).values()];
  const growth = growthLines(cells, rows);
  const roundHeader = ["data", "mode", "cell", "side", "round", "load before", "req/s", "p50 ms", "p99 ms", "errors"];
  const lines = [
    ...reportOpening("Benchmark results", `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s.`),
    "- Data, in a fresh PostgreSQL database, written by SQL (the persons' mirror columns and match keys derived by the persons domain's own functions, as its writes store them); the first size seeded, the next grown from it and analyzed, every server restarted for each size. The creates of a size run after its reads, and growth tops the persons up to the size:",
    ...facts.seeding.map((line) => `  - ${line}`),
    `- Load: autocannon on loopback, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s measured per measurement, in the same machine as the servers (it competes for the same cores).`,
    `- ours: the platform (${settings.modes.map((mode) => `\`${mode}\``).join(", ")}), a child process with LOG_LEVEL=warn, NODE_ENV=production. floor: \`bench/src/floor/\`, Fastify and \`pg\` answering the same requests with hand-written SQL over the same tables and indexes (the same list statements: the page ordered by \`"updatedAt" DESC, id\`, then its count with the same WHERE only when the page is full; a create inserts the person with the same columns, its event and its search document in one transaction, the document by the platform's own statement, and the log is numbered after commit through the platform's database function). Same pool size (20), no authentication. Before the load, the floor's first answer must equal the platform's.`,
    `- Paired cells run ${settings.rounds} round(s) alternating ours, floor, ours, floor…; a side's req/s and p50 are the mean of its rounds, its p99 the worst round's. ours/floor is the ratio of mean req/s; "by round" the lowest and highest ratio of one round's pair. Errors count non-2xx answers, socket errors, timeouts and 2xx answers that are not the answer (GraphQL \`errors\`, a create without its record), warm-up included; after a create cell, every person answered 201 must be stored with its event and its search document, every event numbered. After each start of the platform, nothing is measured until it has derived the search documents of the rows seeded by SQL (it does so beside serving), then vacuums and analyzes them as the growth does its rows.`,
    "",
    ...facts.lives.map((life) => `- ${lifeLine(life)}`),
    "",
    "## Cells",
    "",
    ...scenarios.map((scenario) => `- \`${scenario.id}\`${scenario.paired ? "" : " (platform only)"}: ${scenario.title}`),
    "",
    "## Results: ours / floor",
    "",
    markdownRow(cellHeader),
    markdownRule(cellHeader, 3),
    ...cells.map((cell) => markdownRow(cellLine(cell))),
    "",
    ...(growth.length
      ? [
          "## Growth: per-request cost must not grow with the table",
          "",
          "Each cell at the first size against the same cell at the last (1.00: the table's size costs nothing). A by-id read should hold; a list filter matches the same share of a larger table, so its matches grow with it (the `matches` column), and the exact `total` counts every one of them on both sides.",
          "",
          markdownRow(growthHeader(cells)),
          markdownRule(growthHeader(cells), 3),
          ...growth.map(markdownRow),
          "",
        ]
      : []),
    "## Every measurement",
    "",
    markdownRow(roundHeader),
    markdownRule(roundHeader, 5),
    ...rows.map((row) =>
      markdownRow([sizeLabel(row.size), row.mode, row.scenario.id, row.side, String(row.round), fixed(row.load, 1), fixed(row.measurement?.requestsPerSecond), fixed(row.measurement?.p50), fixed(row.measurement?.p99), row.failure ? "FAILED" : String(row.measurement?.errors ?? 0)]),
    ),
    "",
    ...rows
      .filter((row) => row.failure || row.measurement?.errors)
      .map((row) => `- **${sizeLabel(row.size)} ${row.mode} / ${row.scenario.id} ${row.side} #${row.round}**: ${row.failure ?? row.measurement?.errorDetail}`),
  ];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${lines.join("\n").trimEnd()}\n`);
}

/** A report's results (its tables, then any further sections) and what made its figures invalid, if anything did. */
export const resultsSection = (tables: readonly string[], problems: readonly string[], further: readonly string[] = []): string[] => [
  "",
  "## Results",
  "",
  ...tables,
  "",
  ...further,
  ...(problems.length ? ["## Problems (these figures are not valid)", "", ...problems.map((problem) => `- ${problem}`), ""] : []),
];

/** Writes a report's lines to its file (made with its folder). */
export async function writeReportLines(file: string, lines: readonly string[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${lines.join("\n").trimEnd()}\n`);
}

/** Says where the report went and how long the run took; the exit code is 1 when its figures are not valid. */
export function finishRun(file: string, totalSeconds: number, problems: readonly string[]): number {
  process.stdout.write(`\nwritten ${path.relative(process.cwd(), file)}\ntotal wall time ${totalSeconds.toFixed(1)} s\n`);
  if (!problems.length) return 0;
  process.stderr.write(`\nFAILED: these figures are not valid:\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`);
  return 1;
}
