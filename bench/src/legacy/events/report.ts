import type { StopOutcome } from "../modes";
import { reportOpening, resultsSection, writeReportLines } from "../report";
import type { Delivery } from "./delivery";
import { goalChecks } from "./goals";
import { openConcurrency, settleMs, type IdleMemory } from "./idle";
import type { EventSettings } from "./settings";
import type { Throughput } from "./throughput";

/** A phase's figures, or why there are none. */
export type Outcome<T> = { value: T; failure?: undefined } | { value?: undefined; failure: string };

export type EventResults = {
  throughput: Outcome<Throughput>;
  delivery: Outcome<Delivery>;
  idle: Outcome<IdleMemory>;
};

export type EventRunFacts = {
  settings: EventSettings;
  startedAt: Date;
  totalSeconds: number;
  startSeconds: number;
  stop: StopOutcome | null;
  /** The machine's 1-minute load average when the run started and ended: on a shared machine, what the figures were measured under. */
  load: { start: number; end: number };
};

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const mib = (kib: number) => (kib / 1024).toFixed(1);

/** Every check the figures depend on; an empty list means they are valid. */
export function problemsOf(results: EventResults): string[] {
  const problems: string[] = [];
  const { throughput, delivery, idle } = results;
  if (!throughput.value) problems.push(`publish throughput FAILED: ${throughput.failure}`);
  else {
    const t = throughput.value;
    if (t.problems) problems.push(`publish throughput: ${t.problems} requests without a 2xx (${t.problemDetail})`);
    if (!t.log.ok) problems.push(`publish throughput: the log does not match the answers (${logLine(t)})`);
  }
  if (!delivery.value) problems.push(`delivery FAILED: ${delivery.failure}`);
  else {
    const d = delivery.value;
    if (d.refused) problems.push(`delivery: ${d.refused} publish requests without a 2xx (${d.refusedDetail})`);
    for (const client of d.clients) {
      if (client.missing) problems.push(`delivery: ${client.client} missed ${client.missing} of ${d.acknowledged} events`);
      if (client.duplicates) problems.push(`delivery: ${client.client} received ${client.duplicates} events twice`);
      if (client.failure) problems.push(`delivery: ${client.client} failed: ${client.failure}`);
    }
  }
  if (!idle.value) problems.push(`idle SSE memory FAILED: ${idle.failure}`);
  else {
    const m = idle.value;
    if (m.sampleReached !== m.sampled) problems.push(`idle SSE memory: the event reached ${m.sampleReached} of ${m.sampled} sampled streams`);
    if (m.failures) problems.push(`idle SSE memory: ${m.failures} streams broke (${m.failureDetail})`);
  }
  return problems;
}

const logLine = (t: Throughput) =>
  `${t.log.total} events in the log = ${t.log.acknowledgedFound} of ${t.log.acknowledged} acknowledged + ${t.log.cutOff} cut off by the timer` +
  (t.log.foreign ? ` + ${t.log.foreign} FOREIGN` : "");

