// The one module an entry point imports before any other of the platform's (`@pap/core/tracing`):
// OpenTelemetry's instrumentations can only patch http, fastify, graphql and pg if they are in place
// before those modules load. It imports nothing of OpenTelemetry itself: the SDK is required only when
// an endpoint is configured, so a process without one never loads it.
import { tracingSettingsFromEnv } from "./settings";

/** Starts OpenTelemetry in this process when an OTLP endpoint is configured; otherwise does nothing. */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  const settings = tracingSettingsFromEnv(env);
  if (!settings.enabled) return false;
  (require("./sdk") as typeof import("./sdk")).startSdk(settings);
  return true;
}

export { childServiceName, tracingSettingsFromEnv, type TracingSettings } from "./settings";
