import type { Outcome } from "../events/report";
import type { StopOutcome } from "../modes";
import { reportOpening, resultsSection, writeReportLines } from "../report";
import type { SeededMembers } from "./seed";
import { stepName, type DataExchangeBenchSettings, type StepSpec } from "./settings";
import { stepProblems, type StepResult } from "./step";

export type DataExchangeResults = {
  seed: Outcome<SeededMembers>;
  warmUp: Outcome<StepResult> | null;
  steps: { spec: StepSpec; outcome: Outcome<StepResult> }[];
};

export type DataExchangeRunFacts = {
  settings: DataExchangeBenchSettings;
  startedAt: Date;
  totalSeconds: number;
  startSeconds: number;
  stop: StopOutcome | null;
  /** The 1-minute load average at the start and the end: on a shared machine, what the figures were measured under. */
  load: { start: number[]; end: number[] };
  /** The platform's outbox settings as the run left them (the environment's, or the defaults). */
  outbox: { concurrency: number; pollMs: number };
};

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");

/** Every check the figures depend on; an empty list means they are valid. */
export function problemsOf(results: DataExchangeResults, settings: DataExchangeBenchSettings): string[] {
  const problems: string[] = [];
  if (results.seed.failure) problems.push(`seeding FAILED: ${results.seed.failure}`);
  if (results.warmUp?.failure) problems.push(`warm-up FAILED: ${results.warmUp.failure}`);
  else if (results.warmUp?.value) problems.push(...stepProblems(results.warmUp.value).map((problem) => `warm-up: ${problem}`));
  for (const { spec, outcome } of results.steps) {
    const name = stepName(spec, settings.connections);
    if (!outcome.value) problems.push(`${name} FAILED: ${outcome.failure}`);
    else problems.push(...stepProblems(outcome.value).map((problem) => `${name}: ${problem}`));
  }
  return problems;
}

/** How far behind the outbox was when submitting stopped: its backlog in seconds of accepted submissions. */
export const behindSeconds = (step: StepResult) => step.backlogAtEnd / step.acceptedPerSecond;

/** Keeps up: less than a second behind when submitting stopped (a backlog that grows with the window is not that). */
export const keepsUp = (step: StepResult) => step.drained && behindSeconds(step) <= 1;

/** Calls completed after the last answer, per second of the drain: the outbox's rate with nothing else to do. */
export const drainRate = (step: StepResult) => (step.drained && step.drainSeconds > 0 ? (step.lag.count - step.completedInWindow) / step.drainSeconds : NaN);

/** The results as markdown tables: printed after the run and written into the results file. */
export function resultTables(results: DataExchangeResults, settings: DataExchangeBenchSettings): string[] {
  const measured = results.steps.flatMap(({ spec, outcome }) => (outcome.value ? [{ name: stepName(spec, settings.connections), spec, step: outcome.value }] : []));
  const failed = results.steps.filter(({ outcome }) => outcome.failure);
  const perCall = (seconds: number, calls: number) => (calls > 0 ? fixed((seconds * 1000) / calls, 1) : "–");
  return [
    "### Submissions (`POST /data-exchange/service-calls`)",
    "",
    "| step | window s | accepted (201) | accepted/s | answer p50 / p99 ms | slots skipped | not accepted | most awaiting an answer / worst schedule lag ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...measured.map(({ name, spec, step }) => {
      const s = step.submissions;
      const notAccepted = Object.values(s.refused).reduce((sum, n) => sum + n, 0) + s.deduplicated;
      return `| ${name}${s.ranOutOfMembers ? " (ran out of members)" : ""} | ${fixed(step.windowSeconds, 1)} | ${s.accepted} | ${fixed(step.acceptedPerSecond)} | ${fixed(s.answerP50, 1)} / ${fixed(s.answerP99, 1)} | ${spec.rate === null ? "–" : s.skipped} | ${notAccepted} | ${s.maxInFlight} / ${spec.rate === null ? "–" : fixed(s.maxScheduleLagMs, 1)} |`;
    }),
    "",
    "### Completions: does the outbox keep up?",
    "",
    "| step | completed/s in window | backlog at end (s behind) | drain s | completed/s while draining | completed/s incl. drain | keeps up | agency requests | most at the agency at once |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
    ...measured.map(
      ({ name, step }) =>
        `| ${name} | ${fixed(step.completedPerSecondInWindow)} | ${step.backlogAtEnd} (${fixed(behindSeconds(step), 1)}) | ${step.drained ? fixed(step.drainSeconds, 1) : `> ${step.drainSeconds}`} | ${fixed(drainRate(step))} | ${fixed(step.completedPerSecond)} | ${keepsUp(step) ? "yes" : "**no**"} | ${step.agency.requests} | ${step.agency.maxInFlight} |`,
    ),
    "",
    "### Lag from submission to the completed event (event `time` − call `createdAt`)",
    "",
    "| step | calls | p50 ms | p99 ms | max ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...measured.map(({ name, step }) => `| ${name} | ${step.lag.count} | ${fixed(step.lag.p50)} | ${fixed(step.lag.p99)} | ${fixed(step.lag.max)} |`),
    "",
    "### CPU from the first submission to the end of the drain",
    "",
    "| step | platform CPU s | ms per call (submitted and completed) | of which draining s | ms per call completed while draining | benchmark process CPU s |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...measured.map(
      ({ name, step }) =>
        `| ${name} | ${fixed(step.cpu.platform, 1)} | ${perCall(step.cpu.platform, step.check.calls)} | ${fixed(step.cpu.platformDraining, 1)} | ${perCall(step.cpu.platformDraining, step.lag.count - step.completedInWindow)} | ${fixed(step.cpu.bench, 1)} |`,
    ),
    "",
    "### Correctness after each step",
    "",
    "| step | calls in table | unacknowledged | statuses | completed events | calls without / with >1 completed event | keys seen by the simulator | keys received more than once |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    ...measured.map(({ name, step }) => {
      const c = step.check;
      const statuses = Object.entries(c.byStatus).map(([status, n]) => `${n} ${status}`).join(", ") || "–";
      return `| ${name} | ${c.calls} | ${c.unacknowledged} | ${statuses} | ${c.completedEvents} | ${c.withoutCompletedEvent} / ${c.withSeveralCompletedEvents} | ${step.agency.seen} / ${c.calls} | ${step.agency.retried} |`;
    }),
    ...(failed.length ? ["", ...failed.map(({ spec, outcome }) => `- ${stepName(spec, settings.connections)}: FAILED ${outcome.failure}`)] : []),
  ];
}

