// Prometheus metrics in distributed mode (issue 19): each subgraph, the gateway (two copies on its
// port, GATEWAY_WORKERS=2) and rest-compat in processes of their own. A scrape of either public port
// returns every process's series, each labelled with the service it runs: rest-compat's requests,
// the gateway's operations and its fetches from the subgraphs over HTTP, each subgraph process's
// requests, pool and statements, and the log's events once for the platform.
import { domains } from "@pap/gateway";
import { adminHeaders } from "../support/auth";
import { startDistributedForTest, type RunningDistributed } from "../support/distributed";
import { created, newCase, newPerson } from "../support/creators";
import { httpClient } from "../support/platform";
import { labelValues, samplesOf, scrape, scrapeUntil, total, type Sample } from "../support/prometheus";

jest.setTimeout(600_000);

let running: RunningDistributed | undefined;
let restore: (() => void) | undefined;
const startTimeout = process.env.PLATFORM_START_TIMEOUT_MS;

beforeAll(async () => {
  process.env.GATEWAY_WORKERS = "2";
  // Ten subgraph processes share the test server's connections with other test files: a few each.
  process.env.DATABASE_POOL_SIZE = "3";
  // Fourteen processes starting at once on a small shared machine: room beyond the launcher's default.
  process.env.PLATFORM_START_TIMEOUT_MS = startTimeout ?? "480000";
  const started = await startDistributedForTest("metrics-distributed");
  running = started.running;
  restore = started.restore;
}, 600_000);

afterAll(async () => {
  delete process.env.GATEWAY_WORKERS;
  delete process.env.DATABASE_POOL_SIZE;
  if (startTimeout === undefined) delete process.env.PLATFORM_START_TIMEOUT_MS;
  await running?.stop();
  restore?.();
}, 60_000);

const restUrl = () => running!.urls.rest!;
const gatewayUrl = () => running!.urls.graphql!.replace(/\/graphql$/, "");

