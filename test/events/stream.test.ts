// GET /platform/events/stream (SPEC §4.1, reference/events.md §5) against real PostgreSQL: the SSE
// framing, one frame per committed event (id = log position, data = the stored envelope), filters,
// the heartbeat, resuming with Last-Event-ID / ?lastEventId= without gap or duplicate, malformed
// cursors, and fan-out to a second platform process on the same database (LISTEN/NOTIFY).
import { appendToLog } from "@pap/events";
import type { RunningPlatform } from "@pap/gateway";
import { expectErrorEnvelope } from "../support/expectations";
import {
  expectStreamed,
  logAfter,
  type LogEntry,
  logHead,
  openSse,
  openStream,
  rawEvent,
  type SseStream,
  startPlatformOn,
} from "../support/live";
import { createTestDatabase, httpClient } from "../support/platform";
import { GRACE_MS, pause, waitFor } from "../support/waiting";
import { appointmentBody, caseBody, newPerson, personBody, updatePerson } from "../support/creators";

/** Small, so the heartbeat test takes well under a second. */
const HEARTBEAT_MS = 200;

let databaseUrl: string;
let platform: RunningPlatform;
const streams: SseStream[] = [];

const api = httpClient(() => platform.url);
const graphqlUrl = () => `${platform.url}/graphql`;
const hub = () => platform.services.eventRuntime.hub;

function streamUrl(base: string, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(params).toString();
  return `${base}/platform/events/stream${search ? `?${search}` : ""}`;
}

/** Opens a stream (tracked, so afterAll closes any a failed test left open) and consumes `: connected`. */
async function connect(params: Record<string, string> = {}, headers: Record<string, string> = {}, base = platform.url): Promise<SseStream> {
  const stream = await openStream(streamUrl(base, params), headers);
  streams.push(stream);
  const first = await stream.next();
  expect(first.raw).toBe(": connected");
  return stream;
}

const startOnDatabase = (env: Record<string, string | undefined> = {}) => startPlatformOn(databaseUrl, env);

/** Waits until the platform has released every server-side subscription of closed streams. */
const subscribersBackTo = (count: number) =>
  waitFor(() => hub().subscriberCount === count, `hub subscribers back to ${count} (now ${hub().subscriberCount})`);

beforeAll(async () => {
  databaseUrl = await createTestDatabase("events_stream");
  platform = await startOnDatabase({ EVENT_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS) });
});

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  // Each closed stream's server-side subscription must go too (and tests start from zero).
  await subscribersBackTo(0);
});

afterAll(async () => {
  await platform?.close();
});

