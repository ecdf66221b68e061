import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { isPlatformWide, metricsRegistry, processSeries } from "./registry";

/** One process's series, as prom-client reports them (`getMetricsAsJSON`). */
export type ProcessMetrics = MetricObjectWithValues<MetricValue<string>>[];

let service = "platform";

/**
 * Names the part of the platform this process runs, as its series' `service` label: `platform` (the
 * whole stack: single mode, each cluster worker), `gateway`, `rest-compat`, `subgraph-<name>`,
 * `launcher` (the process that starts the others).
 */
export function setMetricsService(name: string): void {
  service = name;
}

/**
 * This process's series, labelled for the platform's view, by one rule:
 * - work counted (counters and histograms: requests, operations, fetches, queries, refusals) gets
 *   `service`, and adds up across the copies of one service (cluster workers, gateway workers), so
 *   N requests read N whichever copy answered them;
 * - the process's own state (every gauge, and the CPU, memory, heap, event-loop and GC series) gets
 *   `service` and `process` (the pid) and is never combined: a sum or an average would hide the one
 *   process that is in trouble;
 * - what every process reads whole from the shared log or database (`platformWide`) gets neither,
 *   and the largest reading wins.
 */
export async function processMetrics(): Promise<ProcessMetrics> {
  const pid = String(process.pid);
  return (await metricsRegistry.getMetricsAsJSON()).map((metric) => {
    if (isPlatformWide(metric.name)) return metric;
    // prom-client's types declare a numeric enum; at run time the type is its name.
    const perProcess = String(metric.type) === "gauge" || processSeries.has(metric.name);
    const added = perProcess ? { service, process: pid } : { service };
    return {
      ...metric,
      // Each process's value keeps its own labels, so none meets another; "first" also keeps the series prom-client would omit (start time).
      aggregator: perProcess ? "first" : metric.aggregator,
      values: metric.values.map((value) => ({ ...value, labels: { ...value.labels, ...added } })),
    };
  });
}

/** The text format of several processes' series, combined by each series' aggregator (`processMetrics` chose them). */
export async function combinedText(processes: ProcessMetrics[]): Promise<string> {
  return AggregatorRegistry.aggregate(processes).metrics();
}
