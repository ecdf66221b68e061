// Live events in the distributed deployment: every subgraph, the gateway and rest-compat in their own
// child processes. An event committed by the persons subgraph process (for a person created through the
// rest-compat URL) reaches a graphql-ws subscription at the gateway URL, with linked fields resolved
// across subgraph processes, and the SSE stream at the rest-compat URL, where Last-Event-ID resumes too.
// Needs the build (children run gateway/dist).
import { openDatabase, type Database } from "@pap/db";
import { announceWrites, appendToLog } from "@pap/events";
import type { Client } from "graphql-ws/client";
import {
  collect,
  type Collected,
  expectStreamed,
  logAfter,
  logHead,
  openStream,
  rawEvent,
  type SseEvent,
  type SseStream,
  wsClient,
} from "../support/live";
import { startDistributedForTest, type RunningDistributed } from "../support/distributed";
import { adminHeaders } from "../support/auth";
import { httpClient } from "../support/platform";
import { caseBody, newPerson, personBody } from "../support/creators";
import { GRACE_MS, pause, waitFor } from "../support/waiting";

let running: RunningDistributed | undefined;
/** The test's own connection to the shared database: a producer committing to the log directly. */
let producer: Database | undefined;
const clients: Client[] = [];
const streams: SseStream[] = [];

const urls = () => running!.urls as Record<string, string>;
const gatewayGraphql = () => urls().graphql!;
const rest = httpClient(() => urls().rest!);

let restore = () => {};

beforeAll(async () => {
  let databaseUrl: string;
  ({ running, databaseUrl, restore } = await startDistributedForTest("events_distributed"));
  producer = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 }, { migrate: false });
}, 300_000);

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

afterAll(async () => {
  await producer?.close();
  await running?.stop();
  restore();
}, 120_000);

function gatewayClient(): Client {
  const client = wsClient(gatewayGraphql());
  clients.push(client);
  return client;
}

