// Durable event consumers against real PostgreSQL: order, exactly-once effects, retries that never skip,
// causation of follow-up events, competing runners, and a consumer process killed mid-stream. The last
// one runs test/support/consumer-worker.js on the built packages (`npm test` builds first).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Logger } from "@pap/core";
import { openDatabase, type Database } from "@pap/db";
import {
  appendToLog,
  envelopeFor,
  newTraceparent,
  sequenceLog,
  startConsumers,
  startEventRuntime,
  traceIdOf,
  type ConsumerDefinition,
  type ConsumerOptions,
  type EventDraft,
  type EventOrigin,
  type EventRuntime,
  type RunningConsumers,
} from "@pap/events";
import { createTestDatabase } from "../support/platform";
import { pause, waitFor } from "../support/waiting";

const settings = { typePrefix: "" };

let url: string;
let database: Database;
let eventRuntime: EventRuntime;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  url = await createTestDatabase("event_consumers");
  database = await openDatabase({ kind: "postgres", url, poolSize: 5 }, { migrate: false });
  eventRuntime = await startEventRuntime(database, settings, { hub: { pollIntervalMs: 50 } });
  // No unique constraint: an effect applied twice shows up as two rows.
  await database.pool!.query("CREATE TABLE consumer_effect (event_id uuid NOT NULL, n serial)");
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await eventRuntime?.close();
  await database?.close();
});

/** Each test's own event types, so consumers of one test never see another test's events as matching. */
const namespace = () => `t${randomUUID().slice(0, 8)}`;

const draft = (type: string, data?: unknown): EventDraft => ({ type, source: "/test", subject: randomUUID(), data });

/** Appends events in one transaction, as a domain write would. */
async function append(drafts: EventDraft[], origin: EventOrigin = { traceparent: newTraceparent() }, db: Database = database) {
  const events = drafts.map((each) => envelopeFor(each, origin, settings));
  await db.prisma.$transaction((tx) => appendToLog(tx, events));
  // Number them now rather than on some process's next wake-up, so the test knows their positions.
  await sequenceLog(db.prisma);
  const rows = await db.prisma.platformEvent.findMany({
    where: { id: { in: events.map((event) => event.id) } },
    select: { id: true, position: true },
  });
  const positionOf = new Map(rows.map((row) => [row.id, row.position!]));
  return events.map((event) => ({ id: event.id, type: event.type, position: positionOf.get(event.id)! }));
}

function run(
  consumers: ConsumerDefinition[],
  options: ConsumerOptions = {},
  services = { db: database.prisma, eventRuntime },
): RunningConsumers {
  const running = startConsumers(services, consumers, { pollIntervalMs: 50, ...options });
  cleanups.push(() => running.stop());
  return running;
}

const consumerRow = (name: string, db: Database = database) => db.prisma.eventConsumer.findUnique({ where: { name } });

/** Rows in consumer_effect per event id (0 for none). */
async function effectCounts(ids: string[]): Promise<Map<string, number>> {
  const { rows } = await database.pool!.query<{ event_id: string; count: string }>(
    "SELECT event_id, count(*) FROM consumer_effect WHERE event_id = ANY($1::uuid[]) GROUP BY event_id",
    [ids],
  );
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.event_id, Number(row.count));
  return counts;
}

const insertEffect = (tx: { $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number> }, id: string) =>
  tx.$executeRaw`INSERT INTO consumer_effect (event_id) VALUES (${id}::uuid)`;

