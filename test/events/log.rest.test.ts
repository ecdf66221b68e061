// The platform event log over real HTTP against PostgreSQL (SPEC §2.2, §4 list conventions, §4.1, §6, §7;
// events.md §1, §5; resources.md §1–2): GET /platform/events with every filter, q, sort and paging,
// GET /platform/events/{id}, and POST /platform/events with its validation.
//
// The log is seeded once: real domain changes through REST (some with traceparent and caller headers,
// so their events carry a known trace id and actor) and a few events POSTed with fixed times in 2001,
// in scrambled order, so that ordering and the time-range boundaries can be checked exactly. The GET
// tests run first and assert exact result sets; the POST tests that follow add events of their own.
import { bearer } from "../support/auth";
import type { PlatformEvent } from "@pap/events";
import { randomUUID } from "node:crypto";
import { useTestPlatform } from "../support/platform";
import { useSetting } from "../support/settings";
import {
  detailFields,
  expectErrorEnvelope,
  expectListEnvelope,
  ISO_DATE_TIME,
  listPath,
  MISSING_ID,
  UUID_PATTERN,
} from "../support/expectations";
import { newTraceId, traceparentFor } from "../support/trace-context";

// No appointment reminders: the seeded log holds the changes this file makes, not the timers a booking sets.
useSetting("APPOINTMENT_REMINDER_OFFSETS", "none");
const { api, url } = useTestPlatform("events_rest");

const EVENTS = "/platform/events";

/** An event as REST returns it (data typed loosely, for reading fields in assertions). */
type Event = Omit<PlatformEvent, "data"> & { data?: any };

/** A complete, valid envelope for POST /platform/events. */
function envelope(overrides: Partial<Event> = {}): Event {
  return {
    id: randomUUID(),
    specversion: "1.0",
    type: "persons.person.updated",
    source: "/persons",
    subject: randomUUID(),
    time: "2030-06-01T12:00:00.000Z",
    datacontenttype: "application/json",
    data: { changes: [{ field: "nickname", before: null, after: "Kit" }] },
    ...overrides,
  };
}

const trace = {
  personCreated: newTraceId(),
  personUpdated: newTraceId(),
  caseCreated: newTraceId(),
  booking: newTraceId(),
  posted: newTraceId(),
};

/** Ids of what the seed created. */
const seeded = {
  p1: "",
  p2: "",
  c1: "",
  a1: "",
  oldSubject1: randomUUID(),
  oldSubject2: randomUUID(),
};

/** The events POSTed with times in 2001 (their ids are fixed before posting). */
const old = {
  a: envelope({
    type: "persons.person.created",
    source: "/persons",
    subject: seeded.oldSubject1,
    time: "2001-02-03T04:05:06.000Z",
    data: { note: "a" },
  }),
  d: envelope({
    type: "persons.person.deleted",
    source: "/persons",
    subject: seeded.oldSubject2,
    time: "2001-02-03T04:05:06.500Z",
    data: undefined,
  }),
  b: envelope({
    type: "case_management.case.updated",
    source: "/case-management",
    subject: seeded.oldSubject1,
    time: "2001-02-03T04:05:07.000Z",
    traceparent: traceparentFor(trace.posted),
    data: { changes: [] },
  }),
  c: envelope({
    type: "scheduling.appointment.scheduled",
    source: "/scheduling",
    subject: seeded.oldSubject2,
    time: "2001-02-03T04:05:08.000Z",
    traceparent: traceparentFor(trace.posted),
    authid: "auditor-7",
    authtype: "user",
    data: { appointmentId: seeded.oldSubject2, scheduledAt: "2001-03-01T10:00:00.000Z" },
  }),
};
delete old.d.data;

/** The case worker of the seed: their events carry their user id. */
const ADMIN_ID = "00000000-0000-4000-8000-00000000ad01";
const caseWorker = () => bearer(["case_worker"], { sub: "idp|cw-1001", userId: "cw-1001" });

/** Number of events the seed writes: 7 from domain changes, 4 posted. */
const SEEDED_TOTAL = 11;

