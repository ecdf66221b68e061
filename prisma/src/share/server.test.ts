// The embedded store's share, with real PostgreSQL clients (`pg`) on real sockets: many connections
// in PGlite's one session must behave as separate sessions would for what the platform does.
import { PGlite } from "@electric-sql/pglite";
import { Client, Pool } from "pg";
import { serveSharedSession, type SharedSessionServer } from "./server";

let pglite: PGlite;
let share: SharedSessionServer;
const clients: Client[] = [];

const connectionString = () => `postgresql://postgres@127.0.0.1:${share.port}/postgres?sslmode=disable`;

async function client(): Promise<Client> {
  const connected = new Client({ connectionString: connectionString() });
  await connected.connect();
  clients.push(connected);
  return connected;
}

beforeAll(async () => {
  pglite = new PGlite("memory://");
  share = await serveSharedSession(pglite, { host: "127.0.0.1", port: 0 });
  await pglite.exec("CREATE TABLE item (id serial PRIMARY KEY, label text NOT NULL, size int NOT NULL)");
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((connected) => connected.end().catch(() => {})));
  await share.stop();
  await pglite.close();
});

beforeEach(() => pglite.exec("TRUNCATE item"));

it("keeps each connection's extended queries whole when connections send at once", async () => {
  const [one, two, three] = await Promise.all([client(), client(), client()]);
  // Different parameter counts: a Bind meeting another connection's Parse would be refused.
  const rounds = async (ask: (round: number) => Promise<void>) => {
    for (let round = 0; round < 40; round++) await ask(round);
  };
  await Promise.all([
    rounds(async (round) => expect((await one.query("SELECT $1::int + $2::int AS sum", [round, 1])).rows[0].sum).toBe(round + 1)),
    rounds(async (round) => expect((await two.query("SELECT $1::text AS label", [`label-${round}`])).rows[0].label).toBe(`label-${round}`)),
    rounds(async (round) =>
      expect((await three.query("SELECT $1::int * $2::int * $3::int AS product", [round, 2, 3])).rows[0].product).toBe(round * 6),
    ),
  ]);
});

it("runs another connection's statements only after a transaction ends, never inside it", async () => {
  const [writer, reader] = await Promise.all([client(), client()]);
  const order: string[] = [];
  await writer.query("BEGIN");
  await writer.query("INSERT INTO item (label, size) VALUES ($1, $2)", ["pending", 1]);
  const read = reader.query("SELECT count(*)::int AS n FROM item").then((result) => {
    order.push("read");
    return result.rows[0].n;
  });
  // The reader waits for the turn while the writer goes on with its transaction.
  await writer.query("INSERT INTO item (label, size) VALUES ($1, $2)", ["pending", 2]);
  await writer.query("ROLLBACK");
  order.push("rolled back");
  expect(await read).toBe(0);
  expect(order).toEqual(["rolled back", "read"]);
});

it("rolls back the open transaction of a connection that goes away, and lets the others go on", async () => {
  const staying = await client();
  const leaving = new Client({ connectionString: connectionString() });
  await leaving.connect();
  await leaving.query("BEGIN");
  await leaving.query("INSERT INTO item (label, size) VALUES ('abandoned', 1)");
  const read = staying.query("SELECT count(*)::int AS n FROM item");
  leaving.on("error", () => {});
  (leaving as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  expect((await read).rows[0].n).toBe(0);
  const { rows } = await staying.query("SELECT now() = statement_timestamp() AS outside");
  // Not inside the abandoned transaction: there now() is the transaction's start, not this statement's.
  expect(rows[0].outside).toBe(true);
});

it("delivers a notification to the connections listening on its channel, not to the one that committed it", async () => {
  const [listener, other, notifier] = await Promise.all([client(), client(), client()]);
  const heard: string[] = [];
  const elsewhere: string[] = [];
  listener.on("notification", (message) => heard.push(`${message.channel}:${message.payload}`));
  other.on("notification", (message) => elsewhere.push(`${message.channel}:${message.payload}`));
  notifier.on("notification", (message) => elsewhere.push(`${message.channel}:${message.payload}`));
  await listener.query("LISTEN platform_events");
  await notifier.query("BEGIN");
  await notifier.query("SELECT pg_notify('platform_events', 'w')");
  await notifier.query("COMMIT");
  await notifier.query("NOTIFY unheard_channel, 'x'");
  // The listener's next exchange comes after the notification was written to its socket.
  await listener.query("SELECT 1");
  expect(heard).toEqual(["platform_events:w"]);
  expect(elsewhere).toEqual([]);
});

it("takes as many connections as pools open, all of them answered", async () => {
  const pool = new Pool({ connectionString: connectionString(), max: 40 });
  try {
    const writes = Array.from({ length: 120 }, (_, index) =>
      pool
        .query("INSERT INTO item (label, size) VALUES ($1, $2) RETURNING size", [`row-${index}`, index])
        .then((result) => result.rows[0].size),
    );
    expect((await Promise.all(writes)).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, index) => index));
    expect(pool.totalCount).toBeGreaterThan(20);
    expect((await pool.query("SELECT count(*)::int AS n FROM item")).rows[0].n).toBe(120);
  } finally {
    await pool.end();
  }
});
