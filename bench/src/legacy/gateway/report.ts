import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Measurement } from "./load";
import { reportOpening } from "../report";
import type { GatewayScenario } from "./queries";
import type { GatewaySettings } from "./settings";

export type GatewayName = "ours" | "hive";
export type GatewayRow = { round: number; scenario: GatewayScenario; gateway: GatewayName; measurement: Measurement | null; failure?: string };

export type GatewayRunFacts = {
  settings: GatewaySettings;
  startedAt: Date;
  totalSeconds: number;
  seeded: string;
  ourGateway: string;
  /** Load averages before and after: other work on the machine skews the figures. */
  load: [number[], number[]];
};

const rate = (m: Measurement | null | undefined) => (m ? Math.round(m.requestsPerSecond).toLocaleString("en-US") : "–");
const ms = (value: number | undefined) => (value === undefined ? "–" : String(value));

/** ours / hive in req/s for one scenario, over the given rounds (sum over sum, so a noisy round weighs by its volume). */
export function ratioOf(rows: GatewayRow[], scenarioId: string, round?: number): number | null {
  const pick = (gateway: GatewayName) =>
    rows.filter((row) => row.scenario.id === scenarioId && row.gateway === gateway && (round === undefined || row.round === round) && row.measurement && !row.measurement.errors);
  const ours = pick("ours");
  const hive = pick("hive");
  if (!ours.length || ours.length !== hive.length) return null;
  const sum = (list: GatewayRow[]) => list.reduce((total, row) => total + row.measurement!.requestsPerSecond, 0);
  return sum(ours) / sum(hive);
}

export const formatRatio = (ratio: number | null) => (ratio === null ? "–" : `${ratio.toFixed(2)}×`);

export async function writeGatewayReport(file: string, rows: GatewayRow[], facts: GatewayRunFacts): Promise<void> {
  const { settings } = facts;
  const scenarios = [...new Map(rows.map((row) => [row.scenario.id, row.scenario])).values()];
  const rounds = [...new Set(rows.map((row) => row.round))];
  const loads = facts.load.map((values) => values.map((value) => value.toFixed(2)).join(" / "));
  const lines = [
    ...reportOpening("Gateway comparison: ours against Hive Gateway", `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s.`),
    `- Data: ${facts.seeded}, in a fresh PostgreSQL database.`,
    `- Subgraphs: the platform in distributed mode (\`--mode=distributed\`, NODE_ENV=production, LOG_LEVEL=warn), each subgraph its own process, per-caller rate limit off (Hive has none), DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE} per process (seven subgraphs within PostgreSQL's 100 connections).`,
    `- Ours: ${facts.ourGateway}.`,
    "- Hive: `@graphql-hive/gateway` 2.15.1 runtime with default settings and the Rust query planner (`unifiedGraphHandler` of `@graphql-hive/router-runtime` 1.4.23), one process, serving the same supergraph over the same subgraph processes, forwarding the same identity and trace headers.",
    `- Load: autocannon on loopback, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s measured (after one unreported pass of ${settings.warmupSeconds * 2} s per scenario and gateway, as everything starts cold), on the same machine (it competes for the same cores as both gateways and every subgraph). ${settings.rounds} rounds; each round measures each scenario on both gateways back to back, ours first in odd rounds and Hive first in even ones.`,
    "- Both gateways' answers were compared before measuring (first, last and a spread of the rotating calls) and were equal.",
    "- Ratio = ours req/s ÷ Hive req/s (per round, and over all rounds as sum ÷ sum). Errors count non-2xx answers, socket errors, timeouts and responses carrying `errors`, warm-up included.",
    `- Load average (1 / 5 / 15 min) before: ${loads[0]}, after: ${loads[1]}.`,
    "",
    "## Scenarios",
    "",
    ...scenarios.map((scenario) => `- \`${scenario.id}\`: ${scenario.title}`),
    "",
    "## Results",
    "",
    "| round | scenario | gateway | req/s | p50 ms | p99 ms | errors |",
    "| ---: | --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.round} | ${row.scenario.id} | ${row.gateway} | ${rate(row.measurement)} | ${ms(row.measurement?.p50)} | ${ms(row.measurement?.p99)} | ${row.failure ? `FAILED: ${row.failure}` : row.measurement?.errors ? `${row.measurement.errors} (${row.measurement.errorDetail})` : "0"} |`,
    ),
    "",
    "## Ratios (ours ÷ Hive, req/s)",
    "",
    `| scenario | ${rounds.map((round) => `round ${round}`).join(" | ")} | all rounds |`,
    `| --- | ${rounds.map(() => "---:").join(" | ")} | ---: |`,
    ...scenarios.map((scenario) => `| ${scenario.id} | ${rounds.map((round) => formatRatio(ratioOf(rows, scenario.id, round))).join(" | ")} | ${formatRatio(ratioOf(rows, scenario.id))} |`),
    "",
  ];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, lines.join("\n"));
}

export const loadAverage = () => os.loadavg();
