import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type pg from "pg";
import { now, percentile, sleep } from "../events/clock";
import type { StepSpec } from "./settings";
import type { KeyCounts, Simulator, SimulatorStats } from "./simulator";
import { submitCalls, type Submissions } from "./submit";

/** What the table and the log say of a step's calls afterwards. */
export type CallCheck = {
  /** Calls the step created (every call in the table that no earlier step made). */
  calls: number;
  /** Of those, calls no 201 answered: a request that created a call and then failed. Must be none. */
  unacknowledged: number;
  /** The calls by status once the step drained: all must be `completed`. */
  byStatus: Record<string, number>;
  /** `data_exchange.call.completed` events of the step's calls: exactly one per call. */
  completedEvents: number;
  withoutCompletedEvent: number;
  withSeveralCompletedEvents: number;
};

export type Lag = { count: number; p50: number; p99: number; max: number };

export type StepResult = {
  spec: StepSpec;
  /** Members the step could ask for (those without a pending call). */
  members: number;
  submissions: Submissions;
  /** First request to last answer, s; accepted/s is over it. */
  windowSeconds: number;
  acceptedPerSecond: number;
  /** Calls completed by the time the last submission was answered, and their rate over the window. */
  completedInWindow: number;
  completedPerSecondInWindow: number;
  /** Calls still pending when the last submission was answered: the outbox's backlog. */
  backlogAtEnd: number;
  /** From the last answer to the last completion (or until the step gave up waiting), s. */
  drainSeconds: number;
  drained: boolean;
  /** Completed calls over first submission to last completion: the rate the outbox sustained, drain included. */
  completedPerSecond: number;
  /** Completed event time − call createdAt, ms, over every completed call of the step. */
  lag: Lag;
  check: CallCheck;
  /** Agency requests the simulator served during the step, the most at once, and what it saw of each call's key. */
  agency: SimulatorStats & KeyCounts;
  /**
   * CPU seconds spent from the first submission to the end of the drain: by the platform's process, and
   * by this one (the submitters and the simulator's thread). On a shared machine, the platform's CPU per
   * call says more than its calls per second. `platformDraining`: the platform's share after the last
   * answer, when only the outbox works (its cost per call, over the calls completed meanwhile).
   */
  cpu: { platform: number; bench: number; platformDraining: number };
};

export type StepContext = {
  base: string;
  headers: Record<string, string>;
  db: pg.Client;
  simulator: Simulator;
  members: readonly string[];
  /** Ids of the calls earlier steps made, so a step tells its own apart (grown by each step). */
  known: Set<string>;
  completedType: string;
  seconds: number;
  connections: number;
  maxInFlight: number;
  drainSeconds: number;
  /** The platform's process (single mode: the whole server), whose CPU time is read from /proc. */
  platformPid: number;
};

let ticksPerSecond: number | undefined;
/** User + system CPU seconds of a process so far, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid: number): number {
  ticksPerSecond ??= (() => {
    try {
      return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      return 100;
    }
  })();
  // After the command name (which may hold spaces, in parentheses): fields 3 onwards; utime and stime are 14 and 15.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").at(-1)!.trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

const benchCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const pendingCount = async (db: pg.Client) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_exchange_service_call WHERE status = 'pending'`)).rows[0]!.n;

/**
 * One step: submit at the step's rate for its seconds (warm-up or measured alike), note the backlog
 * when the last submission is answered, wait for the outbox to complete it, then read back from the
 * table and the log what became of every call, and from the simulator whether each call's key reached it.
 */
