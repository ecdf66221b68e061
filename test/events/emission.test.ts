// Domain changes record their events (SPEC §2.2, §5, §6; events.md §1, §2): every create, update and
// delete of a person, case or appointment writes exactly one matching event in the same transaction
// (plus `scheduling.appointment.scheduled` when an appointment is booked or rescheduled), with the
// envelope, trace and actor of the request. A rejected change writes none; concurrent changes get
// distinct, ordered log positions; and the log itself refuses UPDATE, DELETE and TRUNCATE.
import type { Role } from "@pap/kernel/auth";
import { bearer } from "../support/auth";
import type { PlatformEvent } from "@pap/events";
import { randomUUID } from "node:crypto";
import type { RunningPlatform } from "@pap/gateway";
import { eventRecorder, newTraceparent, type SqlTransaction } from "@pap/events";
import { httpClient, startTestPlatform } from "../support/platform";
import { useSetting } from "../support/settings";
import { expectErrorEnvelope, ISO_DATE_TIME, MISSING_ID, utcToday, UUID_PATTERN, type HttpResponse } from "../support/expectations";
import { WAIT_MS, waitForValue } from "../support/waiting";
import { created } from "../support/creators";
import { newTraceId, traceparentFor } from "../support/trace-context";

let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;

// No appointment reminders: each case asserts a change's own events (a booking's timers: scheduling/timers, interview-lifecycle).
useSetting("APPOINTMENT_REMINDER_OFFSETS", "none");

beforeAll(async () => {
  platform = await startTestPlatform("events_emission");
  api = httpClient(platform.url);
});

afterAll(async () => {
  await platform?.close();
});

const db = () => platform.services.db;

/** An event as REST returns it (data typed loosely, for reading fields in assertions). */
type Event = Omit<PlatformEvent, "data"> & { data?: any };

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const traceIdOf = (event: Event) => TRACEPARENT.exec(event.traceparent ?? "")?.[1];

/** The newest row's write order: rows get their log position a moment after commit, their insertion number at once. */
async function head(): Promise<bigint> {
  const newest = await db().platformEvent.findFirst({ orderBy: { insertion: "desc" }, select: { insertion: true } });
  return newest?.insertion ?? 0n;
}

/** The rows matching `where` once the sequencer has given each its log position, in log order. */
async function numbered(where: Record<string, unknown>) {
  const read = async () => {
    const rows = await db().platformEvent.findMany({ where, orderBy: { insertion: "asc" } });
    return rows.every((row) => row.position !== null) ? rows : undefined;
  };
  const rows = await waitForValue(read, "every row to have its log position", WAIT_MS, 20);
  return rows.sort((a, b) => (a.position! < b.position! ? -1 : 1));
}

/** Runs a request and returns its response with the events it appended to the log (as REST shows them), in log order. */
async function recorded<T extends HttpResponse>(
  action: () => Promise<T>,
): Promise<{ response: T; events: Event[]; before: number; after: number }> {
  const from = await head();
  const before = Date.now();
  const response = await action();
  const after = Date.now();
  const rows = await numbered({ insertion: { gt: from } });
  const events: Event[] = [];
  for (const row of rows) {
    const got = await api.get(`/platform/events/${row.id}`);
    expect(got.status).toBe(200);
    events.push(got.body);
  }
  return { response, events, before, after };
}

/** The envelope every domain event carries; `extra` are the attributes expected beyond the required ones. */
function expectEnvelope(
  event: Event,
  expected: { type: string; source: string; subject: string; before: number; after: number },
  extra: string[] = [],
) {
  expect(event.id).toMatch(UUID_PATTERN);
  expect(event.specversion).toBe("1.0");
  expect(event.datacontenttype).toBe("application/json");
  expect(event.type).toBe(expected.type);
  expect(event.source).toBe(expected.source);
  expect(event.subject).toBe(expected.subject);
  expect(event.time).toMatch(ISO_DATE_TIME);
  expect(Date.parse(event.time)).toBeGreaterThanOrEqual(expected.before - 1000);
  expect(Date.parse(event.time)).toBeLessThanOrEqual(expected.after + 1000);
  expect(event.traceparent).toMatch(TRACEPARENT);
  // Every change through the API has a signed-in caller: the test helpers' state administrator unless a test says otherwise.
  expect(event.authid).toEqual(expect.any(String));
  expect(event.authtype).toBe("user");
  expect(Object.keys(event).sort()).toEqual(
    ["authid", "authtype", "datacontenttype", "id", "source", "specversion", "subject", "time", "traceparent", "type", ...extra].sort(),
  );
}