async function connect(params: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<SseStream> {
  const search = new URLSearchParams(params).toString();
  const stream = await openStream(`${urls().rest}/platform/events/stream${search ? `?${search}` : ""}`, headers);
  streams.push(stream);
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect((await stream.next()).raw).toBe(": connected");
  return stream;
}

/**
 * graphql-ws does not acknowledge a subscription, and here it travels client → gateway → subgraph
 * process before the hub sees it. Commit throwaway persons until every subscription has received one:
 * from then on each sees every new event.
 */
async function untilLive(subscriptions: Collected[], timeoutMs = 10_000): Promise<void> {
  const live = async () =>
    subscriptions.every((subscription) => subscription.results.length > 0) || (await newPerson(rest, "Probe"), false);
  await waitFor(live, "the subscriptions to go live", timeoutMs, 100);
}

/** Payloads up to and including the first one `matches`; fails if it does not come. */
async function takeUntil(subscription: Collected, matches: (payload: Collected["results"][number]) => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  const taken: Collected["results"] = [];
  for (;;) {
    const payload = await subscription.next(Math.max(1, deadline - Date.now()));
    expect(payload.errors).toBeUndefined();
    taken.push(payload);
    if (matches(payload)) return taken;
  }
}

describe("live events in the distributed deployment", () => {
  it("a graphql-ws subscription at the gateway receives the event of a person created through rest-compat, linked fields resolved across processes", async () => {
    const client = gatewayClient();
    const changes = collect(client, `subscription { personChanged { id type subject person { id attributes cases { id } } } }`);
    const events = collect(client, `subscription { events(filter: {type: "persons.*"}) { position id type source subject } }`);
    await untilLive([changes, events]);

    const personId = await newPerson(rest, "Distributed");
    const [created] = (await takeUntil(changes, (payload) => payload.data.personChanged.subject === personId)).slice(-1);
    expect(created!.data.personChanged).toEqual({
      id: expect.any(String),
      type: "persons.person.created",
      subject: personId,
      person: { id: personId, attributes: personBody("Distributed"), cases: [] },
    });
    const [event] = (await takeUntil(events, (payload) => payload.data.events.subject === personId)).slice(-1);
    expect(event!.data.events).toEqual({
      position: expect.stringMatching(/^\d+$/),
      id: created!.data.personChanged.id,
      type: "persons.person.created",
      source: "/persons",
      subject: personId,
    });
    const stored = await rest.get(`/platform/events/${event!.data.events.id}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(expect.objectContaining({ id: event!.data.events.id, type: "persons.person.created", subject: personId }));

    // A case in another process, then a change to the person: the payload shows the case.
    const created2 = await rest.post("/case-management/cases", caseBody(personId));
    expect(created2.status).toBe(201);
    expect((await rest.patch(`/persons/${personId}`, { email: "distributed@example.net" })).status).toBe(200);
    const [updated] = await changes.take(1);
    expect(updated!.data.personChanged).toEqual(
      expect.objectContaining({
        type: "persons.person.updated",
        person: {
          id: personId,
          attributes: { ...personBody("Distributed"), email: "distributed@example.net" },
          cases: [{ id: created2.body.id }],
        },
      }),
    );
    expect((await events.take(1))[0]!.data.events).toEqual(expect.objectContaining({ type: "persons.person.updated", subject: personId }));
    await pause(GRACE_MS);
    expect(changes.untaken()).toEqual([]);
    expect(events.untaken()).toEqual([]);
  });

  it("`events(after:)` at the gateway replays from the log, then goes live", async () => {
    const head = await logHead(gatewayGraphql());
    await newPerson(rest, "Before1");
    await newPerson(rest, "Before2");
    const subscription = collect(gatewayClient(), `subscription ($after: String) { events(after: $after) { position id } }`, {
      after: head.toString(),
    });
    const replay = await logAfter(gatewayGraphql(), head);
    expect((await subscription.take(2)).map((payload) => [payload.data.events.position, payload.data.events.id])).toEqual(
      replay.map((entry) => [entry.position.toString(), entry.id]),
    );
    const liveHead = await logHead(gatewayGraphql());
    await newPerson(rest, "Live");
    const live = await logAfter(gatewayGraphql(), liveHead);
    expect((await subscription.take(1)).map((payload) => [payload.data.events.position, payload.data.events.id])).toEqual(
      live.map((entry) => [entry.position.toString(), entry.id]),
    );
  });

  it("the SSE stream at rest-compat delivers an event committed right after `: connected`", async () => {
    // `: connected` tells the client the stream is open; a person created at once must be on it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const stream = await connect();
      const head = await logHead(gatewayGraphql());
      const personId = await newPerson(rest, `Prompt${attempt}`);
      const log = await logAfter(gatewayGraphql(), head);
      let received: SseEvent[];
      try {
        received = await stream.events(1);
      } catch {
        throw new Error(
          `attempt ${attempt + 1}: the event of person ${personId}, committed after \`: connected\`, never reached the stream`,
        );
      }
      expectStreamed(received, log);
      expect(received[0]!.data).toEqual((await rest.get(`/platform/events/${received[0]!.data.id}`)).body);
      stream.close();
    }
  });

  it("the SSE stream at rest-compat delivers an event another producer commits to the log right after `: connected`", async () => {
    // The quickest possible commit: straight into the shared log, as any producing process may do.
    const ATTEMPTS = 8;
    const missedOn: number[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stream = await connect();
      const event = rawEvent();
      await producer!.prisma.$transaction((tx) => appendToLog(tx, [event]));
      await announceWrites(producer!.prisma);
      try {
        const [received] = await stream.events(1);
        const { position } = await producer!.prisma.platformEvent.findUniqueOrThrow({ where: { id: event.id } });
        expect([received!.id, received!.data.id]).toEqual([position!.toString(), event.id]);
      } catch {
        missedOn.push(attempt + 1);
      }
      stream.close();
    }
    expect({ attempts: ATTEMPTS, missedOn }).toEqual({ attempts: ATTEMPTS, missedOn: [] });
  });

  it("the SSE stream at rest-compat receives the event too, and resumes with Last-Event-ID without gap or duplicate", async () => {
    const head = await logHead(gatewayGraphql());
    // Resume from the head: immune to the subscription travelling through the processes.
    const first = await connect({}, { "Last-Event-ID": head.toString() });
    const personId = await newPerson(rest, "Sse");
    const [event] = await first.events(1);
    expectStreamed([event!], await logAfter(gatewayGraphql(), head));
    expect(event!.data).toEqual((await rest.get(`/platform/events/${event!.data.id}`)).body);
    expect(event!.data).toEqual(expect.objectContaining({ type: "persons.person.created", source: "/persons", subject: personId }));
    expect(event!.frame.raw).toBe(`id: ${event!.id}\ndata: ${event!.frame.data}`);

    await newPerson(rest, "Sse2");
    const [second] = await first.events(1);
    const lastSeen = second!.id;
    first.close();
    await first.ended;

    // Committed while disconnected.
    await newPerson(rest, "Missed1");
    expect((await rest.patch(`/persons/${personId}`, { email: "sse@example.net" })).status).toBe(200);
    await newPerson(rest, "Missed2");

    const resumed = await connect({}, { "Last-Event-ID": lastSeen });
    const missed = await logAfter(gatewayGraphql(), BigInt(lastSeen));
    expect(missed).toHaveLength(3);
    expectStreamed(await resumed.events(3), missed);
    const liveHead = await logHead(gatewayGraphql());
    await newPerson(rest, "AfterResume");
    expectStreamed(await resumed.events(1), await logAfter(gatewayGraphql(), liveHead));

    // With a filter, only matching missed events replay.
    const filtered = await connect({ type: "persons.person.updated", lastEventId: lastSeen });
    expectStreamed(
      await filtered.events(1),
      missed.filter((entry) => entry.type === "persons.person.updated"),
    );
    await pause(GRACE_MS);
    expect(resumed.untakenEvents()).toEqual([]);
    expect(filtered.untakenEvents()).toEqual([]);
  });

  it("answers a malformed Last-Event-ID with 400 at rest-compat too", async () => {
    const response = await fetch(`${urls().rest}/platform/events/stream`, {
      headers: { accept: "text/event-stream", "Last-Event-ID": "abc", ...(await adminHeaders()) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "BAD_REQUEST",
      message: expect.any(String),
      details: [{ field: "Last-Event-ID", message: expect.any(String) }],
    });
  });
});
