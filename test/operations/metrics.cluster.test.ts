// Prometheus metrics in cluster mode (issue 19): the launcher as `npm run start:cluster` runs it, two
// workers sharing the public port. A scrape, whichever worker answers it, returns every worker's
// series: the requests they served added up, each worker's own gauges under its own `process` label,
// and the launcher's process beside them.
import { adminHeaders } from "../support/auth";
import { launchPlatform, stopLaunched } from "../support/launcher";
import { onNewConnection as onNewConnectionTo, type NewConnectionRequest } from "../support/new-connection";
import { createTestDatabase } from "../support/platform";
import { labelValues, parseMetrics, scrapeUntil, total } from "../support/prometheus";

jest.setTimeout(300_000);

let base = "";

beforeAll(async () => {
  const launched = await launchPlatform(await createTestDatabase("metrics_cluster"), "REST", {
    PLATFORM_MODE: "cluster",
    CLUSTER_WORKERS: "2",
  });
  base = launched.line.match(/https?:\/\/[^/\s]+/)![0];
}, 300_000);

afterAll(stopLaunched, 60_000);

/** A request that the cluster's primary hands to the next worker in turn. */
const onNewConnection = (path: string, options?: NewConnectionRequest) => onNewConnectionTo(base, path, options);

/** Scrapes on new connections until both workers have answered `?scope=process`; their own counts of `series`, by pid. */
async function eachWorkersOwn(series: string, labels: Record<string, string>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  for (let attempt = 0; attempt < 20 && seen.size < 2; attempt++) {
    const samples = parseMetrics((await onNewConnection("/metrics?scope=process")).body);
    const [pid] = labelValues(samples, "pap_process_resident_memory_bytes", "process");
    seen.set(pid!, total(samples, series, labels));
  }
  return seen;
}

it("adds up the requests every worker served, and keeps each worker's own gauges apart", async () => {
  const headers = await adminHeaders();
  const reads = 10;
  const operations = 4;
  for (let read = 0; read < reads; read++) expect((await onNewConnection("/persons?limit=1", { headers })).status).toBe(200);
  for (let operation = 0; operation < operations; operation++) {
    const answer = await onNewConnection("/graphql", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ query: "query Clustered { persons(limit: 1) { total } }" }),
    });
    expect(answer.status).toBe(200);
  }

  const samples = await scrapeUntil(
    base,
    (scraped) =>
      labelValues(scraped, "pap_process_resident_memory_bytes", "service").join() === "launcher,platform" &&
      labelValues(scraped, "pap_process_resident_memory_bytes", "process").length === 3,
    "a scrape with both workers and the launcher",
  );
  const reading = { method: "GET", route: "/persons", status: "200", service: "platform" };
  expect(total(samples, "pap_http_requests_total", reading)).toBe(reads);
  expect(total(samples, "pap_http_request_duration_seconds_count", reading)).toBe(reads);
  expect(total(samples, "pap_graphql_operations_total", { operation: "Clustered", outcome: "ok", service: "platform" })).toBe(operations);
  expect(total(samples, "pap_subgraph_fetches_total", { subgraph: "persons", outcome: "ok", service: "platform" })).toBeGreaterThanOrEqual(
    operations,
  );
  expect(total(samples, "pap_db_query_duration_seconds_count", { statement: "select", service: "platform" })).toBeGreaterThanOrEqual(reads);

  // Each worker and the launcher, each under its own pid; the workers' pools likewise.
  const workers = labelValues(samples, "pap_process_resident_memory_bytes", "process", { service: "platform" });
  expect(workers).toHaveLength(2);
  expect(labelValues(samples, "pap_process_resident_memory_bytes", "process", { service: "launcher" })).toHaveLength(1);
  expect(labelValues(samples, "pap_nodejs_eventloop_lag_seconds", "process", { service: "platform" })).toEqual(workers);
  expect(labelValues(samples, "pap_db_pool_connections", "process", { pool: "main", service: "platform" })).toEqual(workers);
  // Read from the shared database: one series, whichever worker read it.
  expect(labelValues(samples, "pap_timers_due", "process")).toEqual([]);

  // Both workers served some of the reads (the primary takes turns), and the aggregate is their sum.
  const own = await eachWorkersOwn("pap_http_requests_total", reading);
  expect([...own.keys()].sort()).toEqual(workers);
  expect([...own.values()].every((count) => count > 0 && count < reads)).toBe(true);
  expect([...own.values()].reduce((sum, count) => sum + count, 0)).toBe(reads);
});
