import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's metrics, in the Prometheus text format (prom-client): one registry, the process's own
 * (CPU, memory, event-loop lag, handles) and the platform's. Names start with `pap_`. How the
 * registries of several processes combine into the platform's figures is `platform-view.ts`'s rule.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "pap_" });

/** The series that describe the process itself (CPU, memory, heap, event loop, handles, GC): never added across processes. */
export const processSeries: ReadonlySet<string> = new Set(metricsRegistry.getMetricsAsArray().map((metric) => metric.name));

const platformWideSeries = new Set<string>();

/**
 * Marks a series every process reads whole from the shared log or database (events committed, a
 * consumer's lag): the platform's figure is any one process's, so it carries no process labels and
 * the largest reading wins (a process that started late has seen fewer events).
 */
export function platformWide<Configuration extends { name: string }>(configuration: Configuration): Configuration {
  platformWideSeries.add(configuration.name);
  return configuration;
}

export const isPlatformWide = (name: string) => platformWideSeries.has(name);

/** Latency buckets, in seconds, of every duration histogram of the platform's. */
export const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const seconds = latencyBuckets;

export const httpRequests = new Counter({
  name: "pap_http_requests_total",
  help: "HTTP requests answered, by method, route template and status.",
  labelNames: ["method", "route", "status"],
  registers: [metricsRegistry],
});
export const httpDuration = new Histogram({
  name: "pap_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route template and status.",
  labelNames: ["method", "route", "status"],
  buckets: seconds,
  registers: [metricsRegistry],
});

export const graphqlOperations = new Counter({
  name: "pap_graphql_operations_total",
  help: "GraphQL operations executed, by operation name, type and outcome (ok, error).",
  labelNames: ["operation", "type", "outcome"],
  registers: [metricsRegistry],
});
export const graphqlDuration = new Histogram({
  name: "pap_graphql_operation_duration_seconds",
  help: "Time to execute a GraphQL operation, by operation name and type.",
  labelNames: ["operation", "type"],
  buckets: seconds,
  registers: [metricsRegistry],
});

export const eventsCommitted = new Counter(
  platformWide({
    name: "pap_events_committed_total",
    help: "Events committed to the platform's log, by type (every process follows the whole log).",
    labelNames: ["type"],
    registers: [metricsRegistry],
    aggregator: "max",
  }),
);

export const subscriptionPayloads = new Counter({
  name: "pap_subscription_payloads_total",
  help: "Results handed to GraphQL subscribers (each SSE stream is one), by root field.",
  labelNames: ["field"],
  registers: [metricsRegistry],
});
export const subscriptionExecutions = new Counter({
  name: "pap_subscription_executions_total",
  help: "Executions run to produce those results, by root field: subscribers of the same subscription (document, variables, credentials) share one per payload.",
  labelNames: ["field"],
  registers: [metricsRegistry],
});

export const openConnections = new Gauge({
  name: "pap_open_connections",
  help: "Live connections open now: server-sent event streams and GraphQL WebSockets.",
  labelNames: ["kind"],
  registers: [metricsRegistry],
});
export const serverFaults = new Counter({
  name: "pap_server_faults_total",
  help: "Requests that failed by the platform's own fault (answered 500), by where it arose: database (a statement the database refused or could not run) or platform (our code); and requests answered 503 because the database could not be reached (database_unavailable: a failover or a restart).",
  labelNames: ["source"],
  registers: [metricsRegistry],
});
export const rateLimitRefusals = new Counter({
  name: "pap_rate_limit_refusals_total",
  help: "Requests and connections refused with 429, by what was limited (requests, connections).",
  labelNames: ["limit"],
  registers: [metricsRegistry],
});

/** Operation names come from clients: a bounded set of label values keeps the registry from growing without end. */
const knownOperations = new Set<string>();
export function operationLabel(name: string | null | undefined): string {
  const label = name && /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) ? name : "anonymous";
  if (knownOperations.has(label)) return label;
  if (knownOperations.size >= 500) return "other";
  knownOperations.add(label);
  return label;
}
