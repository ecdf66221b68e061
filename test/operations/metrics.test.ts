// Prometheus metrics (issue 19), the platform in one process: `GET /metrics` in the text format, with
// the platform's own series — HTTP requests by route template, GraphQL operations by name, the
// gateway's fetches from subgraphs, the database pool and its statements, events committed by type,
// open event streams, durable consumers' lag, the timer backlog — and the process's; labelled by the
// platform view's rule; served to this machine only, or to the metrics token once one is set.
// The cluster and distributed modes: metrics.cluster.test.ts, metrics.distributed.test.ts.
import { openStream } from "../support/live";
import { useTestPlatform } from "../support/platform";
import { adminHeaders } from "../support/auth";
import { labelValues, samplesOf, scrape, total, type Sample } from "../support/prometheus";
import { waitFor } from "../support/waiting";

const { api, url } = useTestPlatform("metrics");

const platform = { service: "platform" };
const thisProcess = { service: "platform", process: String(process.pid) };

it("counts requests, operations, events and open streams, and reads consumer lag and due timers at each scrape", async () => {
  const before = (await scrape(url())).samples;
  expect((await api.post("/persons", { name: { firstName: "Meter", lastName: "Reading" } })).status).toBe(201);
  for (let read = 0; read < 3; read++) expect((await api.get("/persons?limit=1")).status).toBe(200);
  expect((await api.graphql("query Metered { persons(limit: 1) { total } }")).errors).toBeUndefined();
  const stream = await openStream(`${url()}/platform/events/stream`, await adminHeaders());
  try {
    await waitFor(
      async () => total((await scrape(url())).samples, "pap_events_committed_total", { type: "persons.person.created" }) >= 1,
      "the person's event to be counted",
    );
    const { status, type, samples } = await scrape(url());
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    const grew = (name: string, labels: Record<string, string>) => total(samples, name, labels) - total(before, name, labels);
    expect(grew("pap_http_requests_total", { method: "GET", route: "/persons", status: "200", ...platform })).toBe(3);
    expect(grew("pap_http_requests_total", { method: "POST", route: "/persons", status: "201", ...platform })).toBe(1);
    expect(grew("pap_http_request_duration_seconds_count", { method: "GET", route: "/persons", status: "200", ...platform })).toBe(3);
    expect(
      samplesOf(samples, "pap_http_request_duration_seconds_bucket", { le: "+Inf", method: "GET", route: "/persons", status: "200" }),
    ).toHaveLength(1);
    expect(grew("pap_graphql_operations_total", { operation: "Metered", type: "query", outcome: "ok", ...platform })).toBe(1);
    expect(total(samples, "pap_open_connections", { kind: "sse", ...thisProcess })).toBeGreaterThanOrEqual(1);
    expect(samplesOf(samples, "pap_consumer_lag_events").length).toBeGreaterThan(0);
    // Read from the shared log and database: one series for the platform, no process labels.
    for (const shared of ["pap_consumer_lag_events", "pap_timers_due", "pap_events_committed_total"]) {
      for (const sample of samplesOf(samples, shared)) expect(sample.labels).not.toHaveProperty("process");
    }
    expect(samplesOf(samples, "pap_timers_due")).toEqual([{ name: "pap_timers_due", labels: {}, value: expect.any(Number) }]);
    expect(total(samples, "pap_process_resident_memory_bytes", thisProcess)).toBeGreaterThan(0);
    expect(samplesOf(samples, "pap_nodejs_eventloop_lag_seconds", thisProcess)).toHaveLength(1);
  } finally {
    stream.close();
  }
});

it("counts and times the gateway's fetches from each subgraph, by outcome", async () => {
  const fetches = async (outcome: string) =>
    total((await scrape(url())).samples, "pap_subgraph_fetches_total", { subgraph: "persons", outcome, ...platform });
  const [ok, error] = [await fetches("ok"), await fetches("error")];
  expect((await api.graphql("query Fetched { persons(limit: 1) { total } }")).errors).toBeUndefined();
  expect((await api.graphql('query Refused { persons(q: "no-such-field:1") { total } }')).errors).toBeDefined();
  const { samples } = await scrape(url());
  expect(total(samples, "pap_subgraph_fetches_total", { subgraph: "persons", outcome: "ok", ...platform })).toBe(ok + 1);
  expect(total(samples, "pap_subgraph_fetches_total", { subgraph: "persons", outcome: "error", ...platform })).toBe(error + 1);
  expect(total(samples, "pap_subgraph_fetch_duration_seconds_count", { subgraph: "persons", outcome: "ok", ...platform })).toBe(ok + 1);
});

it("reads the database pool at each scrape and times statements by their kind, never by their text", async () => {
  const selects = async () =>
    total((await scrape(url())).samples, "pap_db_query_duration_seconds_count", { statement: "select", ...platform });
  const before = await selects();
  const created = await api.post("/persons", { name: { firstName: "Pooled", lastName: "Statement" } });
  expect((await api.get(`/persons/${created.body.id}`)).status).toBe(200);
  expect(await selects()).toBeGreaterThan(before);
  const { samples } = await scrape(url());
  // The test platform's pool holds five connections at most (startTestPlatform's poolSize).
  expect(total(samples, "pap_db_pool_max_connections", { pool: "main", ...thisProcess })).toBe(5);
  expect(total(samples, "pap_db_pool_connections", { pool: "main", ...thisProcess })).toBeGreaterThanOrEqual(1);
  expect(total(samples, "pap_db_pool_connections", { pool: "main", ...thisProcess })).toBeLessThanOrEqual(5);
  expect(samplesOf(samples, "pap_db_pool_idle_connections", { pool: "main", ...thisProcess })).toHaveLength(1);
  expect(samplesOf(samples, "pap_db_pool_waiting_requests", { pool: "main", ...thisProcess })).toHaveLength(1);
  expect(total(samples, "pap_db_query_duration_seconds_count", { statement: "insert", ...platform })).toBeGreaterThanOrEqual(1);
  expect(total(samples, "pap_db_query_duration_seconds_count", { statement: "transaction", ...platform })).toBeGreaterThanOrEqual(1);
  expect(
    labelValues(samples, "pap_db_query_duration_seconds_count", "statement").every((kind: string) =>
      ["select", "insert", "update", "delete", "transaction", "other"].includes(kind),
    ),
  ).toBe(true);
  expect(
    samplesOf(samples, "pap_db_query_duration_seconds_sum").every(
      (sample: Sample) => Object.keys(sample.labels).sort().join() === "service,statement",
    ),
  ).toBe(true);
});

it("answers this process's series alone with ?scope=process, and refuses any other scope", async () => {
  const alone = await scrape(url(), { scope: "process" });
  expect(alone.status).toBe(200);
  expect(labelValues(alone.samples, "pap_process_resident_memory_bytes", "process")).toEqual([String(process.pid)]);
  const refused = await fetch(`${url()}/metrics?scope=everything`);
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ code: "BAD_REQUEST" });
});

it("answers the metrics token once one is set, and only it", async () => {
  process.env.METRICS_TOKEN = "scrape-secret-for-tests";
  try {
    expect((await scrape(url())).status).toBe(401);
    expect((await scrape(url(), { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await scrape(url(), { headers: { authorization: "Bearer scrape-secret-for-tests" } })).status).toBe(200);
  } finally {
    delete process.env.METRICS_TOKEN;
  }
});