export async function writeDataExchangeMarkdown(file: string, results: DataExchangeResults, facts: DataExchangeRunFacts): Promise<void> {
  const { settings } = facts;
  const problems = problemsOf(results, settings);
  const stop = facts.stop ? (facts.stop.killed ? `still running ${facts.stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped ${facts.stop.seconds.toFixed(1)} s after SIGTERM`) : "not started";
  const seed = results.seed.value;
  const warm = results.warmUp?.value;
  const lines = [
    ...reportOpening(
      "Data-exchange benchmark results",
      `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s; load average (1 / 5 / 15 min) ${loads(facts.load.start)} at the start, ${loads(facts.load.end)} at the end (2 cores: above 2, other work was waiting for them).`,
    ),
    `- Platform: \`single\` mode (one process), started as a child process with LOG_LEVEL=warn, NODE_ENV=production and RATE_LIMIT=${process.env.RATE_LIMIT ?? "(unset)"} on a fresh, migrated PostgreSQL database; ready in ${facts.startSeconds.toFixed(1)} s, ${stop}. Its outbox worker as configured: ${facts.outbox.concurrency} calls in flight at most (DATA_EXCHANGE_CONCURRENCY), woken by each \`submitted\` event and at least every ${facts.outbox.pollMs} ms.`,
    `- Agencies: the reference agency simulator (\`buildServer()\` of \`@pap/agency-simulator\`) in a worker thread of the benchmark process, its own event loop, named to the platform by DATA_EXCHANGE_AGENCY_URL (so the launcher starts none). Its latency is 0 except where a step says otherwise (\`PUT /control\`, put back by \`DELETE /control\` after the step).`,
    `- Data: ${seed ? `${seed.ids.length} application members in ${seed.applications} submitted applications` : "application members"} written by SQL before the platform starts (${seed ? `${seed.seconds.toFixed(1)} s` : "not seeded"}), each with an SSN ending in 0–5 (the simulator answers those conclusively at once), a date of birth and a name: what intake's source hands the FDSH SSA agency.`,
    `- Submissions: \`POST /data-exchange/service-calls\` \`{ serviceType: "fdsh_ssa", requestingResourceId: <member> }\` with a state administrator's token, one call per member per step (each step asks only members without a pending call, so none is deduplicated), from the benchmark's main thread over keep-alive HTTP/1.1. A fixed rate is an open-loop timetable (a slow answer does not delay the next request); \`max\` is ${settings.connections} submitters each sending its next request when answered. ${settings.seconds} s per step, less if the members run out (said in the table).${warm ? ` First an unmeasured warm-up: ${warm.submissions.accepted} calls at 100/s, drained.` : ""}`,
    `- Accepted/s: 201 answers over the window from the first request to the last answer. Completed/s in window: calls whose completed event is dated within that window, over it. Backlog at end: calls pending as the last answer arrived. Drain: from then to the last completed event; the step waits at most ${settings.drainSeconds} s. Completed/s while draining: the calls completed after the last answer over the drain (the outbox's rate with no submissions arriving). Completed/s incl. drain: the step's completed calls over first submission to last completion. Most at the agency at once: agency requests the simulator was serving at the same moment (with an agency answering at once, the outbox's concurrency is not what limits it). s behind: the backlog over accepted/s, how many seconds of submissions the outbox had still to make. Keeps up: at most 1 s behind (a backlog the size of the lag, not one that grows with the window), and drained. Slots skipped: a fixed-rate step sends no request in a slot of its timetable while ${settings.maxInFlight} submissions await an answer (the platform is already that far behind; they would only queue and time out), so the offered rate was not reached. CPU s: user + system time from the first submission to the end of the drain, of the platform's process (\`/proc/<pid>/stat\`; ms per call = that over the step's calls, submitting and completing both; "of which draining": after the last answer, when only the outbox works, per call completed then) and of the benchmark's process (submitters and the simulator's thread); PostgreSQL's is not counted.`,
    `- Lag: for every call of the step, the \`time\` of its \`data_exchange.call.completed\` event in \`platform_event\` (subject = call id) − the call's \`createdAt\` in \`data_exchange_service_call\`, both written by the platform's clock. It spans the submission's commit, the outbox noticing it, claiming it (\`FOR UPDATE SKIP LOCKED\`, lease), reading the member's facts, the agency's HTTP round trip through the service's circuit breaker, and the transaction that records the completion and its event.`,
    `- Correctness, after each step has drained: every call the step created is in the table answered by a 201 (none unacknowledged), \`completed\`, with exactly one completed event; and the simulator's \`GET /calls/{id}\` (injected into the thread, no socket) says each call's idempotency key was received at least once. Any failure is listed under Problems and fails the run.`,
    `- The submitters, the simulator and the platform share the machine's cores with PostgreSQL and whatever else runs: on a shared two-core machine the figures are indicative only.`,
    ...resultsSection(resultTables(results, settings), problems),
  ];
  await writeReportLines(file, lines);
}