async function seedCall(method: string, path: string, body: unknown, headers: Record<string, string> = {}, expected = 201) {
  const response = await api.raw(method, path, body, headers);
  if (response.status !== expected)
    throw new Error(`seeding ${method} ${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  // Domain changes, one after the other so their times follow this order.
  seeded.p1 = (
    await seedCall(
      "POST",
      "/persons",
      { name: { firstName: "Ada", lastName: "Lovelace" } },
      {
        traceparent: traceparentFor(trace.personCreated),
        ...(await caseWorker()),
      },
    )
  ).id;
  await seedCall(
    "PATCH",
    `/persons/${seeded.p1}`,
    { nickname: "Countess" },
    { traceparent: traceparentFor(trace.personUpdated), ...(await caseWorker()) },
    200,
  );
  seeded.p2 = (await seedCall("POST", "/persons", { name: { firstName: "Charles", lastName: "Babbage" } })).id;
  seeded.c1 = (
    await seedCall(
      "POST",
      "/case-management/cases",
      { primaryApplicantId: seeded.p1, members: [{ personId: seeded.p1, relationship: "self" }] },
      {
        traceparent: traceparentFor(trace.caseCreated),
        ...(await bearer(["system"], { sub: "svc-intake", userId: "svc-intake" })),
      },
    )
  ).id;
  seeded.a1 = (
    await seedCall(
      "POST",
      "/scheduling/appointments",
      { startAt: "2031-01-06T15:00:00.000Z", endAt: "2031-01-06T15:30:00.000Z", appointmentType: "Interview", personId: seeded.p1 },
      { traceparent: traceparentFor(trace.booking) },
    )
  ).id;
  await seedCall("DELETE", `/persons/${seeded.p2}`, undefined, {}, 204);

  // Events produced elsewhere, posted out of time order.
  for (const event of [old.c, old.a, old.d, old.b]) await seedCall("POST", EVENTS, event);
});

/** A list response's items (fails with the body shown on anything but 200). */
async function list(
  params: Record<string, string | number | undefined>,
): Promise<{ items: Event[]; total: number; limit: number; offset: number; hasNext: boolean }> {
  const response = await api.get(listPath(EVENTS, params));
  if (response.status !== 200) throw new Error(`GET ${listPath(EVENTS, params)}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const ids = (items: Event[]) => items.map((item) => item.id);
const typesAndSubjects = (items: Event[]) => items.map((item) => `${item.type} ${item.subject}`).sort();

/** Every seeded event, in the default order. */
async function everything(): Promise<Event[]> {
  const page = await list({ limit: 100 });
  expect(page.total).toBe(SEEDED_TOTAL);
  return page.items;
}

describe("GET /platform/events: the seeded log", () => {
  it("holds exactly the events of the seeded changes and the posted events, each a complete envelope", async () => {
    const items = await everything();
    expect(typesAndSubjects(items)).toEqual(
      [
        `persons.person.created ${seeded.p1}`,
        `persons.person.updated ${seeded.p1}`,
        `persons.person.created ${seeded.p2}`,
        `persons.person.deleted ${seeded.p2}`,
        `case_management.case.created ${seeded.c1}`,
        `scheduling.appointment.created ${seeded.a1}`,
        `scheduling.appointment.scheduled ${seeded.a1}`,
        `persons.person.created ${seeded.oldSubject1}`,
        `case_management.case.updated ${seeded.oldSubject1}`,
        `persons.person.deleted ${seeded.oldSubject2}`,
        `scheduling.appointment.scheduled ${seeded.oldSubject2}`,
      ].sort(),
    );
    for (const item of items) {
      expect(item).toEqual(
        expect.objectContaining({
          id: expect.stringMatching(UUID_PATTERN),
          specversion: "1.0",
          datacontenttype: "application/json",
          subject: expect.stringMatching(UUID_PATTERN),
        }),
      );
      expect(item.time).toMatch(ISO_DATE_TIME);
      // CloudEvents' JSON format leaves absent attributes out rather than writing null.
      expect(Object.values(item)).not.toContain(null);
    }
  });

  it("lists oldest first by default", async () => {
    const items = await everything();
    expect(ids(items.slice(0, 4))).toEqual([old.a.id, old.d.id, old.b.id, old.c.id]);
    for (let i = 1; i < items.length; i++) {
      expect(Date.parse(items[i - 1]!.time)).toBeLessThanOrEqual(Date.parse(items[i]!.time));
    }
  });

  it("returns the default list envelope: limit 25, offset 0, hasNext false when all fit", async () => {
    const items = expectListEnvelope(await api.get(EVENTS), { total: SEEDED_TOTAL, limit: 25, offset: 0, hasNext: false });
    expect(items).toHaveLength(SEEDED_TOTAL);
  });

  it("echoes posted events exactly, and domain events with their caller and trace", async () => {
    const byId = new Map((await everything()).map((item) => [item.id, item]));
    for (const event of Object.values(old)) expect(byId.get(event.id)).toEqual(event);
    const bySubjectType = new Map([...byId.values()].map((item) => [`${item.type} ${item.subject}`, item]));
    const p1Created = bySubjectType.get(`persons.person.created ${seeded.p1}`)!;
    expect(p1Created).toEqual(expect.objectContaining({ source: "/persons", authid: "cw-1001", authtype: "user" }));
    expect(p1Created.traceparent?.slice(3, 35)).toBe(trace.personCreated);
    const caseCreated = bySubjectType.get(`case_management.case.created ${seeded.c1}`)!;
    expect(caseCreated).toEqual(expect.objectContaining({ source: "/case-management", authid: "svc-intake", authtype: "service_account" }));
    // Made with the test helpers' default token: a state administrator.
    const p2Created = bySubjectType.get(`persons.person.created ${seeded.p2}`)!;
    expect(p2Created).toEqual(expect.objectContaining({ authid: ADMIN_ID, authtype: "user" }));
  });
});

describe("GET /platform/events filters", () => {
  it("type: an exact type matches only that type", async () => {
    const page = await list({ type: "persons.person.created", limit: 100 });
    expect(page.total).toBe(3);
    expect(typesAndSubjects(page.items)).toEqual(
      [`persons.person.created ${seeded.p1}`, `persons.person.created ${seeded.p2}`, `persons.person.created ${seeded.oldSubject1}`].sort(),
    );
  });

  it("type: an exact type does not match as a prefix", async () => {
    expect((await list({ type: "persons.person" })).total).toBe(0);
    expect((await list({ type: "persons" })).total).toBe(0);
  });

  it("type: a trailing '*' matches every type with that prefix", async () => {
    const page = await list({ type: "persons.*", limit: 100 });
    expect(page.total).toBe(6);
    expect(page.items.every((item) => item.type.startsWith("persons."))).toBe(true);
    const scheduling = await list({ type: "scheduling.appointment.*", limit: 100 });
    expect(typesAndSubjects(scheduling.items)).toEqual(
      [
        `scheduling.appointment.created ${seeded.a1}`,
        `scheduling.appointment.scheduled ${seeded.a1}`,
        `scheduling.appointment.scheduled ${seeded.oldSubject2}`,
      ].sort(),
    );
    expect((await list({ type: "case_management.*" })).total).toBe(2);
    expect((await list({ type: "intake.*" })).total).toBe(0);
  });

  it("type: '%' and '_' in a prefix are literal characters, not SQL wildcards", async () => {
    expect((await list({ type: "%*" })).total).toBe(0);
    expect((await list({ type: "_*" })).total).toBe(0);
    expect((await list({ type: "persons_person*" })).total).toBe(0);
  });

  it("q treats '%' and '_' literally as well", async () => {
    expect((await list({ q: "type:%*" })).total).toBe(0);
    expect((await list({ q: "type:_*" })).total).toBe(0);
  });

  it("source: the producing domain's base path, exactly", async () => {
    const page = await list({ source: "/scheduling", limit: 100 });
    expect(page.total).toBe(3);
    expect(page.items.every((item) => item.source === "/scheduling")).toBe(true);
    expect((await list({ source: "/case-management" })).total).toBe(2);
    expect((await list({ source: "/persons" })).total).toBe(6);
    expect((await list({ source: "/person" })).total).toBe(0);
    expect((await list({ source: "/nowhere" })).total).toBe(0);
  });

  it("subject: the events of one entity, whatever the case of the uuid", async () => {
    const page = await list({ subject: seeded.p1 });
    expect(page.items.map((item) => item.type)).toEqual(["persons.person.created", "persons.person.updated"]);
    expect(ids((await list({ subject: seeded.p1.toUpperCase() })).items)).toEqual(ids(page.items));
    expect(ids((await list({ subject: seeded.oldSubject1 })).items)).toEqual([old.a.id, old.b.id]);
    expect((await list({ subject: MISSING_ID })).total).toBe(0);
  });

  it("traceid: the events of one causal chain (domain events of one request share it)", async () => {
    expect(ids((await list({ traceid: trace.posted })).items)).toEqual([old.b.id, old.c.id]);
    expect(ids((await list({ traceid: trace.posted.toUpperCase() })).items)).toEqual([old.b.id, old.c.id]);
    const booking = await list({ traceid: trace.booking });
    expect(booking.items.map((item) => `${item.type} ${item.subject}`).sort()).toEqual(
      [`scheduling.appointment.created ${seeded.a1}`, `scheduling.appointment.scheduled ${seeded.a1}`].sort(),
    );
    expect((await list({ traceid: trace.personUpdated })).items.map((item) => item.type)).toEqual(["persons.person.updated"]);
    expect((await list({ traceid: newTraceId() })).total).toBe(0);
  });

  it("start and end are inclusive at their exact boundaries", async () => {
    expect(ids((await list({ start: old.a.time, end: old.a.time })).items)).toEqual([old.a.id]);
    expect(ids((await list({ start: old.d.time, end: old.b.time })).items)).toEqual([old.d.id, old.b.id]);
    expect(ids((await list({ start: "2001-02-03T04:05:06.001Z", end: "2001-02-03T04:05:07.999Z" })).items)).toEqual([old.d.id, old.b.id]);
    expect(ids((await list({ start: "2001-01-01T00:00:00.000Z", end: "2001-02-03T04:05:06.499Z" })).items)).toEqual([old.a.id]);
    expect((await list({ start: "2001-02-03T04:05:08.001Z", end: "2001-12-31T23:59:59.999Z" })).total).toBe(0);
  });

  it("start alone and end alone bound one side only", async () => {
    expect(ids((await list({ end: old.d.time })).items)).toEqual([old.a.id, old.d.id]);
    const fromC = await list({ start: old.c.time, limit: 100 });
    expect(fromC.total).toBe(SEEDED_TOTAL - 3);
    expect(fromC.items[0]!.id).toBe(old.c.id);
    const recent = await list({ start: "2002-01-01T00:00:00Z", limit: 100 });
    expect(recent.total).toBe(7);
    expect(recent.items.some((item) => Object.values(old).some((event) => event.id === item.id))).toBe(false);
  });

  it("start and end accept a date alone and a time-zone offset", async () => {
    expect(ids((await list({ start: "2001-02-03", end: "2001-02-04" })).items)).toEqual([old.a.id, old.d.id, old.b.id, old.c.id]);
    // 06:05:07+02:00 is 04:05:07Z, the time of old.b.
    expect(ids((await list({ start: "2001-02-03T06:05:07.000+02:00", end: "2001-02-03T06:05:07+02:00" })).items)).toEqual([old.b.id]);
  });

  it("combines filters with AND", async () => {
    const one = await list({ type: "persons.*", subject: seeded.p1, traceid: trace.personUpdated, source: "/persons" });
    expect(one.items.map((item) => `${item.type} ${item.subject}`)).toEqual([`persons.person.updated ${seeded.p1}`]);
    expect(ids((await list({ source: "/persons", start: "2001-01-01", end: "2001-12-31" })).items)).toEqual([old.a.id, old.d.id]);
    expect(ids((await list({ type: "persons.*", end: "2001-12-31" })).items)).toEqual([old.a.id, old.d.id]);
    expect(ids((await list({ subject: seeded.oldSubject1, type: "case_management.case.updated" })).items)).toEqual([old.b.id]);
    expect((await list({ type: "scheduling.*", source: "/persons" })).total).toBe(0);
    expect((await list({ subject: seeded.p1, traceid: trace.booking })).total).toBe(0);
  });

  it("filters total, not just the page", async () => {
    expectListEnvelope(await api.get(listPath(EVENTS, { type: "persons.*", limit: 2 })), { total: 6, limit: 2, offset: 0, hasNext: true });
  });
});

describe("GET /platform/events q", () => {
  it("type:persons* is a starts-with match on type", async () => {
    const byQ = await list({ q: "type:persons*", limit: 100 });
    expect(byQ.total).toBe(6);
    expect(ids(byQ.items)).toEqual(ids((await list({ type: "persons.*", limit: 100 })).items));
  });

  it("authid: finds the events of one caller", async () => {
    const page = await list({ q: "authid:cw-1001" });
    expect(page.items.map((item) => `${item.type} ${item.subject}`)).toEqual([
      `persons.person.created ${seeded.p1}`,
      `persons.person.updated ${seeded.p1}`,
    ]);
    expect(ids((await list({ q: "authid:auditor-7" })).items)).toEqual([old.c.id]);
    expect((await list({ q: "authid:nobody" })).total).toBe(0);
  });

  it("authtype, ends-with, negation and existence", async () => {
    expect((await list({ q: "authtype:service_account" })).items.map((item) => item.subject)).toEqual([seeded.c1]);
    const deleted = await list({ q: "type:*deleted" });
    expect(typesAndSubjects(deleted.items)).toEqual(
      [`persons.person.deleted ${seeded.oldSubject2}`, `persons.person.deleted ${seeded.p2}`].sort(),
    );
    // Every domain change has its caller; of the posted events, one names an actor.
    expect((await list({ q: "authid:*" })).total).toBe(8);
    expect((await list({ q: "-authid:*" })).total).toBe(SEEDED_TOTAL - 8);
    expect((await list({ q: "type:persons* -type:*deleted" })).total).toBe(4);
  });

  it("a bare term searches type and source", async () => {
    const page = await list({ q: "scheduled" });
    expect(typesAndSubjects(page.items)).toEqual(
      [`scheduling.appointment.scheduled ${seeded.a1}`, `scheduling.appointment.scheduled ${seeded.oldSubject2}`].sort(),
    );
    expect((await list({ q: "case-management" })).total).toBe(2);
  });

  it("combines with the filters", async () => {
    expect(ids((await list({ q: "authid:*", end: "2001-12-31" })).items)).toEqual([old.c.id]);
  });

  it("answers 400 for a malformed q", async () => {
    expectErrorEnvelope(await api.get(listPath(EVENTS, { q: 'type:"unclosed' })), 400, "INVALID_QUERY");
    expectErrorEnvelope(await api.get(listPath(EVENTS, { q: "nosuchfield:x" })), 400, "INVALID_QUERY");
  });
});

describe("GET /platform/events sort", () => {
  const nonDecreasing = (values: string[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value);

  it("sort=time is the default order", async () => {
    expect(ids((await list({ sort: "time", limit: 100 })).items)).toEqual(ids(await everything()));
  });

  it("sort=-time is newest first", async () => {
    const items = (await list({ sort: "-time", limit: 100 })).items;
    expect(items).toHaveLength(SEEDED_TOTAL);
    const times = items.map((item) => Date.parse(item.time));
    expect(times.every((time, i) => i === 0 || times[i - 1]! >= time)).toBe(true);
    expect(ids(items.slice(-4))).toEqual([old.c.id, old.b.id, old.d.id, old.a.id]);
  });

  it("sort=type orders by type, ties by id", async () => {
    const items = (await list({ sort: "type", limit: 100 })).items;
    expect(items).toHaveLength(SEEDED_TOTAL);
    expect(nonDecreasing(items.map((item) => item.type))).toBe(true);
    expect(items[0]!.type).toBe("case_management.case.created");
    expect(items.at(-1)!.type).toBe("scheduling.appointment.scheduled");
    for (let i = 1; i < items.length; i++) if (items[i - 1]!.type === items[i]!.type) expect(items[i - 1]!.id < items[i]!.id).toBe(true);
    const descending = (await list({ sort: "-type", limit: 100 })).items.map((item) => item.type);
    expect(descending[0]).toBe("scheduling.appointment.scheduled");
    expect(nonDecreasing([...descending].reverse())).toBe(true);
  });

  it("sort=source,-time orders by source, then newest first within a source", async () => {
    const items = (await list({ sort: "source,-time", limit: 100 })).items;
    expect(items.map((item) => item.source)).toEqual([
      ...Array(2).fill("/case-management"),
      ...Array(6).fill("/persons"),
      ...Array(3).fill("/scheduling"),
    ]);
    for (let i = 1; i < items.length; i++) {
      if (items[i - 1]!.source === items[i]!.source)
        expect(Date.parse(items[i - 1]!.time)).toBeGreaterThanOrEqual(Date.parse(items[i]!.time));
    }
    expect(items.slice(0, 2).map((item) => item.id)).toEqual([ids((await list({ source: "/case-management" })).items)[1], old.b.id]);
  });

  it.each(["subject", "id", "specversion", "authid", "-traceparent", "data"])(
    "sort=%s (a field of the event that is not sortable) is 400 FIELD_NOT_SORTABLE",
    async (sort) => {
      const body = expectErrorEnvelope(await api.get(listPath(EVENTS, { sort })), 400, "FIELD_NOT_SORTABLE");
      expect(detailFields(body)).toEqual(["sort"]);
    },
  );

  it.each(["bogus", "-createdAt", "time,nosuch", "name.lastName"])(
    "sort=%s (not a field of the event) is 400 INVALID_SORT_FIELD",
    async (sort) => {
      const body = expectErrorEnvelope(await api.get(listPath(EVENTS, { sort })), 400, "INVALID_SORT_FIELD");
      expect(detailFields(body)).toEqual(["sort"]);
    },
  );
});

describe("GET /platform/events paging", () => {
  it("walks the log page by page with limit/offset/hasNext/total, without gaps or repeats", async () => {
    const all = ids(await everything());
    const first = expectListEnvelope(await api.get(listPath(EVENTS, { limit: 4 })), {
      total: SEEDED_TOTAL,
      limit: 4,
      offset: 0,
      hasNext: true,
    });
    const second = expectListEnvelope(await api.get(listPath(EVENTS, { limit: 4, offset: 4 })), {
      total: SEEDED_TOTAL,
      limit: 4,
      offset: 4,
      hasNext: true,
    });
    const third = expectListEnvelope(await api.get(listPath(EVENTS, { limit: 4, offset: 8 })), {
      total: SEEDED_TOTAL,
      limit: 4,
      offset: 8,
      hasNext: false,
    });
    expect(third).toHaveLength(3);
    expect([...first, ...second, ...third].map((item) => item.id)).toEqual(all);
  });

  it("an offset at or past the end gives an empty page", async () => {
    expect(
      expectListEnvelope(await api.get(listPath(EVENTS, { offset: SEEDED_TOTAL })), {
        total: SEEDED_TOTAL,
        limit: 25,
        offset: SEEDED_TOTAL,
        hasNext: false,
      }),
    ).toEqual([]);
    expect(
      expectListEnvelope(await api.get(listPath(EVENTS, { offset: 500, limit: 1 })), {
        total: SEEDED_TOTAL,
        limit: 1,
        offset: 500,
        hasNext: false,
      }),
    ).toEqual([]);
  });

  it("accepts the limit bounds 1 and 100", async () => {
    expect(
      expectListEnvelope(await api.get(listPath(EVENTS, { limit: 1 })), { total: SEEDED_TOTAL, limit: 1, offset: 0, hasNext: true }),
    ).toHaveLength(1);
    expect(
      expectListEnvelope(await api.get(listPath(EVENTS, { limit: 100 })), { total: SEEDED_TOTAL, limit: 100, offset: 0, hasNext: false }),
    ).toHaveLength(SEEDED_TOTAL);
  });

  it("pages filtered results too", async () => {
    const page = expectListEnvelope(await api.get(listPath(EVENTS, { type: "persons.*", limit: 2, offset: 4 })), {
      total: 6,
      limit: 2,
      offset: 4,
      hasNext: false,
    });
    expect(page).toHaveLength(2);
  });
});

describe("GET /platform/events malformed parameters: 400 with the error envelope naming the parameter", () => {
  it.each<[string, Record<string, string>, string]>([
    ["a subject that is not a uuid", { subject: "not-a-uuid" }, "subject"],
    ["a subject with SQL in it", { subject: "' OR 1=1 --" }, "subject"],
    ["a traceid that is not hex", { traceid: "zz".repeat(16) }, "traceid"],
    ["a traceid of the wrong length", { traceid: "abc123" }, "traceid"],
    ["an all-zero traceid", { traceid: "0".repeat(32) }, "traceid"],
    ["a whole traceparent as traceid", { traceid: traceparentFor(newTraceId()) }, "traceid"],
    ["a start that is not a date", { start: "yesterday" }, "start"],
    ["a start that is a bare number", { start: "1" }, "start"],
    ["a start with month 13", { start: "2001-13-01T00:00:00Z" }, "start"],
    ["a start with hour 25", { start: "2001-02-03T25:00:00Z" }, "start"],
    ["a start on February 30", { start: "2001-02-30T00:00:00Z" }, "start"],
    ["an end in US date format", { end: "02/03/2001" }, "end"],
    ["an end that is not a date", { end: "soon" }, "end"],
    ["a start after the end", { start: "2001-02-04T00:00:00Z", end: "2001-02-03T00:00:00Z" }, "start"],
    ["limit 0", { limit: "0" }, "limit"],
    ["limit 101", { limit: "101" }, "limit"],
    ["a limit that is not a number", { limit: "ten" }, "limit"],
    ["a fractional limit", { limit: "2.5" }, "limit"],
    ["a negative offset", { offset: "-1" }, "offset"],
    ["an offset that is not a number", { offset: "x" }, "offset"],
  ])("%s", async (_label, params, field) => {
    const body = expectErrorEnvelope(await api.get(listPath(EVENTS, params)), 400, "BAD_REQUEST");
    expect(detailFields(body)).toContain(field);
  });
});

describe("GET /platform/events/{eventId}", () => {
  it("returns one event with 200: the same envelope the list shows", async () => {
    const items = await everything();
    for (const item of items) {
      const response = await api.get(`${EVENTS}/${item.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.body).toEqual(item);
    }
  });

  it("finds an event by its id in upper case", async () => {
    const response = await api.get(`${EVENTS}/${old.b.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(old.b);
  });

  it("answers 404 NOT_FOUND for an unknown id", async () => {
    const body = expectErrorEnvelope(await api.get(`${EVENTS}/${MISSING_ID}`), 404, "NOT_FOUND");
    expect(body.message).toContain(MISSING_ID);
  });

  it("answers 404 NOT_FOUND (not 400 or 500) for an id that is not a uuid", async () => {
    expectErrorEnvelope(await api.get(`${EVENTS}/not-a-uuid`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${EVENTS}/12345`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${EVENTS}/${encodeURIComponent("' OR 1=1 --")}`), 404, "NOT_FOUND");
  });
});

describe("the log cannot be changed through the API", () => {
  it.each(["PATCH", "PUT", "DELETE"])("%s /platform/events/{eventId} is not a 2xx, and the event is unchanged", async (method) => {
    const before = (await api.get(`${EVENTS}/${old.a.id}`)).body;
    const response = await api.raw(
      method,
      `${EVENTS}/${old.a.id}`,
      method === "DELETE" ? undefined : { type: "persons.person.deleted", data: { hacked: true } },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await api.get(`${EVENTS}/${old.a.id}`)).body).toEqual(before);
  });

  it.each(["PUT", "DELETE", "PATCH"])("%s /platform/events is not a 2xx, and the log keeps every event", async (method) => {
    const response = await api.raw(method, EVENTS, method === "DELETE" ? undefined : [old.a]);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await list({ limit: 1 })).total).toBe(SEEDED_TOTAL);
  });
});

describe("POST /platform/events", () => {
  it("records an event: 201, a Location header, and the envelope echoed", async () => {
    const event = envelope({
      traceparent: traceparentFor(newTraceId()),
      causationid: old.a.id,
      authid: "svc-9",
      authtype: "service_account",
    });
    const response = await api.post(EVENTS, event);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual(event);
    expect(new URL(response.headers.get("location") ?? "", url()).toString()).toBe(`${url()}${EVENTS}/${event.id}`);
    expect((await api.get(`${EVENTS}/${event.id}`)).body).toEqual(event);
    expect(ids((await list({ subject: event.subject })).items)).toEqual([event.id]);
  });

  it("records an event without data or any optional attribute; nothing absent is written as null", async () => {
    const { data: _data, ...bare } = envelope({ type: "scheduling.appointment.deleted", source: "/scheduling" });
    const response = await api.post(EVENTS, bare);
    expect(response.status).toBe(201);
    expect(response.body).toEqual(bare);
    expect((await api.get(`${EVENTS}/${bare.id}`)).body).toEqual(bare);
  });

  it("stores a time given with an offset as the same instant", async () => {
    const event = envelope({ time: "2030-06-01T14:00:00.250+02:00" });
    const response = await api.post(EVENTS, event);
    expect(response.status).toBe(201);
    expect(Date.parse(response.body.time)).toBe(Date.parse("2030-06-01T12:00:00.250Z"));
    expect(ids((await list({ start: "2030-06-01T12:00:00.250Z", end: "2030-06-01T12:00:00.250Z" })).items)).toEqual([event.id]);
  });

  it("a posted event is found by the filters like any other (traceid from its traceparent)", async () => {
    const traceId = newTraceId();
    const event = envelope({
      type: "case_management.case.deleted",
      source: "/case-management",
      traceparent: traceparentFor(traceId),
      data: undefined,
    });
    delete event.data;
    expect((await api.post(EVENTS, event)).status).toBe(201);
    expect(ids((await list({ traceid: traceId })).items)).toEqual([event.id]);
    expect(ids((await list({ type: "case_management.case.deleted", subject: event.subject, source: "/case-management" })).items)).toEqual([
      event.id,
    ]);
  });

  describe("422 VALIDATION_ERROR naming the field, and nothing stored", () => {
    it.each(["type", "specversion", "id", "source", "subject", "time", "datacontenttype"])(
      "when the required attribute %s is missing",
      async (field) => {
        const event = envelope() as Record<string, unknown>;
        delete event[field];
        const body = expectErrorEnvelope(await api.post(EVENTS, event), 422, "VALIDATION_ERROR");
        expect(detailFields(body)).toContain(field);
        if (field !== "id") expect((await api.get(`${EVENTS}/${event.id}`)).status).toBe(404);
        if (field !== "subject") expect((await list({ subject: event.subject as string })).total).toBe(0);
      },
    );

    it("names every missing required attribute at once", async () => {
      const body = expectErrorEnvelope(await api.post(EVENTS, {}), 422, "VALIDATION_ERROR");
      expect(detailFields(body).sort()).toEqual(["datacontenttype", "id", "source", "specversion", "subject", "time", "type"]);
    });

    it.each<[string, Partial<Record<keyof Event, unknown>>, string]>([
      ["specversion 0.3", { specversion: "0.3" }, "specversion"],
      ["specversion as a number", { specversion: 1.0 }, "specversion"],
      ["datacontenttype text/plain", { datacontenttype: "text/plain" }, "datacontenttype"],
      ["datacontenttype application/xml", { datacontenttype: "application/xml" }, "datacontenttype"],
      ["an id that is not a uuid", { id: "event-1" }, "id"],
      ["a numeric id", { id: 42 }, "id"],
      ["a subject that is not a uuid", { subject: "person-1" }, "subject"],
      ["a time that is not a date-time", { time: "yesterday" }, "time"],
      ["a time without a time of day", { time: "2030-06-01" }, "time"],
      ["a time with month 13", { time: "2030-13-01T00:00:00Z" }, "time"],
      ["a time on February 30", { time: "2030-02-30T00:00:00Z" }, "time"],
      ["a traceparent that is not W3C", { traceparent: "abc" }, "traceparent"],
      ["a traceparent with an all-zero trace id", { traceparent: `00-${"0".repeat(32)}-${"1".repeat(16)}-01` }, "traceparent"],
      ["a traceparent in upper case", { traceparent: traceparentFor(newTraceId()).toUpperCase() }, "traceparent"],
      ["a causationid that is not a uuid", { causationid: "cause" }, "causationid"],
      ["an authtype outside the enumeration", { authid: "u-1", authtype: "robot" }, "authtype"],
      ["data that is not an object", { data: "text" }, "data"],
      ["data that is an array", { data: [1, 2] }, "data"],
      ["a type that is not a string", { type: 7 }, "type"],
      ["a source that is not a path", { source: "persons" }, "source"],
    ])("for %s", async (_label, change, field) => {
      const event = { ...envelope(), ...change };
      const body = expectErrorEnvelope(await api.post(EVENTS, event), 422, "VALIDATION_ERROR");
      expect(detailFields(body)).toContain(field);
      expect(
        (await list({ subject: typeof event.subject === "string" && UUID_PATTERN.test(event.subject) ? event.subject : MISSING_ID })).total,
      ).toBe(0);
    });

    it.each<[string, Partial<Event>]>([
      ["a persons type from /scheduling", { type: "persons.person.created", source: "/scheduling" }],
      ["a scheduling type from /persons", { type: "scheduling.appointment.scheduled", source: "/persons" }],
      ["a case type from /persons", { type: "case_management.case.updated", source: "/persons" }],
      ["an unknown action", { type: "persons.person.exploded", source: "/persons" }],
      ["an unknown domain", { type: "benefits.card.issued", source: "/benefits" }],
      ["a prefix of a declared type", { type: "persons.person", source: "/persons" }],
      ["a declared type with a wildcard", { type: "persons.*", source: "/persons" }],
      ["a declared type in another case", { type: "Persons.Person.Created", source: "/persons" }],
      ["a declared type from an unknown source", { type: "persons.person.created", source: "/people" }],
    ])("when the type is not declared for its source: %s", async (_label, change) => {
      const event = envelope(change);
      const body = expectErrorEnvelope(await api.post(EVENTS, event), 422, "VALIDATION_ERROR");
      expect(detailFields(body)).toContain("type");
      expect((await api.get(`${EVENTS}/${event.id}`)).status).toBe(404);
    });

    it("when authid is given without authtype", async () => {
      const event = envelope({ authid: "cw-1001" });
      const body = expectErrorEnvelope(await api.post(EVENTS, event), 422, "VALIDATION_ERROR");
      expect(detailFields(body)).toContain("authtype");
      expect((await api.get(`${EVENTS}/${event.id}`)).status).toBe(404);
      const withNull = envelope({ authid: "cw-1001", authtype: null as never });
      expect(detailFields(expectErrorEnvelope(await api.post(EVENTS, withNull), 422, "VALIDATION_ERROR"))).toContain("authtype");
      // With it, the same actor is accepted.
      const complete = envelope({ authid: "cw-1001", authtype: "user" });
      expect((await api.post(EVENTS, complete)).status).toBe(201);
    });

    it.each(["extension", "priority", "dataschema", "position"])("when it carries the unknown attribute %s", async (attribute) => {
      const event = { ...envelope(), [attribute]: "x" };
      const body = expectErrorEnvelope(await api.post(EVENTS, event), 422, "VALIDATION_ERROR");
      expect(detailFields(body)).toContain(attribute);
      expect((await api.get(`${EVENTS}/${event.id}`)).status).toBe(404);
    });
  });

  describe("400 BAD_REQUEST for a body that is not a JSON object", () => {
    it.each([
      ["an array", JSON.stringify([envelope()])],
      ["a string", '"event"'],
      ["a number", "42"],
      ["null", "null"],
      ["true", "true"],
    ])("%s", async (_label, body) => {
      const before = (await list({ limit: 1 })).total;
      expectErrorEnvelope(await api.post(EVENTS, body), 400, "BAD_REQUEST");
      expect((await list({ limit: 1 })).total).toBe(before);
    });

    it("invalid JSON", async () => {
      const before = (await list({ limit: 1 })).total;
      expectErrorEnvelope(await api.post(EVENTS, JSON.stringify(envelope()).slice(0, -3)), 400, "BAD_REQUEST");
      expectErrorEnvelope(await api.post(EVENTS, "{'id': 1}"), 400, "BAD_REQUEST");
      expect((await list({ limit: 1 })).total).toBe(before);
    });

    it("no body at all", async () => {
      expectErrorEnvelope(await api.post(EVENTS), 400, "BAD_REQUEST");
    });
  });

  describe("409 CONFLICT for an id already in the log", () => {
    it("refuses a second event with the same id and keeps the first", async () => {
      const first = envelope();
      expect((await api.post(EVENTS, first)).status).toBe(201);
      const second = envelope({ id: first.id, type: "persons.person.deleted", subject: randomUUID() });
      delete second.data;
      const body = expectErrorEnvelope(await api.post(EVENTS, second), 409, "CONFLICT");
      expect(detailFields(body)).toContain("id");
      expect((await api.get(`${EVENTS}/${first.id}`)).body).toEqual(first);
      expect((await list({ subject: second.subject })).total).toBe(0);
      expect(ids((await list({ subject: first.subject })).items)).toEqual([first.id]);
    });

    it("refuses a resend of the identical event, and the id given in upper case", async () => {
      const first = envelope();
      expect((await api.post(EVENTS, first)).status).toBe(201);
      expectErrorEnvelope(await api.post(EVENTS, first), 409, "CONFLICT");
      expectErrorEnvelope(await api.post(EVENTS, { ...first, id: first.id.toUpperCase() }), 409, "CONFLICT");
      expect((await list({ subject: first.subject })).total).toBe(1);
    });

    it("stores exactly one of several concurrent posts of the same id; the others get 409 (not 500)", async () => {
      // Several rounds: the race between the duplicate check and the insert does not show every time.
      for (let round = 0; round < 3; round++) {
        const event = envelope();
        const responses = await Promise.all(Array.from({ length: 8 }, () => api.post(EVENTS, event)));
        const statuses = responses.map((response) => response.status).sort();
        expect(statuses).toEqual([201, ...Array(7).fill(409)]);
        for (const response of responses.filter((r) => r.status === 409)) expectErrorEnvelope(response, 409, "CONFLICT");
        expect((await list({ subject: event.subject })).total).toBe(1);
      }
    });
  });
});
