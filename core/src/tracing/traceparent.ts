import { randomFillSync } from "node:crypto";

// W3C trace context: version-traceid-parentid-flags, lower-case hex, all-zero ids invalid.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export const isTraceparent = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  const match = TRACEPARENT.exec(value);
  return !!match && match[1] !== "ff" && !/^0+$/.test(match[2] ?? "") && !/^0+$/.test(match[3] ?? "");
};

export const isTraceId = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{32}$/.test(value) && !/^0+$/.test(value);

/** The trace-id part: what joins the events of one causal chain. */
export const traceIdOf = (traceparent: string | undefined | null): string | undefined =>
  traceparent && isTraceparent(traceparent) ? traceparent.slice(3, 35) : undefined;

// Every request without trace context needs 24 random bytes. Asking the system's random source for them
// each time cost more than the rest of a cached REST read's request setup; they are sliced from a pool
// filled a few kilobytes at a time instead (crypto.randomUUID keeps such a cache for the same reason).
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = POOL_BYTES;

function randomHex(bytes: number): string {
  if (taken + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    taken = 0;
  }
  const hex = pool.toString("hex", taken, taken + bytes);
  taken += bytes;
  return hex;
}

const spanId = () => randomHex(8);

/** Starts a trace for work that arrived without one. */
export const newTraceparent = (): string => `00-${randomHex(16)}-${spanId()}-01`;

/** A new span in the same trace: a reaction keeps the trace id of the event that caused it. */
export function continueTrace(traceparent: string | undefined | null): string {
  const traceId = traceIdOf(traceparent);
  return traceId ? `00-${traceId}-${spanId()}-${traceparent!.slice(53, 55)}` : newTraceparent();
}
