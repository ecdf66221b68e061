// GraphQL subscriptions over graphql-ws on the platform's /graphql (single process, real PostgreSQL):
// `events` with filters and resume (`after`), `personChanged` / `caseChanged` / `appointmentChanged`
// with linked fields resolved across subgraphs when each payload is delivered, argument errors,
// server-side cleanup when a client leaves, and delivery to a second platform on the same database.
import type { RunningPlatform } from "@pap/gateway";
import type { Client } from "graphql-ws/client";
import { collect, logAfter, logHead, startPlatformOn, wsClient, type Collected, type LogEntry } from "../support/live";
import { createTestDatabase, httpClient } from "../support/platform";
import { GRACE_MS, pause, waitFor } from "../support/waiting";
import { newAppointment, newCase, newPerson, personBody, updatePerson } from "../support/creators";

const ENVELOPE = "id specversion type source subject time datacontenttype data traceparent causationid authid authtype";

let databaseUrl: string;
let platform: RunningPlatform;
const clients: Client[] = [];

const api = httpClient(() => platform.url);
const graphqlUrl = () => `${platform.url}/graphql`;
const subscriberCount = (on: RunningPlatform = platform) => on.services.eventRuntime.hub.subscriberCount;

function client(on: RunningPlatform = platform): Client {
  const created = wsClient(on.url);
  clients.push(created);
  return created;
}

/**
 * Subscribes and waits until the subscription is registered with the platform's hub: graphql-ws has
 * no "subscribed" acknowledgement, and a live subscription only sees events committed after that.
 */
async function subscribe(
  query: string,
  variables?: Record<string, unknown>,
  on: RunningPlatform = platform,
  through?: Client,
): Promise<Collected> {
  const before = subscriberCount(on);
  const subscription = collect(through ?? client(on), query, variables);
  await waitFor(
    () => subscriberCount(on) > before || subscription.completed || subscription.error !== undefined,
    "the subscription to register",
  );
  return subscription;
}

/** Payloads of `field` must be exactly these log entries, in order (position and envelope id). */
function expectSameEvents(payloads: Collected["results"], field: string, expected: LogEntry[]) {
  for (const payload of payloads) expect(payload.errors).toBeUndefined();
  expect(payloads.map((payload) => [payload.data?.[field]?.position, payload.data?.[field]?.id])).toEqual(
    expected.map((entry) => [entry.position.toString(), entry.id]),
  );
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

beforeAll(async () => {
  databaseUrl = await createTestDatabase("events_subscriptions");
  platform = await startPlatformOn(databaseUrl);
});

/** Hub subscribers when the test began: every subscription a test opens must be gone when it ends. */
let baseline = 0;

beforeEach(() => {
  baseline = subscriberCount();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((each) => each.dispose()));
  await waitFor(
    () => subscriberCount() === baseline,
    `every subscription to end with its client (hub subscribers: ${subscriberCount()}, at the start: ${baseline})`,
  );
});

afterAll(async () => {
  await platform?.close();
});

