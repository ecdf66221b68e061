import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from "@apollo/gateway";
import { latencyBuckets, metricsRegistry } from "@pap/core";
import { Counter, Histogram } from "prom-client";

const labelNames = ["subgraph", "outcome"] as const;

const fetches = new Counter({
  name: "pap_subgraph_fetches_total",
  help: "Fetches the gateway made to a subgraph (over HTTP in distributed mode, in-process otherwise, or directly for an operation that subgraph answers alone), by subgraph and outcome: ok, error (answered with GraphQL errors), failed (no answer: refused, unreachable, timed out).",
  labelNames,
  registers: [metricsRegistry],
});

const durations = new Histogram({
  name: "pap_subgraph_fetch_duration_seconds",
  help: "Time of each fetch the gateway made to a subgraph, by subgraph and outcome.",
  labelNames,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** One fetch from a subgraph, counted and timed by its outcome: the answer's errors say error, a throw says failed. */
export async function measuredFetch<Answer extends { errors?: readonly unknown[] }>(
  subgraph: string,
  fetch: () => Promise<Answer>,
): Promise<Answer> {
  const started = performance.now();
  let outcome = "failed";
  try {
    const response = await fetch();
    outcome = response.errors?.length ? "error" : "ok";
    return response;
  } finally {
    const labels = { subgraph, outcome };
    fetches.inc(labels);
    durations.observe(labels, (performance.now() - started) / 1000);
  }
}

/**
 * A subgraph's data source, each fetch the gateway's query plan makes through it counted and timed,
 * whichever way the subgraph is reached (`RemoteSubgraph` over HTTP, `InProcessDataSource` in the
 * gateway's own process).
 */
export function measuredDataSource<Context extends Record<string, unknown>>(
  subgraph: string,
  source: GraphQLDataSource<Context>,
): GraphQLDataSource<Context> {
  return { process: (options: GraphQLDataSourceProcessOptions<Context>) => measuredFetch(subgraph, () => source.process(options)) };
}