/** The results as markdown tables: printed after the run and written into the results file. */
export function resultTables(results: EventResults, settings: EventSettings): string[] {
  const { throughput, delivery, idle } = results;
  const lines: string[] = ["### Publish throughput (POST /platform/events)", ""];
  if (!throughput.value) lines.push(`FAILED: ${throughput.failure}`);
  else {
    const t = throughput.value;
    lines.push(
      "| accepted events/s | p50 ms | p99 ms | accepted (measured pass) | non-2xx / errors | log check |",
      "| ---: | ---: | ---: | ---: | ---: | --- |",
      `| ${fixed(t.acceptedPerSecond, 0)} | ${fixed(t.p50)} | ${fixed(t.p99)} | ${t.accepted} | ${t.problems}${t.problems ? ` (${t.problemDetail})` : ""} | ${t.log.ok ? "ok" : "MISMATCH"}: ${logLine(t)} |`,
    );
  }
  lines.push("", `### Delivery at a fixed rate (${settings.rate} events/s for ${settings.seconds} s)`, "");
  if (!delivery.value) lines.push(`FAILED: ${delivery.failure}`);
  else {
    const d = delivery.value;
    lines.push(
      `Written ${d.sent} at ${fixed(d.sentPerSecond, 0)}/s (publisher's worst lag behind its timetable ${fixed(d.maxScheduleLagMs)} ms); ` +
        `${d.acknowledged} committed, ${fixed(d.acknowledgedPerSecond, 0)}/s from first write to last commit; ` +
        `${d.refused} failed${d.refused ? ` (${d.refusedDetail})` : ""}; at most ${d.maxInFlight} writes in flight; ` +
        `write to commit p50 ${fixed(d.answerP50)} ms, p99 ${fixed(d.answerP99)} ms.`,
      "",
      // Past the database's capacity writes queue, and the rate the clients see is then lower.
      ...(d.refused || d.acknowledgedPerSecond < 0.95 * d.targetRate
        ? ["**The writes did not keep up with this rate**: the clients were offered fewer events per second than asked.", ""]
        : []),
      "| client | received / published | missing | duplicates | commit-to-receipt p50 ms | p99 ms | max ms |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...d.clients.map(
        (c) => `| ${c.client} | ${c.received} / ${d.acknowledged} | ${c.missing} | ${c.duplicates} | ${fixed(c.p50)} | ${fixed(c.p99)} | ${fixed(c.max)} |`,
      ),
    );
  }
  lines.push("", "### Idle SSE memory (server RSS)", "");
  if (!idle.value) lines.push(`FAILED: ${idle.failure}`);
  else {
    const m = idle.value;
    lines.push(
      "| idle streams | RSS before MiB | RSS with streams open MiB | delta MiB | KiB per stream | RSS after closing MiB | opened in s | event reached (sample) | event reached (all) | publish-to-receipt p50 / last ms |",
      "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      `| ${m.connections} | ${mib(m.before)} | ${mib(m.open)} | ${mib(m.open - m.before)} | ${fixed(m.perConnectionKiB)} | ${mib(m.after)} | ${fixed(m.openSeconds)} | ${m.sampleReached} / ${m.sampled} | ${m.allReached} / ${m.connections} | ${fixed(m.fanOutP50Ms, 0)} / ${fixed(m.fanOutMaxMs, 0)} |`,
    );
  }
  const goals = goalChecks(results);
  if (goals.length) {
    lines.push("", "### Goals", "", "| goal | measured | met |", "| --- | ---: | --- |", ...goals.map((g) => `| ${g.goal} | ${g.measured} | ${g.met ? "yes" : "**no**"} |`));
  }
  return lines;
}

export async function writeEventMarkdown(file: string, results: EventResults, facts: EventRunFacts): Promise<void> {
  const { settings } = facts;
  const problems = problemsOf(results);
  const stop = facts.stop ? (facts.stop.killed ? `still running ${facts.stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped ${facts.stop.seconds.toFixed(1)} s after SIGTERM`) : "not started";
  const lines = [
    ...reportOpening("Event log benchmark results", `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s; 1-minute load average ${facts.load.start.toFixed(1)} at the start, ${facts.load.end.toFixed(1)} at the end (2 cores: above 2, other work was waiting for them).`),
    `- Platform: \`single\` mode (one process), started as a child process with LOG_LEVEL=warn, NODE_ENV=production and RATE_LIMIT=${process.env.RATE_LIMIT ?? "(unset)"} on a fresh, migrated PostgreSQL database; ready in ${facts.startSeconds.toFixed(1)} s, ${stop}. The load generator runs on the same machine and competes for the same cores.`,
    `- Events: \`persons.person.updated\` from \`/persons\`, a CloudEvents envelope of about 300 bytes with a new id (and subject) per request.`,
    `- Publish throughput: autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s measured. Accepted events/s counts 2xx answers only; latencies are of 2xx answers. Afterwards the log is read back: every acknowledged id must be in it, nothing else may be, except requests autocannon cut off when its timer ended (at most one per connection per pass), which the server may still have committed.`,
    `- Delivery: one SSE reader (\`GET /platform/events/stream?type=persons.*\`) and one graphql-ws client (\`subscription { events(filter: {type: "persons.*"}) { id } }\`) connected first and proven live with probe events. A worker thread then commits events straight to the log on a fixed timetable of ${settings.rate} events/s for ${settings.seconds} s (one commit per event, not waiting for earlier ones, and announcing each commit as a producer without a hub of its own does), stamping each confirmed commit; the clients stamp each receipt. Commit-to-receipt = receipt − commit: numbering by the platform's sequencer, its hub reading the log, and the trip to each client. At the same time a third reader follows the floor (\`bench/src/floor/event-stream.ts\`, its own process): a bare \`pg\` connection LISTENing on the log's channel, the same numbering-and-read function the platform's hubs call, and SSE frames written straight to the socket; whoever takes the numbering lock first numbers, the other reads. Every committed event must reach every reader.`,
    `- Idle SSE memory (measured first, before any load fills the heap with garbage, after opening and closing ${openConcurrency} streams once so one-time costs are in the baseline): server VmRSS (/proc/<pid>/status) after a ${settleMs / 1000} s pause, before and after opening ${settings.sseConnections} idle streams (${openConcurrency} at a time), and after closing them. No collection can be forced from outside, so the delta is an upper bound. Then one event is published and must reach ${settings.sampleConnections} streams spread over the opening order.`,
    ...resultsSection(resultTables(results, settings), problems),
  ];
  await writeReportLines(file, lines);
}