describe("subscription events", () => {
  it("delivers envelopes of committed events matching the filter (type prefix and exact, source, subject)", async () => {
    const personId = await newPerson(api, "Sub");
    const all = await subscribe(`subscription { events { position ${ENVELOPE} } }`);
    const persons = await subscribe(`subscription ($filter: EventStreamFilter) { events(filter: $filter) { position ${ENVELOPE} } }`, {
      filter: { type: "persons.*" },
    });
    const list = await subscribe(
      `subscription { e: events(filter: {type: "persons.person.updated, scheduling.appointment.scheduled"}) { position id type } }`,
    );
    const scheduling = await subscribe(`subscription { events(filter: {source: "/scheduling"}) { position id type source } }`);
    const subject = await subscribe(`subscription ($s: ID) { events(filter: {subject: $s}) { position id subject } }`, {
      s: personId.toUpperCase(),
    });
    const head = await logHead(graphqlUrl());

    await newPerson(api, "Other");
    await updatePerson(api, personId, { email: "sub@example.net" });
    await newCase(api, personId);
    await newAppointment(api, personId);

    const log = await logAfter(graphqlUrl(), head);
    expect(log.map((entry) => entry.type)).toEqual([
      "persons.person.created",
      "persons.person.updated",
      "case_management.case.created",
      "scheduling.appointment.created",
      "scheduling.appointment.scheduled",
    ]);
    const everything = await all.take(log.length);
    expectSameEvents(everything, "events", log);
    // Each payload is the envelope as the log keeps it.
    for (const payload of everything) {
      const stored = await api.graphql(`query ($id: ID!) { event(id: $id) { position ${ENVELOPE} } }`, { id: payload.data.events.id });
      expect(payload.data.events).toEqual(stored.data.event);
      expect(payload.data.events).toEqual(expect.objectContaining({ specversion: "1.0", datacontenttype: "application/json" }));
    }
    expectSameEvents(
      await persons.take(2),
      "events",
      log.filter((entry) => entry.type.startsWith("persons.")),
    );
    expectSameEvents(
      await list.take(2),
      "e",
      log.filter((entry) => ["persons.person.updated", "scheduling.appointment.scheduled"].includes(entry.type)),
    );
    expectSameEvents(
      await scheduling.take(2),
      "events",
      log.filter((entry) => entry.source === "/scheduling"),
    );
    expectSameEvents(
      await subject.take(1),
      "events",
      log.filter((entry) => entry.subject === personId),
    );
    await pause(GRACE_MS);
    for (const subscription of [all, persons, list, scheduling, subject]) expect(subscription.untaken()).toEqual([]);
  });

  it("with `after`, replays every event after that position from the log, then goes live, without gap or duplicate", async () => {
    const head = await logHead(graphqlUrl());
    const ids = [await newPerson(api, "A1"), await newPerson(api, "A2")];
    await updatePerson(api, ids[0]!, { email: "a1@example.net" });
    await newCase(api, ids[1]!);
    const from = (await logAfter(graphqlUrl(), head))[0]!.position;

    // Events keep committing while the replay is read.
    const subscription = collect(client(), `subscription ($after: String) { events(after: $after) { position id type } }`, {
      after: from.toString(),
    });
    await Promise.all(["A3", "A4", "A5"].map((label) => newPerson(api, label)));
    const replayed = await logAfter(graphqlUrl(), from);
    expect(replayed).toHaveLength(6);
    expectSameEvents(await subscription.take(replayed.length), "events", replayed);

    const liveHead = await logHead(graphqlUrl());
    await updatePerson(api, ids[1]!, { email: "a2@example.net" });
    await newAppointment(api, ids[0]!);
    const live = await logAfter(graphqlUrl(), liveHead);
    expectSameEvents(await subscription.take(live.length), "events", live);
    await pause(GRACE_MS);
    expect(subscription.untaken()).toEqual([]);

    // A filtered replay skips what does not match.
    const filtered = collect(
      client(),
      `subscription ($after: String) { events(after: $after, filter: {type: "persons.person.updated"}) { position id type } }`,
      { after: head.toString() },
    );
    expectSameEvents(
      await filtered.take(2),
      "events",
      (await logAfter(graphqlUrl(), head)).filter((entry) => entry.type === "persons.person.updated"),
    );
    await pause(GRACE_MS);
    expect(filtered.untaken()).toEqual([]);
  });

  it("answers an invalid subject, after or id argument with a GraphQL error (and registers nothing)", async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      [`subscription { events(filter: {subject: "not-a-uuid"}) { id } }`, {}],
      [`subscription ($after: String) { events(after: $after) { id } }`, { after: "abc" }],
      [`subscription ($after: String) { events(after: $after) { id } }`, { after: "-5" }],
      [`subscription { personChanged(id: "not-a-uuid") { id } }`, {}],
      [`subscription { caseChanged(id: "nope") { id } }`, {}],
      [`subscription { appointmentChanged(id: "1") { id } }`, {}],
    ];
    for (const [query, variables] of cases) {
      const subscription = collect(client(), query, variables);
      await subscription.finished();
      const errors =
        (subscription.error as { message: string }[] | undefined) ?? subscription.results.flatMap((result) => result.errors ?? []);
      expect({ query, variables, errors: errors.length > 0, data: subscription.results.map((result) => result.data ?? null) }).toEqual({
        query,
        variables,
        errors: true,
        data: subscription.results.map(() => null),
      });
      expect((errors[0] as { extensions?: { code?: string } }).extensions?.code).toBe("BAD_REQUEST");
    }
    expect(subscriberCount()).toBe(baseline);
  });

  // 19 digits pass the cursor's syntax check but exceed PostgreSQL's bigint: no event ever had this position.
  const OUT_OF_RANGE = "9999999999999999999";

  it("answers an `after` beyond the log's position range (> 2^63-1) with BAD_REQUEST like any other invalid cursor, leaving nothing registered", async () => {
    const subscription = collect(client(), `subscription ($after: String) { events(after: $after) { id } }`, { after: OUT_OF_RANGE });
    await subscription.finished();
    const errors =
      (subscription.error as { message: string; extensions?: { code?: string } }[] | undefined) ??
      subscription.results.flatMap((result) => result.errors ?? []);
    const problems: string[] = [];
    if (errors.length !== 1 || errors[0]!.extensions?.code !== "BAD_REQUEST")
      problems.push(`expected one BAD_REQUEST error naming 'after', got ${JSON.stringify(errors)}`);
    if (errors.some((error) => /prisma|findMany|\.ts:\d+|packages\//i.test(error.message)))
      problems.push("the error message shows server internals (Prisma call, source path and code)");
    // Whatever the error, the subscription is over: the server must not keep it registered with the hub.
    const released = await waitFor(() => subscriberCount() === baseline, "the failed subscription to leave the hub", 1_000).then(
      () => true,
      () => false,
    );
    if (!released)
      problems.push(`the ended subscription stays registered with the hub (subscribers: ${subscriberCount()}, before: ${baseline})`);
    expect(problems).toEqual([]);
  });

  it("ends the server-side subscriptions when the client closes (and when one subscription is stopped)", async () => {
    const own = client();
    const first = await subscribe(`subscription { events { id } }`, undefined, platform, own);
    await subscribe(`subscription { personChanged { id } }`, undefined, platform, own);
    await subscribe(`subscription { caseChanged { id } }`, undefined, platform, own);
    expect(subscriberCount()).toBe(baseline + 3);
    first.dispose();
    await waitFor(() => subscriberCount() === baseline + 2, "the stopped subscription to end on the server");
    await own.dispose();
    await waitFor(() => subscriberCount() === baseline, `the client's subscriptions to end on the server (now ${subscriberCount()})`);

    // The socket dropping without a goodbye ends them too.
    const dropped = client();
    const subscription = await subscribe(`subscription { events { id } }`, undefined, platform, dropped);
    expect(subscriberCount()).toBe(baseline + 1);
    dropped.terminate();
    await waitFor(() => subscriberCount() === baseline, "the dropped socket's subscription to end on the server");
    expect(subscription.results).toEqual([]);
  });
});