const byField = (changes: Array<{ field: string }>) => [...changes].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));

/** A person whose record is `body`, created by `headers`' caller (else the suite's administrator). */
const personWith = (body: Record<string, unknown>, headers: Record<string, string> = {}) => created(api, "/persons", body, headers);
/** An appointment in 2031 for some person, as `body` changes it. */
const futureAppointment = (body: Record<string, unknown> = {}) =>
  created(api, "/scheduling/appointments", {
    ...slot("2031-03-03T09:00:00.000Z"),
    appointmentType: "Interview",
    personId: randomUUID(),
    ...body,
  });

const slot = (start: string, minutes = 30) => ({ startAt: start, endAt: new Date(Date.parse(start) + minutes * 60_000).toISOString() });

describe("persons", () => {
  it("POST /persons records one persons.person.created whose data is the REST record", async () => {
    const { response, events, before, after } = await recorded(() =>
      api.post("/persons", { name: { firstName: "Grace", lastName: "Hopper" }, email: "grace@example.org" }),
    );
    expect(response.status).toBe(201);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "persons.person.created", source: "/persons", subject: response.body.id, before, after }, ["data"]);
    expect(events[0]!.data).toEqual(response.body);
  });

  it("PATCH /persons/{id} records one persons.person.updated listing exactly the changed fields", async () => {
    const person = await personWith({ name: { firstName: "Grace", lastName: "Hopper" }, email: "grace@example.org", rank: "captain" });
    const { response, events, before, after } = await recorded(() =>
      api.patch(`/persons/${person.id}`, { name: { lastName: "Murray" }, email: null, nickname: "Amazing Grace", rank: "captain" }),
    );
    expect(response.status).toBe(200);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "persons.person.updated", source: "/persons", subject: person.id, before, after }, ["data"]);
    expect(Object.keys(events[0]!.data)).toEqual(["changes"]);
    expect(byField(events[0]!.data.changes)).toEqual([
      { field: "email", before: "grace@example.org", after: null },
      { field: "name", before: { firstName: "Grace", lastName: "Hopper" }, after: { firstName: "Grace", lastName: "Murray" } },
      { field: "nickname", before: null, after: "Amazing Grace" },
    ]);
  });

  it("DELETE /persons/{id} records one persons.person.deleted without data", async () => {
    const person = await personWith({ name: { firstName: "Gone" } });
    const { response, events, before, after } = await recorded(() => api.delete(`/persons/${person.id}`));
    expect(response.status).toBe(204);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "persons.person.deleted", source: "/persons", subject: person.id, before, after });
    expect(events[0]).not.toHaveProperty("data");
  });

  it("the events of one person's life share its subject, in order", async () => {
    const person = await personWith({ n: 1 });
    expect((await api.patch(`/persons/${person.id}`, { n: 2 })).status).toBe(200);
    expect((await api.delete(`/persons/${person.id}`)).status).toBe(204);
    const rows = await numbered({ subject: person.id });
    expect(rows.map((row) => row.type)).toEqual(["persons.person.created", "persons.person.updated", "persons.person.deleted"]);
    expect((rows[1]!.data as any).changes).toEqual([{ field: "n", before: 1, after: 2 }]);
  });
});

