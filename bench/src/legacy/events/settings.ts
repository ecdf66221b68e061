import { positive } from "../process";
import { sessionTargetFromEnv, type SessionTarget } from "../single-session";

export type EventSettings = SessionTarget & {
  /** Measured seconds of the publish-throughput pass, and length of the fixed-rate delivery pass. */
  seconds: number;
  /** Unmeasured seconds of publishing first, so JIT, pools and the hub are warm when measuring starts. */
  warmupSeconds: number;
  /** autocannon connections for the throughput pass. */
  connections: number;
  /** Events per second the delivery pass publishes on its timetable. */
  rate: number;
  /** Idle server-sent-event streams opened for the memory measurement. */
  sseConnections: number;
  /** Streams among those checked to receive an event published once they are all open. */
  sampleConnections: number;
};

// Defaults keep the whole run under about two minutes on two cores; 10,000 idle streams is the number
// the memory goal is stated for (goals.ts).
export function eventSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EventSettings {
  const sseConnections = positive(env, "EVENTS_BENCH_SSE_CONNECTIONS", 10_000);
  return {
    // Away from the main bench's ports (4600, 4700, 4800 …) so both can run on one machine.
    ...sessionTargetFromEnv(env, { variable: "EVENTS_BENCH_PORT", fallback: 4950 }),
    seconds: positive(env, "EVENTS_BENCH_SECONDS", 10),
    warmupSeconds: positive(env, "EVENTS_BENCH_WARMUP", 2, true),
    connections: positive(env, "EVENTS_BENCH_CONNECTIONS", 50),
    rate: positive(env, "EVENTS_BENCH_RATE", 1_000),
    sseConnections,
    sampleConnections: Math.min(50, sseConnections),
  };
}
