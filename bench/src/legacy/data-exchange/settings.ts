import { positive } from "../process";
import { sessionTargetFromEnv, type SessionTarget } from "../single-session";

/** One measured step: a fixed offered rate, or as fast as the platform accepts on so many connections. */
export type StepSpec = {
  /** Calls per second on a timetable; null: closed loop, `connections` submitters each waiting for its answer. */
  rate: number | null;
  /** The simulator's `latencyMs` during the step (0: as fast as it answers). */
  agencyLatencyMs: number;
  /** Unmeasured: warms JIT, pools and caches; its figures are not reported. */
  warmUp?: boolean;
};

export type DataExchangeBenchSettings = SessionTarget & {
  /** Application members seeded by SQL: each step submits at most one call per member (none deduplicated). */
  members: number;
  /** The offered rates of the measured steps, in order; `max` for as fast as it accepts. */
  steps: StepSpec[];
  /** Seconds of submitting per step (a step ends sooner if it runs out of members). */
  seconds: number;
  /** Seconds of the unmeasured warm-up step at 100 calls/s (0: none). */
  warmupSeconds: number;
  /** Submitters of the `max` step, each with its own keep-alive connection. */
  connections: number;
  /** A fixed-rate step skips its slots while this many submissions await an answer (the platform is behind). */
  maxInFlight: number;
  /** How long a step waits after its last submission for its calls to complete before it gives up on them. */
  drainSeconds: number;
};

/**
 * The knobs (see the top of run.ts). Defaults keep the whole run near two and a half minutes on two
 * cores: four 10 s steps plus one with a slow agency, each followed by the drain of its backlog.
 */
export function dataExchangeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DataExchangeBenchSettings {
  const latencyMs = positive(env, "DX_BENCH_LATENCY_MS", 50, true);
  const latencyRate = rateOf(env.DX_BENCH_LATENCY_RATE ?? "250", "DX_BENCH_LATENCY_RATE");
  const steps: StepSpec[] = (env.DX_BENCH_RATES ?? "100,250,500,max")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ rate: rateOf(part, "DX_BENCH_RATES"), agencyLatencyMs: 0 }));
  if (!steps.length) throw new Error("DX_BENCH_RATES must name at least one rate (calls per second) or 'max'");
  if (latencyMs > 0) steps.push({ rate: latencyRate, agencyLatencyMs: latencyMs });
  return {
    // Away from the other benchmarks' ports (4600…, 4700…, 4860, 4950, 5050).
    ...sessionTargetFromEnv(env, { variable: "DX_BENCH_PORT", fallback: 5150 }),
    // 500 calls/s for 10 s needs 5,000 distinct members; a little more so the step never runs short.
    members: positive(env, "DX_BENCH_MEMBERS", 6_000),
    steps,
    seconds: positive(env, "DX_BENCH_SECONDS", 10),
    warmupSeconds: positive(env, "DX_BENCH_WARMUP", 2, true),
    connections: positive(env, "DX_BENCH_CONNECTIONS", 50),
    maxInFlight: positive(env, "DX_BENCH_MAX_IN_FLIGHT", 256),
    drainSeconds: positive(env, "DX_BENCH_DRAIN_SECONDS", 60),
  };
}

function rateOf(raw: string, name: string): number | null {
  if (raw.trim().toLowerCase() === "max") return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: each rate must be a positive whole number of calls per second or 'max', got '${raw}'`);
  return value;
}

export const stepName = (step: StepSpec, connections: number) =>
  `${step.rate === null ? `max (${connections} connections)` : `${step.rate}/s`}${step.agencyLatencyMs ? `, agency latency ${step.agencyLatencyMs} ms` : ""}`;
