// Durability under a crash (issue 12): the platform runs as a child process (the compiled
// gateway/dist/main.js, single mode; needs the build), eight writers create persons and queues, and the
// process is killed with SIGKILL in the middle of it. PostgreSQL must then hold every write that was
// acknowledged, each with exactly one `created` event, and no event without its record. Restarted on
// the same database, the SSE stream resumed from a position read before the kill must deliver every
// later event, in log order, with no gap and no duplicate.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Client } from "pg";
import { adminHeaders } from "../support/auth";
import { openStream, type SseStream } from "../support/live";
import { createTestDatabase } from "../support/platform";
import { freePort } from "../support/ports";
import { waitFor } from "../support/waiting";

const WRITERS = 8;
/** Acknowledged writes before the kill: enough that it lands in the middle of steady load. */
const ACKNOWLEDGED_BEFORE_KILL = 200;
const WRITES_AFTER_RESTART = 30;
// As long as the platform's own launcher gives a child (PLATFORM_START_TIMEOUT_MS): a loaded 2-core machine is slow to start node.
const START_BUDGET_MS = Number(process.env.PLATFORM_START_TIMEOUT_MS) || 180_000;
/** Polls a tenth of a second apart: the conditions here ask PostgreSQL or a starting process. */
const untilPolled = (what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number) =>
  waitFor(condition, what, timeoutMs, 100);

let databaseUrl: string;
let db: Client;
const children: ChildProcess[] = [];
let stream: SseStream | undefined;

/** Starts the compiled platform on the test's database and waits until it is ready. */
async function startChild(): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const started = spawn(process.execPath, [path.join(__dirname, "../../gateway/dist/main.js")], {
    env: {
      // The AUTH_* variables come from the global setup, so the test's tokens verify in the child too.
      ...process.env,
      NODE_OPTIONS: "",
      PLATFORM_MODE: "single",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      APOLLO_TELEMETRY_DISABLED: "true",
      // Eight writers on one token would meet the per-caller limit where it is on; this test is about crashes.
      RATE_LIMIT: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(started);
  const keep = (chunk: Buffer) => output.push(chunk.toString()) > 50 && output.shift();
  started.stdout!.on("data", keep);
  started.stderr!.on("data", keep);
  const ready = async () => {
    if (started.exitCode !== null || started.signalCode !== null)
      throw new Error(`the platform exited (${started.exitCode ?? started.signalCode}) before it was ready:\n${output.join("")}`);
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    return response?.status === 200;
  };
  await untilPolled("the platform to answer /readyz", ready, START_BUDGET_MS);
  return { process: started, url };
}

function kill(process: ChildProcess): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    process.once("exit", () => resolve());
    process.kill("SIGKILL");
  });
}

type Write = { kind: "person" | "queue"; id: string };