describe("durable event consumers", () => {
  it("handles matching events once each, in log order, and moves its position past the events it skips", async () => {
    const ns = namespace();
    const seen: Array<{ id: string; position: bigint }> = [];
    const consumers = run([
      {
        name: `${ns}-ordered`,
        filter: { types: [`${ns}.thing.*`] },
        handle: async ({ event, position }) => void seen.push({ id: event.id, position }),
      },
    ]);

    // Concurrent writers: positions follow commit order, and so must the consumer.
    const batches = await Promise.all(
      Array.from({ length: 8 }, (_, batch) =>
        append([draft(`${ns}.thing.happened`, { batch }), draft(`${ns}.other.happened`), draft(`${ns}.thing.changed`)]),
      ),
    );
    const tail = await append([draft(`${ns}.other.happened`), draft(`${ns}.other.happened`)]);
    await consumers.drain();

    const matching = (events: Array<{ id: string; type: string; position: bigint }>) =>
      events.filter((event) => event.type.startsWith(`${ns}.thing.`)).sort((a, b) => (a.position < b.position ? -1 : 1));
    const expected = matching(batches.flat());
    expect(seen.map((event) => event.id)).toEqual(expected.map((event) => event.id));
    expect(seen.map((event) => event.position)).toEqual(expected.map((event) => event.position));
    // The log ends with events it does not want: it still stands at the head, not at its last match.
    expect((await consumerRow(`${ns}-ordered`))?.position).toBe(tail[1]!.position);

    // More events later: only the new matching ones are handled, none again.
    const more = await append([
      draft(`${ns}.thing.happened`),
      draft(`${ns}.other.happened`),
      draft(`${ns}.thing.happened`),
      draft(`${ns}.other.happened`),
    ]);
    await consumers.drain();
    expect(seen.map((event) => event.id)).toEqual([...expected, ...matching(more)].map((event) => event.id));
    expect((await consumerRow(`${ns}-ordered`))?.position).toBe(more[3]!.position);
  });

  it("filters on source and subject as live subscriptions do", async () => {
    const ns = namespace();
    const subject = randomUUID();
    const seen: Record<string, string[]> = { bySubject: [], notAUuid: [] };
    const consumers = run([
      {
        name: `${ns}-by-subject`,
        filter: { types: [`${ns}.*`], source: "/test", subject: subject.toUpperCase() },
        handle: async ({ event }) => void seen.bySubject!.push(event.id),
      },
      { name: `${ns}-not-a-uuid`, filter: { subject: "not-a-uuid" }, handle: async ({ event }) => void seen.notAUuid!.push(event.id) },
    ]);
    const events = await append([
      { type: `${ns}.thing.happened`, source: "/test", subject },
      { type: `${ns}.thing.happened`, source: "/elsewhere", subject },
      draft(`${ns}.thing.happened`),
      { type: `${ns}.other.happened`, source: "/test", subject },
    ]);
    await consumers.drain();
    expect(seen).toEqual({ bySubject: [events[0]!.id, events[3]!.id], notAUuid: [] });
    expect((await consumerRow(`${ns}-not-a-uuid`))?.position).toBe(events[3]!.position);
  });

  it("commits a handler's writes with its position: a failing handler leaves no effect, is retried with backoff and never skipped", async () => {
    const ns = namespace();
    const name = `${ns}-faulty`;
    let faulty = true;
    const attemptsOn: string[] = [];
    const warnings: unknown[] = [];
    const logger = { warn: (details: unknown) => warnings.push(details) } as unknown as Logger;
    const consumers = run(
      [
        {
          name,
          filter: { types: [`${ns}.thing.happened`] },
          async handle({ tx, event }) {
            attemptsOn.push(event.id);
            await insertEffect(tx, event.id);
            if (faulty) throw new Error("the downstream service is unavailable");
          },
        },
      ],
      { logger, retry: { initialMs: 20, maxMs: 80 } },
    );

    const [first, second] = await append([draft(`${ns}.thing.happened`), draft(`${ns}.thing.happened`)]);
    await waitFor(async () => ((await consumerRow(name))?.attempts ?? 0) >= 3, "three failed attempts", 60_000, 10);

    const failing = await consumerRow(name);
    expect(failing?.lastError).toBe("the downstream service is unavailable");
    expect(failing?.lastFailedAt).toBeInstanceOf(Date);
    expect(failing!.position < first!.position).toBe(true);
    // The insert before the throw rolled back with the transaction; the next event waits its turn.
    expect([...(await effectCounts([first!.id, second!.id])).values()]).toEqual([0, 0]);
    expect(new Set(attemptsOn)).toEqual(new Set([first!.id]));
    expect(warnings.length).toBeGreaterThanOrEqual(3);
    expect(warnings[0]).toMatchObject({ consumer: name, eventId: first!.id, position: first!.position.toString() });

    faulty = false;
    await consumers.drain();
    expect([...(await effectCounts([first!.id, second!.id])).values()]).toEqual([1, 1]);
    const recovered = await consumerRow(name);
    expect(recovered).toMatchObject({ position: second!.position, attempts: 0, lastError: null });
    expect(attemptsOn.filter((id) => id === second!.id)).toHaveLength(1);
  });

  it("records the events a handler emits as caused by the event it handles: same trace, causationid, actor system", async () => {
    const ns = namespace();
    const traceparent = newTraceparent();
    const consumers = run([
      {
        name: `${ns}-reactor`,
        filter: { types: [`${ns}.thing.happened`] },
        async handle({ tx, event, events }) {
          await events.record(tx, { type: `${ns}.reaction.happened`, source: "/test", subject: event.subject, data: { to: event.id } });
        },
      },
    ]);
    const [cause] = await append([draft(`${ns}.thing.happened`)], { traceparent, authid: "caseworker-7", authtype: "user" });
    await consumers.drain();
    // The reaction committed with the consumer's position; it is numbered a moment later.
    await sequenceLog(database.prisma);

    const reactions = await database.prisma.platformEvent.findMany({ where: { type: `${ns}.reaction.happened` } });
    expect(reactions).toHaveLength(1);
    const [reaction] = reactions;
    expect(reaction).toMatchObject({
      causationid: cause!.id,
      traceid: traceIdOf(traceparent),
      authtype: "system",
      authid: null,
      data: { to: cause!.id },
    });
    expect(reaction!.traceparent).not.toBe(traceparent);
    expect(reaction!.position! > cause!.position).toBe(true);
  });

  it("lets only one of two runners with the same consumer name handle each event", async () => {
    const ns = namespace();
    const name = `${ns}-shared`;
    const other = await openDatabase({ kind: "postgres", url, poolSize: 5 }, { migrate: false });
    const otherRuntime = await startEventRuntime(other, settings, { hub: { pollIntervalMs: 50 } });
    cleanups.push(async () => {
      await otherRuntime.close();
      await other.close();
    });
    const handledBy = { a: 0, b: 0 };
    const consumer = (runner: "a" | "b"): ConsumerDefinition => ({
      name,
      filter: { types: [`${ns}.thing.*`] },
      async handle({ tx, event }) {
        await insertEffect(tx, event.id);
        await pause(2);
        handledBy[runner]++;
      },
    });
    const a = run([consumer("a")]);
    const b = run([consumer("b")], {}, { db: other.prisma, eventRuntime: otherRuntime });

    const appended: Array<{ id: string; position: bigint }> = [];
    for (let batch = 0; batch < 10; batch++) {
      appended.push(
        ...(await append(
          Array.from({ length: 8 }, () => draft(`${ns}.thing.happened`)),
          undefined,
          batch % 2 ? other : database,
        )),
      );
      await pause(5);
    }
    await Promise.all([a.drain(), b.drain()]);

    const counts = await effectCounts(appended.map((event) => event.id));
    expect([...counts.values()].filter((count) => count !== 1)).toEqual([]);
    expect(handledBy.a + handledBy.b).toBe(appended.length);
    expect((await consumerRow(name))?.position).toBe(appended[appended.length - 1]!.position);
  });

  it("waits for a handler in flight when stopped", async () => {
    const ns = namespace();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const consumers = startConsumers({ db: database.prisma, eventRuntime }, [
      {
        name: `${ns}-slow`,
        filter: { types: [`${ns}.thing.happened`] },
        async handle({ tx, event }) {
          entered();
          await gate;
          await insertEffect(tx, event.id);
        },
      },
    ]);
    const [event] = await append([draft(`${ns}.thing.happened`)]);
    await inHandler;
    let stopped = false;
    const stopping = consumers.stop().then(() => (stopped = true));
    await pause(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await effectCounts([event!.id])).get(event!.id)).toBe(1);
    expect((await consumerRow(`${ns}-slow`))?.position).toBe(event!.position);
  });

  it("resumes after its process is killed mid-stream without losing or repeating an effect", async () => {
    const ns = namespace();
    const name = `${ns}-worker`;
    const appended: Array<{ id: string; position: bigint }> = [];
    for (let batch = 0; batch < 6; batch++)
      appended.push(...(await append(Array.from({ length: 50 }, () => draft(`${ns}.thing.happened`)))));
    const ids = appended.map((event) => event.id);
    const effects = async () => [...(await effectCounts(ids)).values()].reduce((sum, count) => sum + count, 0);

    // Killed three times, each time while an event's effect is written but not yet committed (the worker
    // says so from inside the transaction), then a fourth process finishes the job.
    let interruptedEffects = 0;
    for (let kill = 0; kill < 3; kill++) {
      const worker = startWorker(name, `${ns}.thing.*`, { killAfterHandling: 30 });
      const exit = await worker.exited;
      expect(exit).toMatchObject({ signal: "SIGKILL" });
      if ((await effectCounts([worker.killedDuring()!])).get(worker.killedDuring()!) === 0) interruptedEffects++;
    }
    // At least one kill landed before its transaction committed (almost always all three do).
    expect(interruptedEffects).toBeGreaterThan(0);
    expect(await effects()).toBeGreaterThanOrEqual(3 * 29);
    expect(await effects()).toBeLessThan(appended.length);

    const last = await startWorker(name, `${ns}.thing.*`).exited;
    expect(last).toMatchObject({ code: 0 });
    expect(last.stdout.endsWith("drained\n")).toBe(true);

    const counts = await effectCounts(ids);
    expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect((await consumerRow(name))?.position).toBe(appended[appended.length - 1]!.position);
    // Four node processes start one after another: on a loaded 2-core machine that alone can take minutes.
  }, 300_000);
});

/**
 * Runs test/support/consumer-worker.js. With `killAfterHandling`, SIGKILLs it as soon as it reports
 * being inside the transaction of its n-th event.
 */
function startWorker(name: string, typePattern: string, options: { killAfterHandling?: number } = {}) {
  const child = spawn(process.execPath, [path.join(__dirname, "../support/consumer-worker.js"), url, name, typePattern], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let handled = 0;
  let killedDuring: string | undefined;
  child.stdout.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    for (const [, id] of text.matchAll(/^handling (\S+)$/gm)) {
      if (++handled === options.killAfterHandling) {
        killedDuring = id;
        child.kill("SIGKILL");
      }
    }
    stdout += text;
  });
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  });
  return { child, exited, killedDuring: () => killedDuring };
}
