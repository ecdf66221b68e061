import { positive } from "../process";
import { sessionTargetFromEnv, type SessionTarget } from "../single-session";
import { benchWorkerCount } from "./seed";

export type WorkflowSettings = SessionTarget & {
  /** Concurrent case workers of each claim/complete pass, each worker with a token of its own. */
  workers: number[];
  /** Measured seconds of each claim/complete pass (it ends sooner if the pending tasks run out). */
  seconds: number;
  /** Unmeasured seconds of claiming and completing first, so JIT, pools and caches are warm. */
  warmupSeconds: number;
  /** Pending tasks created before the passes, which take them in turn: enough for all at the expected rates. */
  pendingTasks: number;
  /** Size of the data set the metrics are computed over. */
  metricTasks: number;
  metricEvents: number;
  /** Timed requests per metric and grouping, after one untimed request that warms caches. */
  repetitions: number;
};

// Defaults keep the whole run (seed included) to about two and a half minutes on two cores.
export function workflowSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkflowSettings {
  const metricTasks = positive(env, "WORKFLOW_BENCH_TASKS", 100_000);
  const metricEvents = positive(env, "WORKFLOW_BENCH_EVENTS", 1_000_000);
  // The seed gives every task one creation event and at least one more.
  if (metricEvents < 2 * metricTasks) throw new Error(`WORKFLOW_BENCH_EVENTS (${metricEvents}) must be at least twice WORKFLOW_BENCH_TASKS (${metricTasks})`);
  return {
    // Away from the main bench's ports (4600, 4700, 4800 …) and the event bench's (4950).
    ...sessionTargetFromEnv(env, { variable: "WORKFLOW_BENCH_PORT", fallback: 5050 }),
    // One worker shows a transition's own latency; more show where the throughput levels off.
    workers: workerCounts(env.WORKFLOW_BENCH_WORKERS ?? "1,4,16"),
    seconds: positive(env, "WORKFLOW_BENCH_SECONDS", 10),
    warmupSeconds: positive(env, "WORKFLOW_BENCH_WARMUP", 2, true),
    // About 20 % more than the three default passes use on two cores; a pass that runs out says so.
    pendingTasks: positive(env, "WORKFLOW_BENCH_PENDING", 6_000),
    metricTasks,
    metricEvents,
    repetitions: positive(env, "WORKFLOW_BENCH_REPETITIONS", 7),
  };
}

function workerCounts(raw: string): number[] {
  const counts = raw.split(",").map((part) => part.trim()).filter(Boolean).map(Number);
  if (!counts.length || counts.some((count) => !Number.isInteger(count) || count < 1 || count > benchWorkerCount)) {
    throw new Error(`WORKFLOW_BENCH_WORKERS must be integers from 1 to ${benchWorkerCount} (the seeded worker accounts) separated by commas, got '${raw}'`);
  }
  return counts;
}
