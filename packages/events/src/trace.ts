import { randomBytes } from "node:crypto";

// W3C trace context: version-traceid-parentid-flags, lower-case hex, all-zero ids invalid.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export const isTraceparent = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  const match = TRACEPARENT.exec(value);
  return !!match && match[1] !== "ff" && !/^0+$/.test(match[2] ?? "") && !/^0+$/.test(match[3] ?? "");
};

export const isTraceId = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{32}$/.test(value) && !/^0+$/.test(value);

/** The trace-id part: what joins the events of one causal chain. */
export const traceIdOf = (traceparent: string | undefined | null): string | undefined =>
  traceparent && isTraceparent(traceparent) ? traceparent.slice(3, 35) : undefined;

const spanId = () => randomBytes(8).toString("hex");

/** Starts a trace for work that arrived without one. */
export const newTraceparent = (): string => `00-${randomBytes(16).toString("hex")}-${spanId()}-01`;

/** A new span in the same trace: a reaction keeps the trace id of the event that caused it. */
export function continueTrace(traceparent: string | undefined | null): string {
  const traceId = traceIdOf(traceparent);
  return traceId ? `00-${traceId}-${spanId()}-${traceparent!.slice(53, 55)}` : newTraceparent();
}
