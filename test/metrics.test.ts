// Prometheus metrics (issue 19): `GET /metrics` in the text format, with the platform's own series —
// HTTP requests by route template, GraphQL operations by name, events committed by type, open
// event streams, durable consumers' lag, the timer backlog — and the process's; served to this machine
// only, or to the metrics token once one is set.
import { openStream, waitFor } from "./support/live";
import { useTestPlatform } from "./support/platform";
import { adminHeaders } from "./support/auth";

const { api, url } = useTestPlatform("metrics");

const scrape = async (headers: Record<string, string> = {}) => {
  const response = await fetch(`${url()}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
};

/** A sample's value, by its name and labels as written (`name{a="1",b="2"}`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

it("counts requests, operations, events and open streams, and reads consumer lag and due timers at each scrape", async () => {
  expect((await api.post("/persons", { name: { firstName: "Meter", lastName: "Reading" } })).status).toBe(201);
  expect((await api.get("/persons?limit=1")).status).toBe(200);
  expect((await api.graphql("query Metered { persons(limit: 1) { total } }")).errors).toBeUndefined();
  const stream = await openStream(`${url()}/platform/events/stream`, await adminHeaders());
  try {
    await waitFor(async () => (sample((await scrape()).text, 'pap_events_committed_total{type="persons.person.created"}') ?? 0) >= 1, "the person's event to be counted");
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    expect(sample(text, 'pap_http_requests_total{method="GET",route="/persons",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pap_http_requests_total{method="POST",route="/persons",status="201"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/pap_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/persons",status="200"\} \d+/);
    expect(sample(text, 'pap_graphql_operations_total{operation="Metered",type="query",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pap_open_connections{kind="sse"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^pap_consumer_lag_events\{consumer="[^"]+"\} \d+$/m);
    expect(sample(text, "pap_timers_due")).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^pap_process_resident_memory_bytes \d+/m);
  } finally {
    stream.close();
  }
});

it("answers the metrics token once one is set, and only it", async () => {
  process.env.METRICS_TOKEN = "scrape-secret-for-tests";
  try {
    expect((await scrape()).status).toBe(401);
    expect((await scrape({ authorization: "Bearer wrong" })).status).toBe(401);
    expect((await scrape({ authorization: "Bearer scrape-secret-for-tests" })).status).toBe(200);
  } finally {
    delete process.env.METRICS_TOKEN;
  }
});