describe("entity change subscriptions", () => {
  it("personChanged resolves person { attributes cases appointments } across subgraphs as they are when the payload is delivered", async () => {
    const personId = await newPerson(api, "Linked");
    const caseId = await newCase(api, personId);
    const appointmentId = await newAppointment(api, personId);
    const query = `subscription ($id: ID) { personChanged(id: $id) { id type subject person { id attributes cases { id } appointments { id } } } }`;
    const subscription = await subscribe(query, { id: personId });

    await updatePerson(api, personId, { email: "linked@example.net" });
    const [updated] = await subscription.take(1);
    expect(updated).toEqual({
      data: {
        personChanged: {
          id: expect.any(String),
          type: "persons.person.updated",
          subject: personId,
          person: {
            id: personId,
            attributes: { ...personBody("Linked"), email: "linked@example.net" },
            cases: [{ id: caseId }],
            appointments: [{ id: appointmentId }],
          },
        },
      },
    });

    // A second case and appointment exist by the next change: its payload shows them.
    const secondCase = await newCase(api, personId);
    const secondAppointment = await newAppointment(api, personId);
    await updatePerson(api, personId, { phone: "555-0199" });
    const [later] = await subscription.take(1);
    const person = later!.data.personChanged.person;
    expect(person.attributes).toEqual({ ...personBody("Linked"), email: "linked@example.net", phone: "555-0199" });
    expect([...person.cases].sort(byId)).toEqual([{ id: caseId }, { id: secondCase }].sort(byId));
    expect([...person.appointments].sort(byId)).toEqual([{ id: appointmentId }, { id: secondAppointment }].sort(byId));
    await pause(GRACE_MS);
    // Case and appointment events are not person changes.
    expect(subscription.untaken()).toEqual([]);
  });

  it("personChanged(id:) delivers only that person's changes; without id, every person's", async () => {
    const mine = await newPerson(api, "Mine");
    const theirs = await newPerson(api, "Theirs");
    const one = await subscribe(`subscription ($id: ID) { personChanged(id: $id) { subject type person { id } } }`, { id: mine });
    const every = await subscribe(`subscription { personChanged { subject type person { id } } }`);
    await updatePerson(api, theirs, { email: "theirs@example.net" });
    await updatePerson(api, mine, { email: "mine@example.net" });
    const created = await newPerson(api, "New");
    await newCase(api, mine);

    expect((await every.take(3)).map((payload) => payload.data.personChanged)).toEqual([
      { subject: theirs, type: "persons.person.updated", person: { id: theirs } },
      { subject: mine, type: "persons.person.updated", person: { id: mine } },
      { subject: created, type: "persons.person.created", person: { id: created } },
    ]);
    expect((await one.take(1)).map((payload) => payload.data.personChanged)).toEqual([
      { subject: mine, type: "persons.person.updated", person: { id: mine } },
    ]);
    await pause(GRACE_MS);
    expect(one.untaken()).toEqual([]);
    expect(every.untaken()).toEqual([]);
  });

  it("caseChanged resolves case { members { person } } from another subgraph", async () => {
    const applicant = await newPerson(api, "Applicant");
    const child = await newPerson(api, "Child");
    const subscription = await subscribe(
      `subscription { caseChanged { type subject case { id status primaryApplicant { id } members { relationship person { id attributes } } } } }`,
    );
    const response = await api.post("/case-management/cases", {
      effectiveStartDate: "2025-10-01",
      primaryApplicantId: applicant,
      members: [
        { personId: applicant, relationship: "self" },
        { personId: child, relationship: "child" },
      ],
    });
    expect(response.status).toBe(201);
    const caseId = response.body.id as string;
    const [created] = await subscription.take(1);
    expect(created).toEqual({
      data: {
        caseChanged: {
          type: "case_management.case.created",
          subject: caseId,
          case: {
            id: caseId,
            status: "active",
            primaryApplicant: { id: applicant },
            members: expect.arrayContaining([
              { relationship: "self", person: { id: applicant, attributes: personBody("Applicant") } },
              { relationship: "child", person: { id: child, attributes: personBody("Child") } },
            ]),
          },
        },
      },
    });
    expect(created!.data.caseChanged.case.members).toHaveLength(2);

    const patched = await api.patch(`/case-management/cases/${caseId}`, { status: "closed" });
    expect(patched.status).toBe(200);
    const [closed] = await subscription.take(1);
    expect(closed!.data.caseChanged).toEqual(
      expect.objectContaining({ type: "case_management.case.updated", case: expect.objectContaining({ id: caseId, status: "closed" }) }),
    );
  });

  it("appointmentChanged resolves appointment { person } and sees both events of a booking, and its hold", async () => {
    const personId = await newPerson(api, "Visitor");
    const subscription = await subscribe(
      `subscription { appointmentChanged { type subject appointment { id appointmentType status person { id attributes } } } }`,
    );
    const appointmentId = await newAppointment(api, personId);
    const payloads = (await subscription.take(2)).map((payload) => payload.data.appointmentChanged);
    const appointment = {
      id: appointmentId,
      appointmentType: "Intake interview",
      status: "scheduled",
      person: { id: personId, attributes: personBody("Visitor") },
    };
    expect(payloads).toEqual([
      { type: "scheduling.appointment.created", subject: appointmentId, appointment },
      { type: "scheduling.appointment.scheduled", subject: appointmentId, appointment },
    ]);
    expect((await api.post(`/scheduling/appointments/${appointmentId}/hold`)).status).toBe(200);
    const [held] = await subscription.take(1);
    expect(held!.data.appointmentChanged).toEqual({
      type: "scheduling.appointment.held",
      subject: appointmentId,
      appointment: { ...appointment, status: "completed" },
    });
  });

  it("gives a deleted entity's event a null link (person, case, appointment)", async () => {
    const personId = await newPerson(api, "Gone");
    const keeper = await newPerson(api, "Keeper");
    const caseId = await newCase(api, keeper);
    const appointmentId = await newAppointment(api, keeper);
    const persons = await subscribe(`subscription ($id: ID) { personChanged(id: $id) { type subject person { id } } }`, { id: personId });
    const cases = await subscribe(`subscription ($id: ID) { caseChanged(id: $id) { type subject case { id } } }`, { id: caseId });
    const appointments = await subscribe(`subscription ($id: ID) { appointmentChanged(id: $id) { type subject appointment { id } } }`, {
      id: appointmentId,
    });
    expect((await api.delete(`/persons/${personId}`)).status).toBe(204);
    expect((await api.delete(`/case-management/cases/${caseId}`)).status).toBe(204);
    expect((await api.delete(`/scheduling/appointments/${appointmentId}`)).status).toBe(204);
    const [personDeleted] = await persons.take(1);
    const [caseDeleted] = await cases.take(1);
    const [appointmentDeleted] = await appointments.take(1);
    expect(personDeleted).toEqual({ data: { personChanged: { type: "persons.person.deleted", subject: personId, person: null } } });
    expect(caseDeleted).toEqual({ data: { caseChanged: { type: "case_management.case.deleted", subject: caseId, case: null } } });
    expect(appointmentDeleted).toEqual({
      data: { appointmentChanged: { type: "scheduling.appointment.deleted", subject: appointmentId, appointment: null } },
    });

    // Replayed later, even the person's creation resolves to the record as it is now: gone.
    const history = collect(client(), `subscription ($s: ID) { events(after: "0", filter: {subject: $s}) { type person { id } } }`, {
      s: personId,
    });
    expect((await history.take(2)).map((payload) => payload.data.events)).toEqual([
      { type: "persons.person.created", person: null },
      { type: "persons.person.deleted", person: null },
    ]);
  });

  it("an event's links are null when it concerns another domain's entity", async () => {
    const personId = await newPerson(api, "Cross");
    const subscription = await subscribe(`subscription { events { type person { id } case { id } appointment { id } } }`);
    const caseId = await newCase(api, personId);
    await updatePerson(api, personId, { email: "cross@example.net" });
    expect((await subscription.take(2)).map((payload) => payload.data.events)).toEqual([
      { type: "case_management.case.created", person: null, case: { id: caseId }, appointment: null },
      { type: "persons.person.updated", person: { id: personId }, case: null, appointment: null },
    ]);
  });
});

describe("across processes", () => {
  it("a subscription on one platform receives an event committed through another on the same database, linked fields included", async () => {
    const other = await startPlatformOn(databaseUrl);
    try {
      const events = await subscribe(`subscription { events(filter: {type: "persons.*"}) { position id type } }`, undefined, other);
      const changes = await subscribe(`subscription { personChanged { type person { id attributes cases { id } } } }`, undefined, other);
      const head = await logHead(graphqlUrl());
      const personId = await newPerson(api, "Remote");
      const [event] = await events.take(1);
      expectSameEvents([event!], "events", await logAfter(graphqlUrl(), head));
      const [change] = await changes.take(1);
      expect(change).toEqual({
        data: { personChanged: { type: "persons.person.created", person: { id: personId, attributes: personBody("Remote"), cases: [] } } },
      });
    } finally {
      await Promise.all(clients.splice(0).map((each) => each.dispose()));
      await other.close();
    }
  });
});