/** Creates a person (even writers) or a queue (odd ones); returns the new id, or undefined when it failed. */
async function write(url: string, writer: number, n: number): Promise<Write | undefined> {
  const kind = writer % 2 === 0 ? "person" : "queue";
  const body =
    kind === "person"
      ? { name: { firstName: `W${writer}`, lastName: `N${n}` } }
      : { name: `durability-${writer}-${n}-${Math.random().toString(36).slice(2, 8)}` };
  try {
    const response = await fetch(`${url}${kind === "person" ? "/persons" : "/workflow/queues"}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await adminHeaders()) },
      body: JSON.stringify(body),
      // Generous: a loaded machine is slow, and after the kill requests fail at once anyway.
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status !== 201) return undefined;
    return { kind, id: ((await response.json()) as { id: string }).id };
  } catch {
    return undefined;
  }
}

const createdType = { person: "persons.person.created", queue: "workflow.queue.created" } as const;
const table = { person: "person", queue: "workflow_queue" } as const;

beforeAll(async () => {
  databaseUrl = await createTestDatabase("durability_kill");
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
});

afterAll(async () => {
  stream?.close();
  await Promise.all(children.map(kill));
  await db?.end();
}, 30_000);

describe("a platform killed mid-load", () => {
  let positionBeforeKill = 0n;

  it("keeps every acknowledged write, each with exactly one created event, and no event without its record", async () => {
    const { process: running, url } = await startChild();

    const acknowledged: Write[] = [];
    let failed = 0;
    let failedBeforeKill = 0;
    let stop = false;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; !stop; n++) {
        const done = await write(url, writer, n);
        if (done) acknowledged.push(done);
        else failed++;
      }
    });

    try {
      // A position that is numbered before the kill: the stream resumes after it once restarted.
      await untilPolled("a quarter of the writes before the kill", () => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL / 4, 120_000);
      await untilPolled(
        "the log to number an event",
        async () => {
          const { rows } = await db.query<{ head: string | null }>("SELECT max(position)::text AS head FROM platform_event");
          positionBeforeKill = BigInt(rows[0]!.head ?? 0);
          return positionBeforeKill > 0n;
        },
        30_000,
      );
      await untilPolled(`${ACKNOWLEDGED_BEFORE_KILL} acknowledged writes`, () => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL, 120_000);
      failedBeforeKill = failed;
      await kill(running);
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    // Under load nothing fails; at the kill every writer has a request in flight, and those fail.
    expect(failedBeforeKill).toBe(0);
    expect(failed).toBeGreaterThan(0);

    for (const kind of ["person", "queue"] as const) {
      const ids = acknowledged.filter((write) => write.kind === kind).map((write) => write.id);
      expect(ids.length).toBeGreaterThan(0);
      const stored = await db.query<{ id: string }>(`SELECT id::text FROM ${table[kind]} WHERE id = ANY($1::uuid[])`, [ids]);
      expect(new Set(stored.rows.map((row) => row.id))).toEqual(new Set(ids));

      // Every record of this kind (acknowledged or not: a commit whose answer the kill swallowed
      // counts too) pairs with exactly one created event, and every created event with a record.
      const scope = kind === "queue" ? "WHERE r.name LIKE 'durability-%'" : "";
      const records = await db.query<{ id: string; events: number }>(
        `SELECT r.id::text, (SELECT count(*)::int FROM platform_event e WHERE e.type = $1 AND e.subject = r.id) AS events FROM ${table[kind]} r ${scope}`,
        [createdType[kind]],
      );
      expect(records.rows.filter((row) => row.events !== 1)).toEqual([]);
      expect(records.rows.length).toBeGreaterThanOrEqual(ids.length);
      const orphans = await db.query(
        `SELECT e.id FROM platform_event e WHERE e.type = $1 AND NOT EXISTS (SELECT 1 FROM ${table[kind]} r WHERE r.id = e.subject)`,
        [createdType[kind]],
      );
      expect(orphans.rows).toEqual([]);
    }
  }, 400_000);

  it("restarted on the same database, resumes the event stream after a pre-kill position with every later event, in order, without a gap", async () => {
    expect(positionBeforeKill).toBeGreaterThan(0n);
    const { url } = await startChild();
    stream = await openStream(`${url}/platform/events/stream`, { "last-event-id": positionBeforeKill.toString() });
    expect((await stream.next(30_000)).raw).toBe(": connected");

    const writes = await Promise.all(Array.from({ length: WRITES_AFTER_RESTART }, (_, n) => write(url, n % WRITERS, 100_000 + n)));
    expect(writes.filter((write) => write === undefined)).toEqual([]);

    // The log as it stands once every committed event (those the kill left unnumbered too) has its position.
    await untilPolled(
      "every event to be numbered",
      async () => (await db.query("SELECT 1 FROM platform_event WHERE position IS NULL LIMIT 1")).rows.length === 0,
      60_000,
    );
    const { rows: log } = await db.query<{ position: string; id: string; subject: string }>(
      "SELECT e.position::text AS position, e.id::text AS id, e.subject::text AS subject FROM platform_event e WHERE e.position > $1 ORDER BY e.position",
      [positionBeforeKill.toString()],
    );
    const subjects = new Set(log.map((entry) => entry.subject));
    expect(writes.filter((write) => !subjects.has(write!.id))).toEqual([]);
    const head = BigInt(log[log.length - 1]!.position);

    const received: Array<{ position: string; id: string }> = [];
    while (received.length === 0 || BigInt(received[received.length - 1]!.position) < head) {
      const event = await stream.nextEvent(30_000);
      received.push({ position: event.id, id: event.data.id });
    }
    expect(received).toEqual(log.map(({ position, id }) => ({ position, id })));
  }, 400_000);
});
