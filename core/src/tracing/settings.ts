// Read here as the environment gives them, not through `readSetting`: tracing starts as a process's
// first import, before the launcher's configuration check, which refuses a value these would ignore.

/** Whether this process exports OpenTelemetry traces, and under which service name. */
export type TracingSettings = { enabled: boolean; serviceName: string };

const DEFAULT_SERVICE = "pap";

/**
 * Tracing is on when an OTLP endpoint is configured (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or
 * `OTEL_EXPORTER_OTLP_ENDPOINT`), unless `OTEL_SDK_DISABLED=true`. A process reports
 * `OTEL_SERVICE_NAME`; the launcher gives each process it starts a name of its own (`childServiceName`),
 * and a process started on its own is `pap-platform`.
 */
export function tracingSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): TracingSettings {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return {
    enabled: Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== "true",
    serviceName: env.OTEL_SERVICE_NAME?.trim() || `${DEFAULT_SERVICE}-platform`,
  };
}

/**
 * The service name of a process the launcher starts (`gateway`, `rest`, `subgraph-intake`): the
 * deployment's `OTEL_SERVICE_NAME` (or `pap`) and the process's role, so that in the distributed mode
 * every process reports under its own name.
 */
export function childServiceName(role: string, env: NodeJS.ProcessEnv = process.env): string {
  return `${env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE}-${role}`;
}
