import type pg from "pg";
import { authorization, benchToken } from "../auth";
import { now, percentile } from "../events/clock";
import { benchWorkerCount, benchWorkerSubject } from "./seed";

export type ActionLatency = { count: number; p50: number; p95: number; p99: number; max: number };

export type ClaimComplete = {
  workers: number;
  /** Seconds the figures cover: the measured pass, or less if the pending tasks ran out. */
  measuredSeconds: number;
  /** Successful claims plus completions that ended within the measured seconds, per second. */
  transitionsPerSecond: number;
  tasksPerSecond: number;
  claim: ActionLatency;
  complete: ActionLatency;
  /** Tasks handed to workers, warm-up included. */
  attempted: number;
  /** Actions answered with anything but a 200 carrying the expected task: any of them fails the run. */
  failures: number;
  failureDetail: string;
  /** The pending tasks ran out before the time did. */
  exhausted: boolean;
  check: StateCheck;
};

/** What the database holds afterwards compared with what the workers were told. */
export type StateCheck = {
  completedAnswered: number;
  completedInDatabase: number;
  /** Claimed and not completed (a completion that failed): answered vs found in_progress. */
  claimedOnlyAnswered: number;
  claimedOnlyInDatabase: number;
  claimedEvents: number;
  completedEvents: number;
  ok: boolean;
};

export type PendingTasks = { ids: string[]; seconds: number };

/** The pending tasks, handed out in turn across the passes: no task is claimed twice. */
export type TaskPool = { ids: readonly string[]; next: number };

type Sample = { action: "claim" | "complete"; endedAt: number; ms: number };

const mutationBatch = 50;
const mutationConcurrency = 4;
const requestTimeoutMs = 30_000;
const programs = ["snap", "snap", "medicaid", "chip", "tanf", "aca"] as const;
const slaFor: Record<(typeof programs)[number], string> = {
  snap: "snap_standard",
  medicaid: "medicaid_standard",
  chip: "medicaid_standard",
  tanf: "medicaid_standard",
  aca: "medicaid_standard",
};

/**
 * The tasks the workers will claim, made through the API (batched aliased createTask mutations) rather
 * than inserted: each then has its creation event and its timers (creation deadline, SLA clocks for
 * half of them), which claiming and completing must reschedule or cancel, as in production.
 */