export async function runStep(context: StepContext, spec: StepSpec, seconds = context.seconds): Promise<StepResult> {
  const { db, simulator } = context;
  if (spec.agencyLatencyMs) await simulator.control({ latencyMs: spec.agencyLatencyMs });
  try {
    // A member with a call still pending would be answered that call (200) instead of a new one.
    const { rows: busy } = await db.query<{ id: string }>(`SELECT "requestingResourceId"::text AS id FROM data_exchange_service_call WHERE status = 'pending'`);
    const taken = new Set(busy.map((row) => row.id));
    const members = context.members.filter((id) => !taken.has(id));
    await simulator.stats();
    const startedAt = new Date();
    const cpuBefore = { platform: cpuSeconds(context.platformPid), bench: benchCpuSeconds() };

    const submissions = await submitCalls(context.base, context.headers, members, { rate: spec.rate, seconds, connections: context.connections, maxInFlight: context.maxInFlight });
    const backlogAtEnd = await pendingCount(db);
    const platformCpuAtLastAnswer = cpuSeconds(context.platformPid);

    // The outbox works through the backlog; polled, so the drain is known to within 100 ms.
    const giveUpAt = now() + context.drainSeconds * 1000;
    let pending = backlogAtEnd;
    while (pending > 0 && now() < giveUpAt) {
      await sleep(100);
      pending = await pendingCount(db);
    }
    const agencyStats = await simulator.stats();
    const platformCpuAtEnd = cpuSeconds(context.platformPid);
    const cpu = { platform: platformCpuAtEnd - cpuBefore.platform, bench: benchCpuSeconds() - cpuBefore.bench, platformDraining: platformCpuAtEnd - platformCpuAtLastAnswer };

    // The step's calls: every call made since it began that no earlier step made (unacknowledged ones included).
    const { rows } = await db.query<{ id: string; status: string; created: number; completed: number | null; events: number }>(
      `SELECT c.id::text AS id, c.status, extract(epoch FROM c."createdAt")::float8 * 1000 AS created,
              extract(epoch FROM min(e.time))::float8 * 1000 AS completed, count(e.id)::int AS events
       FROM data_exchange_service_call c
       LEFT JOIN platform_event e ON e.subject = c.id AND e.type = $2
       WHERE c."createdAt" >= $1
       GROUP BY c.id`,
      [new Date(startedAt.getTime() - 1000), context.completedType],
    );
    const calls = rows.filter((row) => !context.known.has(row.id));
    const acknowledged = new Set(submissions.callIds);
    for (const call of calls) context.known.add(call.id);
    for (const id of acknowledged) context.known.add(id);

    const byStatus: Record<string, number> = {};
    const lags: number[] = [];
    let completedEvents = 0;
    let withoutCompletedEvent = 0;
    let withSeveralCompletedEvents = 0;
    let lastCompleted = -Infinity;
    let firstCreated = Infinity;
    let completedInWindow = 0;
    for (const call of calls) {
      byStatus[call.status] = (byStatus[call.status] ?? 0) + 1;
      completedEvents += call.events;
      if (call.events === 0) withoutCompletedEvent++;
      if (call.events > 1) withSeveralCompletedEvents++;
      firstCreated = Math.min(firstCreated, call.created);
      if (call.completed !== null) {
        lags.push(call.completed - call.created);
        lastCompleted = Math.max(lastCompleted, call.completed);
        if (call.completed <= submissions.lastAnsweredAt) completedInWindow++;
      }
    }
    lags.sort((a, b) => a - b);
    const windowSeconds = (submissions.lastAnsweredAt - submissions.firstSentAt) / 1000;
    const drained = pending === 0;
    const keys = await simulator.received(calls.map((call) => call.id));
    return {
      spec,
      members: members.length,
      submissions,
      windowSeconds,
      acceptedPerSecond: submissions.accepted / windowSeconds,
      completedInWindow,
      completedPerSecondInWindow: completedInWindow / windowSeconds,
      backlogAtEnd,
      drainSeconds: drained ? Math.max(0, lastCompleted - submissions.lastAnsweredAt) / 1000 : context.drainSeconds,
      drained,
      completedPerSecond: lags.length / ((lastCompleted - firstCreated) / 1000),
      lag: { count: lags.length, p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? NaN },
      check: {
        calls: calls.length,
        unacknowledged: calls.filter((call) => !acknowledged.has(call.id)).length,
        byStatus,
        completedEvents,
        withoutCompletedEvent,
        withSeveralCompletedEvents,
      },
      agency: { ...agencyStats, ...keys },
      cpu,
    };
  } finally {
    if (spec.agencyLatencyMs) await simulator.resetControl();
  }
}

/** Every way a step's figures can be wrong; empty when they are valid. */
export function stepProblems(step: StepResult): string[] {
  const problems: string[] = [];
  const { submissions: s, check: c, agency: a } = step;
  const refused = Object.values(s.refused).reduce((sum, n) => sum + n, 0);
  if (refused) problems.push(`${refused} submissions not accepted (${Object.entries(s.refused).map(([what, n]) => `${n}× ${what}`).join("; ")})`);
  if (s.deduplicated) problems.push(`${s.deduplicated} submissions answered with a member's pending call (200) instead of a new one`);
  if (!step.drained) problems.push(`the backlog did not drain: calls still pending after waiting`);
  if (c.calls !== s.accepted + c.unacknowledged) problems.push(`${s.accepted} calls accepted, but ${c.calls} found in the table`);
  if (c.unacknowledged) problems.push(`${c.unacknowledged} calls in the table that no 201 answered`);
  const notCompleted = Object.entries(c.byStatus).filter(([status]) => status !== "completed");
  if (notCompleted.length) problems.push(`calls not completed: ${notCompleted.map(([status, n]) => `${n} ${status}`).join(", ")}`);
  if (c.withoutCompletedEvent) problems.push(`${c.withoutCompletedEvent} calls without a completed event`);
  if (c.withSeveralCompletedEvents) problems.push(`${c.withSeveralCompletedEvents} calls with more than one completed event`);
  if (a.missing) problems.push(`the simulator never saw the idempotency key of ${a.missing} calls`);
  return problems;
}