describe("GET /platform/events/stream", () => {
  it("answers 200 text/event-stream with cache-control no-cache, and `: connected` is the first frame", async () => {
    const stream = await openStream(streamUrl(platform.url));
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toBe("no-cache");
    const first = await stream.next();
    expect(first.raw).toBe(": connected");
    expect(stream.frames[0]).toBe(first);
  });

  it("delivers each committed event as one frame: id = its log position, data = the envelope GET /platform/events/{id} returns, ids increasing", async () => {
    const stream = await connect();
    const head = await logHead(graphqlUrl());
    const personId = await newPerson(api, "Ada");
    await updatePerson(api, personId, { email: "ada@example.net" });
    const created = await api.post("/case-management/cases", caseBody(personId));
    expect(created.status).toBe(201);
    const visit = await api.post("/scheduling/appointments", appointmentBody(personId));
    expect(visit.status).toBe(201);
    expect((await api.delete(`/scheduling/appointments/${visit.body.id}`)).status).toBe(204);

    const log = await logAfter(graphqlUrl(), head);
    expect(log.map((entry) => entry.type)).toEqual([
      "persons.person.created",
      "persons.person.updated",
      "case_management.case.created",
      "scheduling.appointment.created",
      "scheduling.appointment.scheduled",
      "scheduling.appointment.deleted",
    ]);
    const received = await stream.events(log.length);
    expectStreamed(received, log);
    for (const event of received) {
      // Exactly `id:` and one `data:` line: nothing else in an event frame.
      expect(event.frame.raw).toBe(`id: ${event.id}\ndata: ${event.frame.data}`);
      expect(event.frame.dataLines).toBe(1);
      const stored = await api.get(`/platform/events/${event.data.id}`);
      expect(stored.status).toBe(200);
      expect(event.data).toEqual(stored.body);
    }
    expect(received[0]!.data).toEqual(
      expect.objectContaining({
        type: "persons.person.created",
        source: "/persons",
        subject: personId,
        specversion: "1.0",
        datacontenttype: "application/json",
      }),
    );
    const positions = received.map((event) => BigInt(event.id));
    for (let index = 1; index < positions.length; index++) expect(positions[index]! > positions[index - 1]!).toBe(true);
    await pause(GRACE_MS);
    expect(stream.untakenEvents()).toEqual([]);
  });

  it("gives a stream opened without Last-Event-ID no history: the first event is the first one committed after it opened", async () => {
    await newPerson(api, "Before");
    const stream = await connect();
    await pause(50);
    expect(stream.untakenEvents()).toEqual([]);
    const head = await logHead(graphqlUrl());
    const personId = await newPerson(api, "After");
    const [first] = await stream.events(1);
    expectStreamed([first!], await logAfter(graphqlUrl(), head));
    expect(first!.data.subject).toBe(personId);
    await pause(GRACE_MS);
    expect(stream.untakenEvents()).toEqual([]);
  });

  it("delivers an event committed to the log by any producer immediately after `: connected`", async () => {
    // The quickest possible commit: straight into the log, right after the stream says it is connected.
    for (let attempt = 0; attempt < 5; attempt++) {
      const stream = await connect();
      const event = rawEvent();
      await platform.services.eventRuntime.transaction((tx) => appendToLog(tx, [event]));
      const [received] = await stream.events(1);
      const { position } = await platform.database.prisma.platformEvent.findUniqueOrThrow({ where: { id: event.id } });
      expect([received!.id, received!.data]).toEqual([position!.toString(), event]);
      stream.close();
    }
  });

  it("filters by exact type, type prefix, comma-separated list, subject and source, delivering only matching events", async () => {
    const personId = await newPerson(api, "Filtered");
    const filters: Record<string, { params: Record<string, string>; matches: (entry: LogEntry) => boolean }> = {
      exact: { params: { type: "persons.person.created" }, matches: (e) => e.type === "persons.person.created" },
      prefix: { params: { type: "scheduling.*" }, matches: (e) => e.type.startsWith("scheduling.") },
      list: {
        params: { type: "persons.person.updated,case_management.*" },
        matches: (e) => e.type === "persons.person.updated" || e.type.startsWith("case_management."),
      },
      listWithSpaces: {
        params: { type: "scheduling.appointment.deleted , persons.person.created" },
        matches: (e) => ["scheduling.appointment.deleted", "persons.person.created"].includes(e.type),
      },
      subject: { params: { subject: personId }, matches: (e) => e.subject === personId },
      subjectUppercase: { params: { subject: personId.toUpperCase() }, matches: (e) => e.subject === personId },
      source: { params: { source: "/scheduling" }, matches: (e) => e.source === "/scheduling" },
      combined: {
        params: { type: "persons.*", subject: personId },
        matches: (e) => e.type.startsWith("persons.") && e.subject === personId,
      },
      disjoint: { params: { type: "persons.*", source: "/scheduling" }, matches: () => false },
    };
    const all = await connect();
    const filtered = Object.fromEntries(
      await Promise.all(Object.entries(filters).map(async ([name, filter]) => [name, await connect(filter.params)] as const)),
    );
    const head = await logHead(graphqlUrl());

    const otherId = await newPerson(api, "Other");
    await updatePerson(api, personId, { email: "filtered@example.net" });
    const created = await api.post("/case-management/cases", caseBody(personId));
    expect(created.status).toBe(201);
    const visit = await api.post("/scheduling/appointments", appointmentBody(personId));
    expect(visit.status).toBe(201);
    await updatePerson(api, otherId, { email: "other@example.net" });
    expect((await api.delete(`/scheduling/appointments/${visit.body.id}`)).status).toBe(204);
    await updatePerson(api, personId, { phone: "555-0100" });

    const log = await logAfter(graphqlUrl(), head);
    expect(log).toHaveLength(8);
    expectStreamed(await all.events(log.length), log);
    for (const [name, filter] of Object.entries(filters)) {
      const expected = log.filter(filter.matches);
      const received = await filtered[name]!.events(expected.length);
      try {
        expectStreamed(received, expected);
      } catch (error) {
        throw new Error(`filter ${name} (${JSON.stringify(filter.params)}): ${(error as Error).message}`);
      }
    }
    // The unfiltered stream had every event, so the hub has offered all of them: nothing else may come.
    await pause(GRACE_MS);
    for (const [name, stream] of Object.entries(filtered))
      expect({ name, extra: stream.untakenEvents().map((e) => e.data.type) }).toEqual({ name, extra: [] });
  });

  it("sends a `: heartbeat` comment every EVENT_STREAM_HEARTBEAT_MS while idle", async () => {
    const stream = await connect();
    const connectedAt = stream.frames[0]!.at;
    const beats = [await stream.next(), await stream.next(), await stream.next()];
    for (const beat of beats) expect(beat.raw).toBe(": heartbeat");
    // The n-th beat comes about n intervals after `: connected` (bounds allow for timer and scheduling jitter;
    // measured from the start, so two beats read in one chunk do not matter).
    beats.forEach((beat, index) => {
      const elapsed = beat.at - connectedAt;
      expect(elapsed).toBeGreaterThanOrEqual((index + 1) * HEARTBEAT_MS * 0.75);
      expect(elapsed).toBeLessThan((index + 1) * HEARTBEAT_MS + 800);
    });
  });

  it("resumes with Last-Event-ID after a forced disconnect: exactly the missed events, then live ones, without gap or duplicate", async () => {
    const baseline = 0;
    const head = await logHead(graphqlUrl());
    const first = await connect();
    const ids = [await newPerson(api, "R1"), await newPerson(api, "R2")];
    await updatePerson(api, ids[0]!, { email: "r1@example.net" });
    const seen = await first.events(3);
    expectStreamed(seen, await logAfter(graphqlUrl(), head));
    const lastSeen = seen[seen.length - 1]!.id;

    // The connection drops; the server notices and releases the stream's subscription.
    first.close();
    await first.ended;
    await subscribersBackTo(baseline);

    // Committed while nobody listens.
    await updatePerson(api, ids[1]!, { email: "r2@example.net" });
    await newPerson(api, "R3");
    const case1 = await api.post("/case-management/cases", caseBody(ids[0]!));
    expect(case1.status).toBe(201);

    // Reconnect, while more events commit concurrently with the catch-up read.
    const [resumed] = await Promise.all([
      connect({}, { "Last-Event-ID": lastSeen }),
      ...["R4", "R5", "R6", "R7"].map((label) => newPerson(api, label)),
    ]);
    const afterReconnect = await logAfter(graphqlUrl(), BigInt(lastSeen));
    expect(afterReconnect).toHaveLength(7);
    expectStreamed(await resumed!.events(afterReconnect.length), afterReconnect);

    // Then live events, still in order and exactly once.
    const liveHead = await logHead(graphqlUrl());
    await updatePerson(api, ids[0]!, { phone: "555-0101" });
    await newPerson(api, "R8");
    const live = await logAfter(graphqlUrl(), liveHead);
    expectStreamed(await resumed!.events(live.length), live);
    await pause(GRACE_MS);
    expect(resumed!.untakenEvents()).toEqual([]);

    resumed!.close();
    await subscribersBackTo(baseline);
  });

  it("resumes with the ?lastEventId= query parameter as well (from an older position)", async () => {
    const head = await logHead(graphqlUrl());
    await newPerson(api, "Q1");
    await newPerson(api, "Q2");
    await newPerson(api, "Q3");
    const log = await logAfter(graphqlUrl(), head);
    const from = log[0]!.position.toString();
    const stream = await connect({ lastEventId: from });
    expectStreamed(await stream.events(2), log.slice(1));
    const liveHead = await logHead(graphqlUrl());
    await newPerson(api, "Q4");
    expectStreamed(await stream.events(1), await logAfter(graphqlUrl(), liveHead));
    await pause(GRACE_MS);
    expect(stream.untakenEvents()).toEqual([]);
  });

  it("replays only matching events when resuming with a filter, then delivers only matching live ones", async () => {
    const head = await logHead(graphqlUrl());
    const personId = await newPerson(api, "F1");
    await updatePerson(api, personId, { email: "f1@example.net" });
    await newPerson(api, "F2");
    await updatePerson(api, personId, { phone: "555-0102" });
    const stream = await connect({ type: "persons.person.updated", lastEventId: head.toString() });
    const replay = (await logAfter(graphqlUrl(), head)).filter((entry) => entry.type === "persons.person.updated");
    expect(replay).toHaveLength(2);
    expectStreamed(await stream.events(2), replay);
    const liveHead = await logHead(graphqlUrl());
    await newPerson(api, "F3");
    await updatePerson(api, personId, { phone: "555-0103" });
    const live = (await logAfter(graphqlUrl(), liveHead)).filter((entry) => entry.type === "persons.person.updated");
    expectStreamed(await stream.events(1), live);
    await pause(GRACE_MS);
    expect(stream.untakenEvents()).toEqual([]);
  });

  it("answers a malformed Last-Event-ID, lastEventId or subject with 400 in the error envelope, without opening a stream", async () => {
    const cases: Array<{ params?: Record<string, string>; headers?: Record<string, string>; field: string }> = [
      { headers: { "Last-Event-ID": "abc" }, field: "Last-Event-ID" },
      { headers: { "Last-Event-ID": "-1" }, field: "Last-Event-ID" },
      { headers: { "Last-Event-ID": "12.5" }, field: "Last-Event-ID" },
      { headers: { "Last-Event-ID": "1e3" }, field: "Last-Event-ID" },
      { headers: { "Last-Event-ID": "123456789012345678901" }, field: "Last-Event-ID" },
      { params: { lastEventId: "not-a-position" }, field: "lastEventId" },
      { params: { subject: "not-a-uuid" }, field: "subject" },
    ];
    for (const { params, headers, field } of cases) {
      const response = await openSse(streamUrl(platform.url, params), headers);
      if ("next" in response) {
        response.close();
        throw new Error(`${JSON.stringify({ params, headers })} opened a stream instead of answering 400`);
      }
      const body = expectErrorEnvelope(response, 400, "BAD_REQUEST");
      expect(body.details?.map((detail) => detail.field)).toContain(field);
    }
    expect(hub().subscriberCount).toBe(0);
  });

  it("answers a Last-Event-ID beyond the log's position range (> 2^63-1) with 400, not a stream that fails", async () => {
    // 19 digits pass the cursor's syntax check but exceed PostgreSQL's bigint: no event ever had this id.
    const response = await openSse(streamUrl(platform.url), { "Last-Event-ID": "9999999999999999999" });
    if ("next" in response) {
      streams.push(response);
      const frames: string[] = [];
      try {
        for (let index = 0; index < 3; index++) frames.push((await response.next(1_000)).raw);
      } catch {
        // fewer frames
      }
      throw new Error(`expected 400, got 200 with frames ${JSON.stringify(frames)}`);
    }
    expectErrorEnvelope(response, 400, "BAD_REQUEST");
  });

  it("fans out across processes: an event committed through one platform reaches an SSE client of another platform on the same database promptly", async () => {
    // Heartbeats an hour apart: whatever reaches the other platform's client here came by fan-out, however slow the machine.
    const other = await startOnDatabase({ EVENT_STREAM_HEARTBEAT_MS: "3600000" });
    try {
      const otherApi = httpClient(other.url);
      const onOther = await connect({}, {}, other.url);
      const onThis = await connect();
      for (const label of ["X1", "X2", "X3", "X4", "X5"]) {
        const head = await logHead(graphqlUrl());
        const committed = await api.post("/persons", personBody(label)).then((response) => ({ response }));
        expect(committed.response.status).toBe(201);
        const [event] = await onOther.events(1);
        expectStreamed([event!], await logAfter(graphqlUrl(), head));
        expect(event!.data).toEqual((await otherApi.get(`/platform/events/${event!.data.id}`)).body);
        expectStreamed(await onThis.events(1), await logAfter(graphqlUrl(), head));
      }

      // And the other way round.
      const head = await logHead(graphqlUrl());
      await newPerson(otherApi, "Y1");
      expectStreamed(await onThis.events(1), await logAfter(graphqlUrl(), head));
      expectStreamed(await onOther.events(1), await logAfter(graphqlUrl(), head));

      // No heartbeat was due on the other platform: the events above came by fan-out alone.
      expect(onOther.frames.filter((frame) => frame.raw === ": heartbeat")).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
