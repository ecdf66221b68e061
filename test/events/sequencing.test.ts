// The hub numbers and reads the log in one round trip (platform_event_follow). Against real PostgreSQL:
// many writers committing at once, two processes' hubs numbering in turns, and every subscriber of
// each hub still receives every event exactly once, in position order, without a gap.
import { randomUUID } from "node:crypto";
import { openDatabase, type Database } from "@pap/db";
import {
  announceWrites,
  appendToLog,
  envelopeFor,
  newTraceparent,
  sequenceAndReadAfter,
  sequenceLog,
  startEventRuntime,
  type EventRuntime,
  type EventSubscription,
  type LoggedEvent,
} from "@pap/events";
import { createTestDatabase } from "../support/platform";

const settings = { typePrefix: "" };
const databases: Database[] = [];
const runtimes: EventRuntime[] = [];

let url: string;

beforeAll(async () => {
  url = await createTestDatabase("event_sequencing");
});

afterAll(async () => {
  for (const runtime of runtimes) await runtime.close();
  for (const database of databases) await database.close();
});

async function platformProcess(): Promise<{ database: Database; runtime: EventRuntime }> {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 6 }, { migrate: false });
  databases.push(database);
  // A poll far longer than the test: only notifications and the writers' own announcements wake the hubs.
  const runtime = await startEventRuntime(database, settings, { hub: { pollIntervalMs: 600_000 } });
  runtimes.push(runtime);
  return { database, runtime };
}

/** Everything one subscriber receives, in order, until it has `count` events or the time is up. */
async function collect(subscription: EventSubscription, count: number, timeoutMs = 60_000): Promise<LoggedEvent[]> {
  const received: LoggedEvent[] = [];
  const timeout = setTimeout(() => subscription.close(), timeoutMs);
  for await (const logged of subscription) {
    received.push(logged);
    if (received.length === count) break;
  }
  clearTimeout(timeout);
  return received;
}

const draft = (type: string) => ({ type, source: "/test", subject: randomUUID() });

describe("numbering and reading the log in one round trip", () => {
  it("delivers concurrent writers' events to subscribers of two processes exactly once, in order, without gaps", async () => {
    const [first, second] = [await platformProcess(), await platformProcess()];
    const type = `t${randomUUID().slice(0, 8)}.happened`;
    const subscribers = [
      await first.runtime.hub.subscribe({ types: [type] }),
      await first.runtime.hub.subscribe({ types: [`${type.split(".")[0]}.*`] }),
      await second.runtime.hub.subscribe({ types: [type] }),
    ];
    const writers = 12;
    const perWriter = 25;
    const total = writers * perWriter;
    const received = subscribers.map((subscription) => collect(subscription, total));

    // Each writer commits its events one to three per transaction, alternating between the processes,
    // some through the runtime (which wakes its own hub) and some as a producer without a hub would.
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        let written = 0;
        for (let round = 0; written < perWriter; round++) {
          const size = Math.min(perWriter - written, 1 + ((writer + round) % 3));
          const events = Array.from({ length: size }, () => envelopeFor(draft(type), { traceparent: newTraceparent() }, settings));
          const through = (writer + round) % 2 ? first : second;
          if (round % 2) await through.runtime.transaction((tx) => appendToLog(tx, events));
          else {
            await through.database.prisma.$transaction((tx) => appendToLog(tx, events));
            await announceWrites(through.database.prisma);
          }
          written += size;
        }
      }),
    );

    for (const events of await Promise.all(received)) {
      expect(events).toHaveLength(total);
      expect(new Set(events.map((logged) => logged.event.id)).size).toBe(total);
      for (let index = 1; index < events.length; index++) expect(events[index]!.position).toBe(events[index - 1]!.position + 1n);
    }
    // Both processes saw the same log: the same event at the same position.
    const [a, , c] = await Promise.all(received);
    expect(c!.map((logged) => `${logged.position}:${logged.event.id}`)).toEqual(
      a!.map((logged) => `${logged.position}:${logged.event.id}`),
    );
  });

  it("returns the events it numbered itself together with earlier ones, and a page at a time", async () => {
    const { database } = await platformProcess();
    const before = await sequenceLog(database.prisma).then(() => database.prisma.platformEvent.aggregate({ _max: { position: true } }));
    const head = before._max?.position ?? 0n;
    const events = Array.from({ length: 7 }, () => envelopeFor(draft("test.paged"), { traceparent: newTraceparent() }, settings));
    await database.prisma.$transaction((tx) => appendToLog(tx, events.slice(0, 3)));
    await sequenceLog(database.prisma);
    await database.prisma.$transaction((tx) => appendToLog(tx, events.slice(3)));

    // Three already numbered, four numbered by this very call: one run of seven, in recording order.
    const firstPage = await sequenceAndReadAfter(database.read, head, 5);
    const secondPage = await sequenceAndReadAfter(database.read, firstPage[firstPage.length - 1]!.position, 5);
    const read = [...firstPage, ...secondPage];
    expect(firstPage).toHaveLength(5);
    expect(read.map((logged) => logged.event.id)).toEqual(events.map((event) => event.id));
    expect(read.map((logged) => logged.position)).toEqual(events.map((_, index) => head + BigInt(index + 1)));
    // The envelope comes back as it was recorded.
    expect(read[0]!.event).toEqual(events[0]);
  });
});