describe("cases", () => {
  let applicant: string;
  let spouse: string;
  beforeAll(async () => {
    applicant = (await personWith({ name: { firstName: "Ana" } })).id;
    spouse = (await personWith({ name: { firstName: "Luis" } })).id;
  });

  it("POST /case-management/cases records one case_management.case.created whose data is the REST record", async () => {
    const { response, events, before, after } = await recorded(() =>
      api.post("/case-management/cases", {
        effectiveStartDate: "2026-01-05",
        primaryApplicantId: applicant,
        members: [
          { personId: applicant, relationship: "self" },
          { personId: spouse, relationship: "spouse" },
        ],
      }),
    );
    expect(response.status).toBe(201);
    expect(events).toHaveLength(1);
    expectEnvelope(
      events[0]!,
      { type: "case_management.case.created", source: "/case-management", subject: response.body.id, before, after },
      ["data"],
    );
    expect(events[0]!.data).toEqual(response.body);
  });

  it("PATCH records one case_management.case.updated with exact changes, including server-derived ones", async () => {
    const created = (
      await api.post("/case-management/cases", { primaryApplicantId: applicant, members: [{ personId: applicant, relationship: "self" }] })
    ).body;
    const worker = randomUUID();
    const { response, events, before, after } = await recorded(() =>
      api.patch(`/case-management/cases/${created.id}`, { status: "closed", assignedToId: worker }),
    );
    expect(response.status).toBe(200);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "case_management.case.updated", source: "/case-management", subject: created.id, before, after }, [
      "data",
    ]);
    expect(byField(events[0]!.data.changes)).toEqual([
      { field: "assignedToId", before: null, after: worker },
      { field: "effectiveEndDate", before: null, after: response.body.effectiveEndDate },
      { field: "status", before: "active", after: "closed" },
    ]);
    expect([utcToday(), new Date(before).toISOString().slice(0, 10)]).toContain(response.body.effectiveEndDate);
  });

  it("a PATCH replacing the members lists them before and after", async () => {
    const created = (
      await api.post("/case-management/cases", { primaryApplicantId: applicant, members: [{ personId: applicant, relationship: "self" }] })
    ).body;
    const members = [
      { personId: applicant, relationship: "self" },
      { personId: spouse, relationship: "spouse" },
    ];
    const { response, events } = await recorded(() => api.patch(`/case-management/cases/${created.id}`, { members }));
    expect(response.status).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      changes: [{ field: "members", before: [{ personId: applicant, relationship: "self" }], after: members }],
    });
  });

  it("DELETE records one case_management.case.deleted without data", async () => {
    const created = (await api.post("/case-management/cases", { primaryApplicantId: applicant })).body;
    const { response, events, before, after } = await recorded(() => api.delete(`/case-management/cases/${created.id}`));
    expect(response.status).toBe(204);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "case_management.case.deleted", source: "/case-management", subject: created.id, before, after });
  });
});

