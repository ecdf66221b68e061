// What a client meets while the platform's PostgreSQL is away (a failover, a restart, a cut network):
// a 503 in the envelope with Retry-After, never a 500 that would say a defect of the platform's own, a
// readiness probe that says so, and everything back without a restart once the database returns.
import { openDatabase } from "@pap/db";
import { createTestDatabase, httpClient, startTestPlatform, type TestPlatform } from "../support/platform";
import { TcpProxy } from "../support/tcp-proxy";
import { until } from "../support/waiting";

let proxy: TcpProxy;
let platform: TestPlatform;
let api: ReturnType<typeof httpClient>;

beforeAll(async () => {
  const direct = new URL(await createTestDatabase("database_outage"));
  proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const through = new URL(direct);
  through.port = String(await proxy.listen());
  platform = await startTestPlatform("database_outage", {
    database: { kind: "postgres", url: through.toString(), poolSize: 4 },
  });
  api = httpClient(platform.url);
});

afterAll(async () => {
  proxy.restore();
  await platform?.close();
  await proxy?.close();
});

const ready = async () => (await fetch(`${platform.url}/readyz`)).status;

it("answers 503 with Retry-After while the database is away, and serves again once it is back", async () => {
  expect((await api.post("/persons", { name: { firstName: "Before", lastName: "Outage" } })).status).toBe(201);

  proxy.drop();
  const write = await api.post("/persons", { name: { firstName: "During", lastName: "Outage" } });
  expect({ status: write.status, retryAfter: write.headers.get("retry-after"), code: write.body?.code }).toEqual({
    status: 503,
    retryAfter: "1",
    code: "SERVICE_UNAVAILABLE",
  });
  const read = await api.get("/persons?limit=1");
  expect({ status: read.status, code: read.body?.code }).toEqual({ status: 503, code: "SERVICE_UNAVAILABLE" });
  const graph = await api.graphql("{ persons(limit: 1) { items { id } } }");
  expect(graph.errors?.[0]?.extensions).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
  await until("/readyz to say the process cannot serve", async () => (await ready()) === 503);

  proxy.restore();
  await until("/readyz to say the process serves again", async () => (await ready()) === 200);
  await until(
    "a write to be stored again",
    async () => (await api.post("/persons", { name: { firstName: "After", lastName: "Outage" } })).status === 201,
  );
  const after = await api.get(`/persons?q=${encodeURIComponent("name.lastName:Outage")}`);
  expect(after.body.items.map((person: { name: { firstName: string } }) => person.name.firstName).sort()).toEqual(["After", "Before"]);
});

it("keeps the process up when connections it holds or keeps idle break, and opens new ones once the database is back", async () => {
  const direct = new URL(await createTestDatabase("database_outage_pool"));
  const relay = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const through = new URL(direct);
  through.port = String(await relay.listen());
  const database = await openDatabase({ kind: "postgres", url: through.toString(), poolSize: 3 }, { migrate: false });
  try {
    // One connection checked out between statements (as a transaction holds one), two idle in the pool.
    const idle = await Promise.all([database.pool!.connect(), database.pool!.connect()]);
    for (const client of idle) client.release();
    const held = await database.pool!.connect();
    relay.drop();
    // Unheard, either connection's `error` would end the process (and fail this test as uncaught).
    await until("the pool to discard its idle connections", () => database.pool!.idleCount === 0);
    await expect(held.query("SELECT 1")).rejects.toThrow();
    held.release(true);
    relay.restore();
    await until("a statement to run again on a new connection", async () =>
      database.read<{ one: number }>("SELECT 1 AS one", []).then(
        (rows) => rows[0]?.one === 1,
        () => false,
      ),
    );
  } finally {
    await database.close();
    await relay.close();
  }
});