export async function createPendingTasks(graphqlBase: string, count: number): Promise<PendingTasks> {
  const started = now();
  const batches = Array.from({ length: Math.ceil(count / mutationBatch) }, (_, batch) =>
    Array.from({ length: Math.min(mutationBatch, count - batch * mutationBatch) }, (_, index) => batch * mutationBatch + index),
  );
  const ids: string[] = [];
  let next = 0;
  const creator = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const fields = batch.map((n) => {
        const program = programs[n % programs.length]!;
        const sla = n % 2 === 0 ? `, slaInfo: [{ slaTypeCode: ${slaFor[program]} }]` : "";
        return `t${n}: createTask(input: { name: "Bench review ${n}", taskType: "application_review", programType: ${program}${sla} }) { id status }`;
      });
      const response = await fetch(`${graphqlBase}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...authorization },
        body: JSON.stringify({ query: `mutation { ${fields.join("\n")} }` }),
        signal: AbortSignal.timeout(requestTimeoutMs * 4),
      });
      const text = await response.text();
      const body = JSON.parse(text) as { data?: Record<string, { id: string; status: string } | null>; errors?: unknown[] };
      if (response.status !== 200 || body.errors?.length || !body.data) throw new Error(`createTask batch answered ${response.status}: ${text.slice(0, 400)}`);
      for (const n of batch) {
        const task = body.data[`t${n}`];
        if (!task || task.status !== "pending") throw new Error(`createTask t${n} did not return a pending task: ${JSON.stringify(task)}`);
        ids.push(task.id);
      }
    }
  };
  await Promise.all(Array.from({ length: mutationConcurrency }, creator));
  return { ids, seconds: (now() - started) / 1000 };
}

/**
 * The tokens of the first `count` seeded case workers (seed.ts), signed as the identity provider
 * would sign them, each naming the worker's account: claiming needs a real, active one.
 */
async function workerTokens(db: pg.Client, count: number): Promise<Array<{ userId: string; headers: Record<string, string> }>> {
  if (count > benchWorkerCount) throw new Error(`${count} workers, but the seed makes ${benchWorkerCount} worker accounts`);
  const subjects = Array.from({ length: count }, (_, index) => benchWorkerSubject(index));
  const { rows } = await db.query<{ id: string; subject: string }>(
    `SELECT id::text, "idpSubject" AS subject FROM app_user WHERE "idpSubject" = ANY($1::text[]) AND status = 'active'`,
    [subjects],
  );
  const idOf = new Map(rows.map((row) => [row.subject, row.id]));
  return Promise.all(
    subjects.map(async (subject) => {
      const userId = idOf.get(subject);
      if (!userId) throw new Error(`no active account for the seeded worker ${subject}`);
      return { userId, headers: { authorization: `Bearer ${await benchToken(["case_worker"], { sub: subject, userId })}` } };
    }),
  );
}

/**
 * `workers` case workers, each in a loop: take the next pending task, claim it, complete it, until
 * the warm-up and measured seconds have passed (each finishes the task in hand) or the tasks run out.
 * Every task goes to exactly one worker, so a 409 here is a fault, not contention.
 */
export async function measureClaimComplete(
  restBase: string,
  db: pg.Client,
  pool: TaskPool,
  options: { workers: number; seconds: number; warmupSeconds: number },
): Promise<ClaimComplete> {
  const tokens = await workerTokens(db, options.workers);
  const samples: Sample[] = [];
  const failures = new Map<string, number>();
  const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  const claimedOnly = new Set<string>();
  const completed = new Set<string>();
  const first = pool.next;

  const act = async (worker: (typeof tokens)[number], id: string, action: "claim" | "complete"): Promise<boolean> => {
    // A claim has no body, and a JSON content type without one is a 400.
    const request: RequestInit =
      action === "complete"
        ? { headers: { ...worker.headers, "content-type": "application/json" }, body: JSON.stringify({ outcome: "approved" }) }
        : { headers: worker.headers };
    const started = now();
    let status = 0;
    let text = "";
    try {
      const response = await fetch(`${restBase}/workflow/tasks/${id}/${action}`, { method: "POST", ...request, signal: AbortSignal.timeout(requestTimeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      fail(`${action}: ${(error as Error).name === "TimeoutError" ? "timeout" : (error as Error).message}`);
      return false;
    }
    const ended = now();
    if (status !== 200) {
      fail(`${action}: ${status} ${(/"code"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? "").trim()}`.trim());
      return false;
    }
    // A 200 must carry the task in its new state: a fast wrong answer must not count as a transition.
    const task = JSON.parse(text) as { id?: string; status?: string; assignedToId?: string; outcome?: string };
    const expected = action === "claim" ? "in_progress" : "completed";
    if (task.id !== id || task.status !== expected || task.assignedToId !== worker.userId || (action === "complete" && task.outcome !== "approved")) {
      fail(`${action}: 200 with an unexpected task (status ${task.status}, assignedToId ${task.assignedToId})`);
      return false;
    }
    samples.push({ action, endedAt: ended, ms: ended - started });
    return true;
  };

  const start = now();
  const measureFrom = start + options.warmupSeconds * 1000;
  const end = measureFrom + options.seconds * 1000;
  let lastEnded = start;
  const worker = async (token: (typeof tokens)[number]) => {
    while (now() < end && pool.next < pool.ids.length) {
      const id = pool.ids[pool.next++]!;
      if (!(await act(token, id, "claim"))) continue;
      if (await act(token, id, "complete")) completed.add(id);
      else claimedOnly.add(id);
      lastEnded = Math.max(lastEnded, now());
    }
  };
  await Promise.all(tokens.map(worker));

  const exhausted = pool.next >= pool.ids.length && lastEnded < end;
  const windowEnd = exhausted ? lastEnded : end;
  const measured = samples.filter((sample) => sample.endedAt >= measureFrom && sample.endedAt <= windowEnd);
  const measuredSeconds = Math.max(0, (windowEnd - measureFrom) / 1000);
  const latency = (action: Sample["action"]): ActionLatency => {
    const sorted = measured.filter((sample) => sample.action === action).map((sample) => sample.ms).sort((a, b) => a - b);
    return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
  };
  const claim = latency("claim");
  const complete = latency("complete");
  const attempted = pool.ids.slice(first, pool.next);
  const failureCount = [...failures.values()].reduce((sum, count) => sum + count, 0);
  return {
    workers: options.workers,
    measuredSeconds,
    transitionsPerSecond: measuredSeconds > 0 ? (claim.count + complete.count) / measuredSeconds : NaN,
    tasksPerSecond: measuredSeconds > 0 ? complete.count / measuredSeconds : NaN,
    claim,
    complete,
    attempted: attempted.length,
    failures: failureCount,
    failureDetail: [...failures].map(([what, count]) => `${count}× ${what}`).join(", "),
    exhausted,
    check: await checkState(db, attempted, completed.size, claimedOnly.size),
  };
}

/** The tasks' rows and their events must say what the answers said: no lost or phantom transition. */
async function checkState(db: pg.Client, ids: readonly string[], completedAnswered: number, claimedOnlyAnswered: number): Promise<StateCheck> {
  const prefix = process.env.EVENT_TYPE_PREFIX ?? "";
  const { rows } = await db.query<{ completed: number; in_progress: number; claimed_events: number; completed_events: number }>(
    `SELECT
       (SELECT count(*)::int FROM workflow_task WHERE id = ANY($1::uuid[]) AND status = 'completed') AS completed,
       (SELECT count(*)::int FROM workflow_task WHERE id = ANY($1::uuid[]) AND status = 'in_progress') AS in_progress,
       (SELECT count(*)::int FROM platform_event WHERE subject = ANY($1::uuid[]) AND type = $2) AS claimed_events,
       (SELECT count(*)::int FROM platform_event WHERE subject = ANY($1::uuid[]) AND type = $3) AS completed_events`,
    [ids, `${prefix}workflow.task.claimed`, `${prefix}workflow.task.completed`],
  );
  const row = rows[0]!;
  return {
    completedAnswered,
    completedInDatabase: row.completed,
    claimedOnlyAnswered,
    claimedOnlyInDatabase: row.in_progress,
    claimedEvents: row.claimed_events,
    completedEvents: row.completed_events,
    ok:
      row.completed === completedAnswered &&
      row.in_progress === claimedOnlyAnswered &&
      row.claimed_events === completedAnswered + claimedOnlyAnswered &&
      row.completed_events === completedAnswered,
  };
}