describe("appointments", () => {
  it("booking (POST, status scheduled by default) records created and scheduled, same subject and trace", async () => {
    const personId = randomUUID();
    const { response, events, before, after } = await recorded(() =>
      api.post("/scheduling/appointments", { ...slot("2031-03-03T09:00:00.000Z"), appointmentType: "Interview", personId }),
    );
    expect(response.status).toBe(201);
    const id = response.body.id;
    expect(events.map((event) => event.type).sort()).toEqual(["scheduling.appointment.created", "scheduling.appointment.scheduled"]);
    const created = events.find((event) => event.type === "scheduling.appointment.created")!;
    const scheduled = events.find((event) => event.type === "scheduling.appointment.scheduled")!;
    expectEnvelope(created, { type: "scheduling.appointment.created", source: "/scheduling", subject: id, before, after }, ["data"]);
    expectEnvelope(scheduled, { type: "scheduling.appointment.scheduled", source: "/scheduling", subject: id, before, after }, ["data"]);
    expect(created.data).toEqual(response.body);
    expect(scheduled.data).toEqual({
      scheduledAt: "2031-03-03T09:00:00.000Z",
      appointmentId: id,
      personId,
      appointmentType: "Interview",
      startAt: "2031-03-03T09:00:00.000Z",
      endAt: "2031-03-03T09:30:00.000Z",
      assignedToId: null,
      subjectType: null,
      subjectId: null,
    });
    expect(traceIdOf(created)).toBe(traceIdOf(scheduled));
    expect(created.id).not.toBe(scheduled.id);
  });

  it("GET /platform/events lists events of one instant in the order they were recorded, not in their ids' order", async () => {
    for (let round = 0; round < 8; round++) {
      const { response } = await recorded(() =>
        api.post("/scheduling/appointments", { ...slot("2031-03-05T09:00:00.000Z"), appointmentType: "Interview", personId: randomUUID() }),
      );
      const listed = (await api.get(`/platform/events?subject=${response.body.id}`)).body.items as Event[];
      expect(listed.map((event) => event.type)).toEqual(["scheduling.appointment.created", "scheduling.appointment.scheduled"]);
      expect(listed[0]!.time).toBe(listed[1]!.time);
    }
  });

  it("lists events of one instant in the order they were recorded before the sequencer has numbered them", async () => {
    const subject = randomUUID();
    const time = "2031-03-06T09:00:00.000Z";
    // Ids whose order is the reverse of the order the events are recorded in.
    const ids = ["ffffffff-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000000"];
    // Holding the sequencer's lock keeps both events unnumbered while they are listed.
    const listed = await db().$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(88241450274631)`;
        for (const id of ids) {
          const envelope = {
            id,
            specversion: "1.0",
            type: "persons.person.updated",
            source: "/persons",
            subject,
            time,
            datacontenttype: "application/json",
            data: {},
          };
          expect((await api.post("/platform/events", envelope)).status).toBe(201);
        }
        const rows = await db().platformEvent.findMany({ where: { subject }, select: { position: true } });
        expect(rows.map((row) => row.position)).toEqual([null, null]);
        return (await api.get(`/platform/events?subject=${subject}`)).body.items as Event[];
      },
      { timeout: 30_000 },
    );
    expect(listed.map((event) => event.id)).toEqual(ids);
    const newestFirst = (await api.get(`/platform/events?subject=${subject}&sort=-time`)).body.items as Event[];
    expect(newestFirst.map((event) => event.id)).toEqual([...ids].reverse());
  });

  it("creating an appointment that is not scheduled records only created", async () => {
    const { response, events } = await recorded(() =>
      api.post("/scheduling/appointments", {
        ...slot("2031-03-04T09:00:00.000Z"),
        appointmentType: "Interview",
        personId: randomUUID(),
        status: "completed",
      }),
    );
    expect(response.status).toBe(201);
    expect(events.map((event) => event.type)).toEqual(["scheduling.appointment.created"]);
    expect(events[0]!.data).toEqual(response.body);
  });

  it("an update that does not move a booking records only updated, with exact changes", async () => {
    const appointment = await futureAppointment({ notes: "first" });
    const { response, events, before, after } = await recorded(() =>
      api.patch(`/scheduling/appointments/${appointment.id}`, { notes: "bring ID", appointmentType: "Recertification" }),
    );
    expect(response.status).toBe(200);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "scheduling.appointment.updated", source: "/scheduling", subject: appointment.id, before, after }, [
      "data",
    ]);
    expect(byField(events[0]!.data.changes)).toEqual([
      { field: "appointmentType", before: "Interview", after: "Recertification" },
      { field: "notes", before: "first", after: "bring ID" },
    ]);
  });

  it("rescheduling a booked appointment records updated and scheduled with the new time", async () => {
    const appointment = await futureAppointment();
    const moved = slot("2031-03-10T13:00:00.000Z", 45);
    const { response, events } = await recorded(() => api.patch(`/scheduling/appointments/${appointment.id}`, moved));
    expect(response.status).toBe(200);
    expect(events.map((event) => event.type).sort()).toEqual(["scheduling.appointment.scheduled", "scheduling.appointment.updated"]);
    const updated = events.find((event) => event.type === "scheduling.appointment.updated")!;
    const scheduled = events.find((event) => event.type === "scheduling.appointment.scheduled")!;
    expect(byField(updated.data.changes)).toEqual([
      { field: "endAt", before: appointment.endAt, after: moved.endAt },
      { field: "startAt", before: appointment.startAt, after: moved.startAt },
    ]);
    expect(scheduled.data).toEqual({
      scheduledAt: moved.startAt,
      appointmentId: appointment.id,
      personId: appointment.personId,
      appointmentType: "Interview",
      startAt: moved.startAt,
      endAt: moved.endAt,
      assignedToId: null,
      subjectType: null,
      subjectId: null,
    });
    expect(scheduled.subject).toBe(appointment.id);
    expect(traceIdOf(updated)).toBe(traceIdOf(scheduled));
  });

  it("changing only the end of a booking is not a new booking", async () => {
    const appointment = await futureAppointment();
    const { events } = await recorded(() => api.patch(`/scheduling/appointments/${appointment.id}`, { endAt: "2031-03-03T10:00:00.000Z" }));
    expect(events.map((event) => event.type)).toEqual(["scheduling.appointment.updated"]);
  });

  it("canceling is an action that records canceled alone; a status sent in a PATCH is ignored and records nothing of it", async () => {
    const appointment = await futureAppointment();
    const ignored = await recorded(() =>
      api.patch(`/scheduling/appointments/${appointment.id}`, { status: "canceled", notes: "call first" }),
    );
    expect(ignored.response.body.status).toBe("scheduled");
    expect(ignored.events.map((event) => event.type)).toEqual(["scheduling.appointment.updated"]);
    expect(ignored.events[0]!.data).toEqual({ changes: [{ field: "notes", before: null, after: "call first" }] });
    const cancel = await recorded(() => api.post(`/scheduling/appointments/${appointment.id}/cancel`, { reason: "Household asked" }));
    expect(cancel.response.status).toBe(200);
    expect(cancel.events.map((event) => event.type)).toEqual(["scheduling.appointment.canceled"]);
    expectEnvelope(
      cancel.events[0]!,
      {
        type: "scheduling.appointment.canceled",
        source: "/scheduling",
        subject: appointment.id,
        before: cancel.before,
        after: cancel.after,
      },
      ["data"],
    );
    expect(cancel.events[0]!.data).toMatchObject({
      appointmentId: appointment.id,
      startAt: appointment.startAt,
      reason: "Household asked",
    });
  });

  it("moving an appointment that is not scheduled is not a booking", async () => {
    const appointment = await futureAppointment({ status: "completed" });
    const { events } = await recorded(() => api.patch(`/scheduling/appointments/${appointment.id}`, slot("2031-04-01T09:00:00.000Z")));
    expect(events.map((event) => event.type)).toEqual(["scheduling.appointment.updated"]);
  });

  it("DELETE records one scheduling.appointment.deleted without data (and no booking event)", async () => {
    const appointment = await futureAppointment();
    const { response, events, before, after } = await recorded(() => api.delete(`/scheduling/appointments/${appointment.id}`));
    expect(response.status).toBe(204);
    expect(events).toHaveLength(1);
    expectEnvelope(events[0]!, { type: "scheduling.appointment.deleted", source: "/scheduling", subject: appointment.id, before, after });
  });
});

describe("trace context", () => {
  it("takes the trace id from an incoming traceparent header", async () => {
    const traceId = newTraceId();
    const { events } = await recorded(() => api.raw("POST", "/persons", { t: 1 }, { traceparent: traceparentFor(traceId) }));
    expect(events).toHaveLength(1);
    expect(traceIdOf(events[0]!)).toBe(traceId);
    const listed = (await api.get(`/platform/events?traceid=${traceId}`)).body;
    expect(listed.items.map((event: Event) => event.id)).toEqual([events[0]!.id]);
  });

  it("gives every event of one request the incoming trace id (booking: created and scheduled)", async () => {
    const traceId = newTraceId();
    const { events } = await recorded(() =>
      api.raw(
        "POST",
        "/scheduling/appointments",
        { ...slot("2031-05-05T09:00:00.000Z"), appointmentType: "Interview", personId: randomUUID() },
        { traceparent: traceparentFor(traceId) },
      ),
    );
    expect(events).toHaveLength(2);
    expect(events.map(traceIdOf)).toEqual([traceId, traceId]);
  });

  it("keeps the trace id on updates and deletes as well", async () => {
    const person = await personWith({ t: 1 });
    const updateTrace = newTraceId();
    const update = await recorded(() => api.raw("PATCH", `/persons/${person.id}`, { t: 2 }, { traceparent: traceparentFor(updateTrace) }));
    expect(update.events.map(traceIdOf)).toEqual([updateTrace]);
    const deleteTrace = newTraceId();
    const removal = await recorded(() =>
      api.raw("DELETE", `/persons/${person.id}`, undefined, { traceparent: traceparentFor(deleteTrace) }),
    );
    expect(removal.events.map(traceIdOf)).toEqual([deleteTrace]);
  });

  it("starts a new trace when the request has none: a valid traceparent, different for each request, shared within one", async () => {
    const first = await recorded(() => api.post("/persons", { t: 1 }));
    const second = await recorded(() => api.post("/persons", { t: 2 }));
    const [a, b] = [traceIdOf(first.events[0]!), traceIdOf(second.events[0]!)];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe("0".repeat(32));
    expect(a).not.toBe(b);
    const booking = await recorded(() =>
      api.post("/scheduling/appointments", { ...slot("2031-05-06T09:00:00.000Z"), appointmentType: "Interview", personId: randomUUID() }),
    );
    expect(booking.events).toHaveLength(2);
    expect(traceIdOf(booking.events[0]!)).toBe(traceIdOf(booking.events[1]!));
    expect(traceIdOf(booking.events[0]!)).not.toBe(a);
  });

  it.each([
    ["garbage", "not-a-traceparent"],
    ["an all-zero trace id", `00-${"0".repeat(32)}-${"1".repeat(16)}-01`],
    ["version ff", `ff-${"a".repeat(32)}-${"1".repeat(16)}-01`],
  ])("starts a new trace when the traceparent header is invalid (%s)", async (_label, header) => {
    const { events } = await recorded(() => api.raw("POST", "/persons", { t: 1 }, { traceparent: header }));
    expect(events).toHaveLength(1);
    expect(events[0]!.traceparent).toMatch(TRACEPARENT);
    expect(events[0]!.traceparent).not.toBe(header);
    expect(traceIdOf(events[0]!)).not.toBe("0".repeat(32));
  });
});

describe("actor (authid / authtype)", () => {
  it.each<[string, Role[], string, { authid: string; authtype: string }]>([
    ["a case worker's token gives authtype user and their user id", ["case_worker"], "cw-1001", { authid: "cw-1001", authtype: "user" }],
    ["several staff roles give user", ["case_worker", "supervisor"], "sup-7", { authid: "sup-7", authtype: "user" }],
    [
      "a service account's token (role system) gives service_account",
      ["system"],
      "svc-intake",
      { authid: "svc-intake", authtype: "service_account" },
    ],
  ])("%s", async (_label, roles, userId, actor) => {
    const { events } = await recorded(async () =>
      api.raw("POST", "/persons", { a: 1 }, await bearer(roles, { sub: `idp|${userId}`, userId })),
    );
    expect(events).toHaveLength(1);
    expect({ authid: events[0]!.authid, authtype: events[0]!.authtype }).toEqual(actor);
  });

  it("records nothing for a caller without a token (401) or without the permission (403)", async () => {
    const anonymous = await recorded(() => api.raw("POST", "/persons", { a: 1 }, { authorization: "" }));
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.events).toEqual([]);
    const applicant = await recorded(async () => api.raw("POST", "/persons", { a: 1 }, await bearer(["applicant"])));
    expect(applicant.response.status).toBe(403);
    expect(applicant.events).toEqual([]);
  });

  it("carries the actor on every event of a request and on updates and deletes", async () => {
    const headers = await bearer(["case_worker"], { sub: "idp|cw-2002", userId: "cw-2002" });
    const booking = await recorded(() =>
      api.raw(
        "POST",
        "/scheduling/appointments",
        { ...slot("2031-06-01T09:00:00.000Z"), appointmentType: "Interview", personId: randomUUID() },
        headers,
      ),
    );
    expect(booking.events.map((event) => [event.authid, event.authtype])).toEqual([
      ["cw-2002", "user"],
      ["cw-2002", "user"],
    ]);
    const id = booking.response.body.id;
    const update = await recorded(async () =>
      api.raw("PATCH", `/scheduling/appointments/${id}`, { notes: "x" }, await bearer(["system"], { sub: "svc-1", userId: "svc-1" })),
    );
    expect(update.events.map((event) => [event.authid, event.authtype])).toEqual([["svc-1", "service_account"]]);
    const removal = await recorded(() => api.raw("DELETE", `/scheduling/appointments/${id}`, undefined, headers));
    expect(removal.events.map((event) => [event.authid, event.authtype])).toEqual([["cw-2002", "user"]]);
  });
});

describe("atomicity: a rejected change writes no event", () => {
  async function expectNothingRecorded(action: () => Promise<HttpResponse>, status: number, code: string) {
    const { response, events } = await recorded(action);
    expectErrorEnvelope(response, status, code);
    expect(events).toEqual([]);
  }

  it("422 on create (appointment without appointmentType, case with a bad applicant id)", async () => {
    const before = await db().appointment.count();
    await expectNothingRecorded(
      () => api.post("/scheduling/appointments", { ...slot("2031-03-03T09:00:00.000Z"), personId: randomUUID() }),
      422,
      "VALIDATION_ERROR",
    );
    await expectNothingRecorded(
      () =>
        api.post("/scheduling/appointments", {
          ...slot("2031-03-03T09:00:00.000Z"),
          endAt: "2031-03-03T08:00:00.000Z",
          appointmentType: "x",
          personId: randomUUID(),
        }),
      422,
      "VALIDATION_ERROR",
    );
    await expectNothingRecorded(() => api.post("/case-management/cases", { primaryApplicantId: "nobody" }), 422, "VALIDATION_ERROR");
    expect(await db().appointment.count()).toBe(before);
  });

  it("422 for a case with a duplicate member: no case and no event", async () => {
    const person = (await personWith({ n: 1 })).id;
    const cases = await db().case.count();
    await expectNothingRecorded(
      () =>
        api.post("/case-management/cases", {
          primaryApplicantId: person,
          members: [
            { personId: person, relationship: "self" },
            { personId: person, relationship: "spouse" },
          ],
        }),
      422,
      "VALIDATION_ERROR",
    );
    expect(await db().case.count()).toBe(cases);
    const created = (
      await api.post("/case-management/cases", { primaryApplicantId: person, members: [{ personId: person, relationship: "self" }] })
    ).body;
    await expectNothingRecorded(
      () =>
        api.patch(`/case-management/cases/${created.id}`, {
          members: [
            { personId: person, relationship: "self" },
            { personId: person, relationship: "child" },
          ],
        }),
      422,
      "VALIDATION_ERROR",
    );
    expect((await api.get(`/case-management/cases/${created.id}`)).body.members).toEqual([{ personId: person, relationship: "self" }]);
  });

  it("422 found inside the transaction (rules on the merged record) rolls back the change and writes no event", async () => {
    const appointment = await futureAppointment();
    await expectNothingRecorded(
      () => api.patch(`/scheduling/appointments/${appointment.id}`, { endAt: "2031-03-03T08:00:00.000Z" }),
      422,
      "VALIDATION_ERROR",
    );
    expect((await api.get(`/scheduling/appointments/${appointment.id}`)).body).toEqual(appointment);
    const kase = (await api.post("/case-management/cases", { primaryApplicantId: randomUUID() })).body;
    await expectNothingRecorded(
      () => api.patch(`/case-management/cases/${kase.id}`, { effectiveEndDate: "2031-01-01" }),
      422,
      "VALIDATION_ERROR",
    );
    expect((await api.get(`/case-management/cases/${kase.id}`)).body).toEqual(kase);
  });

  it("404 for an unknown id on update and delete", async () => {
    await expectNothingRecorded(() => api.patch(`/persons/${MISSING_ID}`, { a: 1 }), 404, "NOT_FOUND");
    await expectNothingRecorded(() => api.delete(`/persons/${MISSING_ID}`), 404, "NOT_FOUND");
    await expectNothingRecorded(() => api.patch(`/case-management/cases/${MISSING_ID}`, { status: "closed" }), 404, "NOT_FOUND");
    await expectNothingRecorded(() => api.delete(`/case-management/cases/${MISSING_ID}`), 404, "NOT_FOUND");
    await expectNothingRecorded(() => api.patch(`/scheduling/appointments/${MISSING_ID}`, { notes: "x" }), 404, "NOT_FOUND");
    await expectNothingRecorded(() => api.delete(`/scheduling/appointments/${MISSING_ID}`), 404, "NOT_FOUND");
    await expectNothingRecorded(() => api.delete("/persons/not-a-uuid"), 404, "NOT_FOUND");
  });

  it("a second DELETE of the same record is a 404 and writes no second event", async () => {
    const person = await personWith({ n: 1 });
    expect((await api.delete(`/persons/${person.id}`)).status).toBe(204);
    await expectNothingRecorded(() => api.delete(`/persons/${person.id}`), 404, "NOT_FOUND");
    expect(await db().platformEvent.count({ where: { subject: person.id, type: "persons.person.deleted" } })).toBe(1);
  });

  it("400 for a body that is not an object writes nothing", async () => {
    const person = await personWith({ n: 1 });
    await expectNothingRecorded(() => api.post("/persons", [1]), 400, "BAD_REQUEST");
    await expectNothingRecorded(() => api.patch(`/persons/${person.id}`, {}), 400, "BAD_REQUEST");
  });
});

describe("concurrency", () => {
  it("N concurrent creates record exactly N events with N distinct, strictly increasing positions", async () => {
    const N = 24;
    const from = await head();
    const responses = await Promise.all(Array.from({ length: N }, (_, i) => api.post("/persons", { i })));
    expect(responses.map((response) => response.status)).toEqual(Array(N).fill(201));
    const rows = await numbered({ insertion: { gt: from } });
    expect(rows).toHaveLength(N);
    const positions = rows.map((row) => row.position);
    expect(new Set(positions.map(String)).size).toBe(N);
    for (let i = 1; i < N; i++) expect(positions[i]! > positions[i - 1]!).toBe(true);
    expect(rows.every((row) => row.type === "persons.person.created")).toBe(true);
    expect(rows.map((row) => row.subject).sort()).toEqual(responses.map((response) => response.body.id).sort());
  });

  it("concurrent updates of one record are logged in commit order: each event's before is the previous one's after", async () => {
    const person = await personWith({ counter: 0 });
    const N = 12;
    const responses = await Promise.all(Array.from({ length: N }, (_, i) => api.patch(`/persons/${person.id}`, { counter: i + 1 })));
    expect(responses.map((response) => response.status)).toEqual(Array(N).fill(200));
    const rows = await numbered({ subject: person.id, type: "persons.person.updated" });
    expect(rows).toHaveLength(N);
    let previous: unknown = 0;
    for (const row of rows) {
      const [change] = (row.data as { changes: Array<{ field: string; before: unknown; after: unknown }> }).changes;
      expect(change!.field).toBe("counter");
      expect(change!.before).toBe(previous);
      previous = change!.after;
    }
    expect((await api.get(`/persons/${person.id}`)).body.counter).toBe(previous);
  });
});

describe("recording inside a Prisma transaction", () => {
  const recorder = () => eventRecorder({ typePrefix: "" }, { traceparent: newTraceparent(), authid: "test-suite", authtype: "system" });

  it("commits the change and its event together", async () => {
    const events = recorder();
    const person = await db().$transaction(async (tx) => {
      const created = await tx.person.create({ data: { attributes: { via: "transaction" } } });
      await events.record(tx as unknown as SqlTransaction, {
        type: "persons.person.created",
        source: "/persons",
        subject: created.id,
        data: { id: created.id },
      });
      return created;
    });
    expect(await db().person.count({ where: { id: person.id } })).toBe(1);
    const logged = (await api.get(`/platform/events?subject=${person.id}`)).body.items;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toEqual(
      expect.objectContaining({ type: "persons.person.created", authid: "test-suite", authtype: "system", data: { id: person.id } }),
    );
  });

  it("stores neither the change nor the event when the transaction throws after recording", async () => {
    const events = recorder();
    const from = await head();
    let personId: string | undefined;
    let recordedId: string | undefined;
    await expect(
      db().$transaction(async (tx) => {
        const created = await tx.person.create({ data: { attributes: { via: "doomed transaction" } } });
        personId = created.id;
        const [event] = await events.record(tx as unknown as SqlTransaction, {
          type: "persons.person.created",
          source: "/persons",
          subject: created.id,
          data: { id: created.id },
        });
        recordedId = event!.id;
        // Inside the transaction the event is there...
        expect(await tx.platformEvent.count({ where: { id: recordedId } })).toBe(1);
        throw new Error("abort after recording");
      }),
    ).rejects.toThrow("abort after recording");
    expect(personId).toMatch(UUID_PATTERN);
    expect(recordedId).toMatch(UUID_PATTERN);
    // ...and after the rollback neither is.
    expect(await db().person.count({ where: { id: personId } })).toBe(0);
    expect(await db().platformEvent.count({ where: { id: recordedId } })).toBe(0);
    expect(await db().platformEvent.count({ where: { subject: personId } })).toBe(0);
    expect(await head()).toBe(from);
    expect((await api.get(`/platform/events/${recordedId}`)).status).toBe(404);
  });
});

describe("the log is append-only in the database", () => {
  it("refuses UPDATE of an event row", async () => {
    const person = await personWith({ n: 1 });
    const [row] = await numbered({ subject: person.id });
    if (!row) throw new Error("the person's event was not recorded");
    await expect(db().$executeRawUnsafe(`UPDATE platform_event SET type = 'tampered' WHERE id = $1::uuid`, row.id)).rejects.toThrow(
      /append-only/,
    );
    // Its position was given once, by the sequencer, and cannot be given again.
    await expect(
      db().$executeRawUnsafe(`UPDATE platform_event SET position = position + 1000 WHERE id = $1::uuid`, row.id),
    ).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`UPDATE platform_event SET data = NULL`)).rejects.toThrow(/append-only/);
    await expect(db().platformEvent.update({ where: { id: row.id }, data: { authid: "someone-else" } })).rejects.toThrow(/append-only/);
    expect(await db().platformEvent.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it("refuses DELETE of event rows", async () => {
    const person = await personWith({ n: 1 });
    const [row] = await numbered({ subject: person.id });
    if (!row) throw new Error("the person's event was not recorded");
    const total = await db().platformEvent.count();
    await expect(db().$executeRawUnsafe(`DELETE FROM platform_event WHERE id = $1::uuid`, row.id)).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`DELETE FROM platform_event`)).rejects.toThrow(/append-only/);
    await expect(db().platformEvent.deleteMany({ where: { subject: person.id } })).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`TRUNCATE platform_event`)).rejects.toThrow(/append-only/);
    expect(await db().platformEvent.count()).toBe(total);
    expect(await db().platformEvent.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it("still accepts new events after the refusals", async () => {
    const { events } = await recorded(() => api.post("/persons", { after: "refusals" }));
    expect(events).toHaveLength(1);
  });
});
