import pino, { type Logger } from "pino";
import { readSetting } from "./config/read";
import { traceLogFields, tracingActive } from "./tracing/current";

/**
 * One structured logger per process; LOG_LEVEL tunes it (tests run with `silent`). With tracing on,
 * every line made inside a span carries its `trace_id` and `span_id`; without it, request lines carry
 * the request's `trace_id` through Fastify's per-request logger (`http/fastify-app.ts`).
 */
export function createLogger(name: string): Logger {
  return pino({ name, level: readSetting("LOG_LEVEL"), ...(tracingActive() && { mixin: traceLogFields }) });
}

export type { Logger };