it("answers every process's series on either public port, each labelled with its service", async () => {
  const api = httpClient(restUrl);
  const reads = 5;
  const operations = 3;
  expect((await api.post("/persons", { name: { firstName: "Distributed", lastName: "Meter" } })).status).toBe(201);
  for (let read = 0; read < reads; read++) expect((await api.get("/persons?limit=1")).status).toBe(200);
  for (let operation = 0; operation < operations; operation++) {
    const answer = await fetch(`${gatewayUrl()}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await adminHeaders()) },
      body: JSON.stringify({ query: "query Spread { persons(limit: 1) { total } }" }),
    });
    expect(answer.status).toBe(200);
  }
  const subgraphServices = domains.map((domain) => `subgraph-${domain.name}`);
  const everyService = ["gateway", "launcher", "rest-compat", ...subgraphServices].sort();
  // Each subgraph process follows the log on its own time: wait for a scrape that has the event too.
  const everyone = (samples: Sample[]) =>
    labelValues(samples, "pap_process_resident_memory_bytes", "service").join() === everyService.join();
  const samples = await scrapeUntil(
    restUrl(),
    (scraped) => everyone(scraped) && total(scraped, "pap_events_committed_total", { type: "persons.person.created" }) >= 1,
    "a scrape with every process and the person's event",
  );
  // The gateway's primary and its two copies.
  expect(labelValues(samples, "pap_process_resident_memory_bytes", "process", { service: "gateway" })).toHaveLength(3);

  expect(total(samples, "pap_http_requests_total", { method: "GET", route: "/persons", status: "200", service: "rest-compat" })).toBe(
    reads,
  );
  expect(total(samples, "pap_http_requests_total", { method: "POST", route: "/persons", status: "201", service: "rest-compat" })).toBe(1);
  // Added up over the gateway's two copies, whichever answered.
  expect(total(samples, "pap_graphql_operations_total", { operation: "Spread", outcome: "ok", service: "gateway" })).toBe(operations);
  expect(total(samples, "pap_subgraph_fetches_total", { subgraph: "persons", outcome: "ok", service: "gateway" })).toBeGreaterThanOrEqual(
    reads + operations,
  );
  expect(
    total(samples, "pap_subgraph_fetch_duration_seconds_count", { subgraph: "persons", outcome: "ok", service: "gateway" }),
  ).toBeGreaterThanOrEqual(reads + operations);
  expect(
    total(samples, "pap_http_requests_total", { method: "POST", route: "/graphql", status: "200", service: "subgraph-persons" }),
  ).toBeGreaterThanOrEqual(reads + operations);

  // Each subgraph process has its pool and times its statements; rest-compat a small one for Idempotency-Keys; the gateway none.
  expect(labelValues(samples, "pap_db_pool_connections", "service", { pool: "main" })).toEqual([...subgraphServices, "rest-compat"].sort());
  expect(total(samples, "pap_db_pool_max_connections", { pool: "main", service: "rest-compat" })).toBe(2);
  expect(total(samples, "pap_db_pool_max_connections", { pool: "main", service: "subgraph-persons" })).toBe(3);
  expect(
    total(samples, "pap_db_query_duration_seconds_count", { statement: "insert", service: "subgraph-persons" }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    total(samples, "pap_db_query_duration_seconds_count", { statement: "select", service: "subgraph-persons" }),
  ).toBeGreaterThanOrEqual(reads);

  // The log's figures once for the platform, not once per process that follows it.
  expect(samplesOf(samples, "pap_events_committed_total", { type: "persons.person.created" })).toEqual([
    { name: "pap_events_committed_total", labels: { type: "persons.person.created" }, value: 1 },
  ]);
  expect(samplesOf(samples, "pap_timers_due")).toHaveLength(1);

  // The gateway's port answers the same platform.
  const throughGateway = await scrapeUntil(gatewayUrl(), everyone, "a scrape of the gateway's port with every process");
  expect(
    total(throughGateway, "pap_http_requests_total", { method: "GET", route: "/persons", status: "200", service: "rest-compat" }),
  ).toBe(reads);
});

it("sends a request's side-by-side queries to one subgraph as one HTTP request, each operation executed", async () => {
  const api = httpClient(restUrl);
  const person = await newPerson(api, "Batched");
  const caseId = await newCase(api, person);
  const application = await created(api, "/intake/applications", { programs: ["snap"] });
  await created(api, `/intake/applications/${application.id}/members`, {
    roles: ["primary_applicant"],
    personId: person,
    contact: { name: { firstName: "Batched", lastName: "Stream" } },
  });
  // Case management's requests, and the fetches the gateway made of it (over the gateway's copies).
  const requestsOf = (samples: Sample[]) =>
    total(samples, "pap_http_requests_total", { route: "/graphql", service: "subgraph-case-management" });
  const fetchesOf = (samples: Sample[]) =>
    total(samples, "pap_subgraph_fetches_total", { subgraph: "case-management", service: "gateway" });
  const before = await scrapeUntil(restUrl(), (samples) => requestsOf(samples) > 0, "case management's requests so far");

  // After intake's answer the plan asks case management for the application's case and for the
  // member's person's cases side by side: two fetches, one request.
  const answer = await fetch(`${gatewayUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await adminHeaders()) },
    body: JSON.stringify({
      query: "query Batched($id: ID!) { application(id: $id) { case { id } members { person { id cases { id } } } } }",
      variables: { id: application.id },
    }),
  });
  expect(await answer.json()).toEqual({
    data: { application: { case: null, members: [{ person: { id: person, cases: [{ id: caseId }] } }] } },
  });
  const after = await scrapeUntil(
    restUrl(),
    (samples) => fetchesOf(samples) - fetchesOf(before) === 2,
    "the gateway's two fetches of case management",
  );
  expect(requestsOf(after) - requestsOf(before)).toBe(1);
});

it("answers one process's series alone with ?scope=process", async () => {
  const { samples } = await scrape(restUrl(), { scope: "process" });
  expect(labelValues(samples, "pap_process_resident_memory_bytes", "service")).toEqual(["rest-compat"]);
  expect(samplesOf(samples, "pap_graphql_operations_total")).toEqual([]);
});
