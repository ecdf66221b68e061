/** W3C trace context as the tests write and read it: trace ids of their own, and a traceparent's parts. */
import { randomBytes } from "node:crypto";

/** A trace id no other request has (32 hex digits). */
export const newTraceId = (): string => randomBytes(16).toString("hex");

/** A `traceparent` header continuing trace `traceId` from a span of the caller's own, sampled. */
export const traceparentFor = (traceId: string): string => `00-${traceId}-${randomBytes(8).toString("hex")}-01`;

/** The trace and span a `traceparent` names. */
export const idsOf = (traceparent: string): { traceId: string; spanId: string } => ({
  traceId: traceparent.split("-")[1]!,
  spanId: traceparent.split("-")[2]!,
});
