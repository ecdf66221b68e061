// The list conventions of SPEC §4 (q, sort, limit/offset, envelope) end to end: a known data set is
// seeded through the REST API, and every query form is checked against it in SQL over HTTP.
import { randomUUID } from "node:crypto";
import type { RunningPlatform } from "@pap/gateway";
import { httpClient, startTestPlatform } from "../support/platform";
import { detailFields, expectErrorEnvelope, expectListEnvelope, listPath } from "../support/expectations";
import { created } from "../support/creators";

let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;

const PERSONS = "/persons";
const CASES = "/case-management/cases";
const APPOINTMENTS = "/scheduling/appointments";

/** Seeded records by their test name; ids come from the server. */
const person: Record<string, string> = {};
const kase: Record<string, string> = {};
const appointment: Record<string, string> = {};
const worker = { w1: randomUUID(), w2: randomUUID() };

/** The id of a record created for the data set. */
const create = async (path: string, body: unknown, client = api): Promise<string> => (await created(client, path, body)).id;

beforeAll(async () => {
  platform = await startTestPlatform("list_query");
  api = httpClient(platform.url);

  // Sequential, so createdAt/updatedAt follow this order.
  person.maria = await create(PERSONS, {
    name: { firstName: "Maria", lastName: "Garcia" },
    email: "maria.garcia@example.org",
    address: { city: "Springfield", state: "IL" },
  });
  person.marco = await create(PERSONS, {
    name: { firstName: "Marco", lastName: "Polo" },
    email: "MARCO@Example.com",
    address: { city: "Shelbyville" },
  });
  person.ann = await create(PERSONS, { name: { firstName: "Ann", lastName: "Garcia" }, address: { city: "New Springfield" } });
  person.bob = await create(PERSONS, {
    name: { firstName: "Bob", lastName: "Smith" },
    email: "bob@example.org",
    address: { city: "Capital City" },
    note: "lives with van der Berg family",
  });
  person.zoe = await create(PERSONS, { name: { firstName: "Zoe", lastName: "Anders" }, nickname: "Ziggy" });
  // Touch Marco last: the default person sort is most recently updated first.
  expect((await api.patch(`${PERSONS}/${person.marco}`, { verified: true })).status).toBe(200);

  kase.c1 = await create(CASES, {
    status: "active",
    effectiveStartDate: "2025-01-15",
    primaryApplicantId: person.maria,
    members: [
      { personId: person.maria, relationship: "self" },
      { personId: person.marco, relationship: "spouse" },
    ],
    assignedToId: worker.w1,
  });
  kase.c2 = await create(CASES, {
    status: "closed",
    effectiveStartDate: "2024-06-01",
    effectiveEndDate: "2024-12-31",
    primaryApplicantId: person.ann,
    members: [
      { personId: person.ann, relationship: "self" },
      { personId: person.bob, relationship: "child" },
    ],
  });
  kase.c3 = await create(CASES, {
    effectiveStartDate: "2026-03-01",
    primaryApplicantId: person.bob,
    members: [{ personId: person.bob, relationship: "self" }],
    assignedToId: worker.w2,
  });
  kase.c4 = await create(CASES, { primaryApplicantId: person.zoe });

  const slot = (start: string, minutes = 30) => ({ startAt: start, endAt: new Date(Date.parse(start) + minutes * 60_000).toISOString() });
  appointment.a1 = await create(APPOINTMENTS, {
    ...slot("2026-04-01T09:00:00Z"),
    appointmentType: "Intake interview",
    status: "scheduled",
    personId: person.maria,
    notes: "Bring ID documents",
  });
  appointment.a2 = await create(APPOINTMENTS, {
    ...slot("2026-04-01T13:30:00Z"),
    appointmentType: "Recertification",
    status: "completed",
    personId: person.marco,
  });
  appointment.a3 = await create(APPOINTMENTS, {
    ...slot("2026-04-02T08:00:00Z"),
    appointmentType: "Intake follow-up",
    status: "canceled",
    personId: person.maria,
  });
  appointment.a4 = await create(APPOINTMENTS, {
    ...slot("2026-03-31T15:00:00Z"),
    appointmentType: "Home visit",
    status: "no_show",
    personId: person.ann,
    notes: "gate code 1234",
  });
  appointment.a5 = await create(APPOINTMENTS, {
    ...slot("2026-04-03T10:00:00Z"),
    appointmentType: "Recertification",
    status: "scheduled",
    personId: person.bob,
    assignedToId: worker.w1,
  });
});

afterAll(async () => {
  await platform?.close();
});

/** Ids of the items a list request returns, in order (fails on a non-200 with the body shown). */
async function listIds(path: string, params: Record<string, string | number | undefined> = {}): Promise<string[]> {
  const response = await api.get(listPath(path, { limit: 100, ...params }));
  if (response.status !== 200) throw new Error(`${listPath(path, params)} → ${response.status} ${JSON.stringify(response.body)}`);
  expect(response.body.total).toBe(response.body.items.length);
  return response.body.items.map((item: { id: string }) => item.id);
}

const names = (table: Record<string, string>, keys: string[]) => keys.map((key) => table[key]);
/** Same members regardless of order. */
const sameSet = (ids: string[], expected: (string | undefined)[]) => expect([...ids].sort()).toEqual([...expected].sort());

describe("q on /persons (free-form JSON record)", () => {
  it.each([
    ["bare term: contains, case-insensitive, over first and last name", "garcia", ["maria", "ann"]],
    ["bare term matches the first name too", "BOB", ["bob"]],
    ["term*: starts with", "mar*", ["maria", "marco"]],
    ["*term: ends with", "*ith", ["bob"]],
    ["field:value: case-insensitive contains on a free-form field", "email:EXAMPLE.ORG", ["maria", "bob"]],
    ["field:value*: starts with", "email:maria*", ["maria"]],
    ["field:*value: ends with", "email:*.com", ["marco"]],
    ['field:"quoted value" with spaces', 'note:"van der berg"', ["bob"]],
    ["nested name.lastName", "name.lastName:garcia", ["maria", "ann"]],
    ["nested name.firstName with a wildcard", "name.firstName:mar*", ["maria", "marco"]],
    ["an arbitrary nested field", "address.city:springfield", ["maria", "ann"]],
    ["an arbitrary nested field, starts with", "address.city:spring*", ["maria"]],
    ["an arbitrary nested field, quoted", 'address.city:"new spring"', ["ann"]],
    ["any-of", "name.lastName:polo,smith", ["marco", "bob"]],
    ["negation keeps records where the field is absent", "-address.city:spring", ["marco", "bob", "zoe"]],
    ["field exists", "email:*", ["maria", "marco", "bob"]],
    ["field absent", "-email:*", ["ann", "zoe"]],
    ["nested field exists", "address.city:*", ["maria", "marco", "ann", "bob"]],
    ["a boolean written by a patch", "verified:true", ["marco"]],
    ["conditions are ANDed", "garcia address.city:new", ["ann"]],
    ["three conditions ANDed", "email:* -name.firstName:marco address.city:*", ["maria", "bob"]],
    ["a term nobody matches", "nobody", []],
  ])("%s: q=%s", async (_label, q, expected) => {
    sameSet(await listIds(PERSONS, { q }), names(person, expected));
  });

  it("treats % and _ in a value literally, not as SQL wildcards", async () => {
    expect(await listIds(PERSONS, { q: "email:%" })).toEqual([]);
    expect(await listIds(PERSONS, { q: "name.lastName:_" })).toEqual([]);
  });
});

describe("q on /case-management/cases", () => {
  it.each([
    ["enum field", "status:closed", ["c2"]],
    ["negated enum field", "-status:closed", ["c1", "c3", "c4"]],
    ["bare term searches member relationships", "spouse", ["c1"]],
    ["nested relation field with a wildcard", "members.relationship:chi*", ["c2"]],
    ["date >", "effectiveStartDate:>2025-01-15", ["c3"]],
    ["date >=", "effectiveStartDate:>=2025-01-15", ["c1", "c3"]],
    ["date <", "effectiveStartDate:<2025-01-15", ["c2"]],
    ["date <=", "effectiveStartDate:<=2025-01-15", ["c1", "c2"]],
    ["date equality", "effectiveEndDate:2024-12-31", ["c2"]],
    ["field exists (nullable uuid)", "assignedToId:*", ["c1", "c3"]],
    ["field absent (nullable uuid)", "-assignedToId:*", ["c2", "c4"]],
    ["date field absent", "-effectiveStartDate:*", ["c4"]],
    ["uuid equality", `assignedToId:${worker.w1}`, ["c1"]],
    ["uuid any-of", `assignedToId:${worker.w1},${worker.w2}`, ["c1", "c3"]],
    ["negated uuid keeps unassigned cases", `-assignedToId:${worker.w1}`, ["c2", "c3", "c4"]],
    ["several conditions ANDed", `status:active effectiveStartDate:>=2025-01-01 assignedToId:*`, ["c1", "c3"]],
  ])("%s: q=%s", async (_label, q, expected) => {
    sameSet(await listIds(CASES, { q }), names(kase, expected));
  });

  it("members.personId:<uuid> finds the cases a person is a member of", async () => {
    sameSet(await listIds(CASES, { q: `members.personId:${person.bob}` }), [kase.c2, kase.c3]);
    sameSet(await listIds(CASES, { q: `members.personId:${person.marco}` }), [kase.c1]);
    sameSet(await listIds(CASES, { q: `members.personId:${person.zoe}` }), []);
  });

  it("-members.personId:<uuid> finds the cases the person is not a member of", async () => {
    sameSet(await listIds(CASES, { q: `-members.personId:${person.bob}` }), [kase.c1, kase.c4]);
  });

  it("members.personId combined with other conditions", async () => {
    sameSet(await listIds(CASES, { q: `members.personId:${person.bob} status:active` }), [kase.c3]);
    sameSet(await listIds(CASES, { q: `primaryApplicantId:${person.maria} members.personId:${person.marco}` }), [kase.c1]);
  });
});

describe("q on /scheduling/appointments", () => {
  it.each([
    ["any-of on an enum", "status:scheduled,completed", ["a1", "a2", "a5"]],
    ["negated enum", "-status:canceled", ["a1", "a2", "a4", "a5"]],
    ["datetime >=", "startAt:>=2026-04-01T13:30:00Z", ["a2", "a3", "a5"]],
    ["datetime >", "startAt:>2026-04-01T13:30:00Z", ["a3", "a5"]],
    ["datetime < a date (midnight UTC)", "startAt:<2026-04-01", ["a4"]],
    ["datetime <=", "startAt:<=2026-04-01T09:00:00Z", ["a4", "a1"]],
    ["a bare date matches the whole day", "startAt:2026-04-01", ["a1", "a2"]],
    ["a range from two comparisons", "startAt:>=2026-04-01 startAt:<2026-04-02", ["a1", "a2"]],
    ["bare term, case-insensitive", "INTAKE", ["a1", "a3"]],
    ["term*", "recert*", ["a2", "a5"]],
    ["*term", "*visit", ["a4"]],
    ['field:"quoted value"', 'appointmentType:"home visit"', ["a4"]],
    ["field:value*", "appointmentType:intake*", ["a1", "a3"]],
    ["field:*value", "appointmentType:*interview", ["a1"]],
    ["nullable text exists", "notes:*", ["a1", "a4"]],
    ["nullable text absent", "-notes:*", ["a2", "a3", "a5"]],
    ["negated text keeps records without notes", "-notes:gate", ["a1", "a2", "a3", "a5"]],
    ["conditions ANDed", "appointmentType:recert* status:scheduled", ["a5"]],
  ])("%s: q=%s", async (_label, q, expected) => {
    sameSet(await listIds(APPOINTMENTS, { q }), names(appointment, expected));
  });

  it("personId:<uuid> finds a person's appointments", async () => {
    sameSet(await listIds(APPOINTMENTS, { q: `personId:${person.maria}` }), [appointment.a1, appointment.a3]);
    sameSet(await listIds(APPOINTMENTS, { q: `personId:${person.maria} status:scheduled` }), [appointment.a1]);
  });
});

describe("q errors", () => {
  it.each([
    [CASES, "status:"],
    [CASES, 'status:"active'],
    [CASES, "effectiveStartDate:>someday"],
    [CASES, "effectiveStartDate:2025-02-30"],
    [CASES, "assignedToId:not-a-uuid"],
    [CASES, "status:>active"],
    [PERSONS, "-"],
    [PERSONS, "*"],
    [PERSONS, ":value"],
    [APPOINTMENTS, "startAt:>=2026-04-01*"],
    [APPOINTMENTS, "status:scheduled,"],
  ])("%s?q=%s → 400 INVALID_QUERY", async (path, q) => {
    const envelope = expectErrorEnvelope(await api.get(listPath(path, { q })), 400, "INVALID_QUERY");
    expect(detailFields(envelope)).toEqual(["q"]);
  });

  it("rejects a field that is not on the resource with 400 INVALID_QUERY", async () => {
    const envelope = expectErrorEnvelope(await api.get(listPath(CASES, { q: "program:SNAP" })), 400, "INVALID_QUERY");
    expect(envelope.message).toContain("program");
    expectErrorEnvelope(await api.get(listPath(APPOINTMENTS, { q: "room:4" })), 400, "INVALID_QUERY");
  });

  it("rejects q given twice with 400", async () => {
    expectErrorEnvelope(await api.get(`${CASES}?q=status:active&q=status:closed`), 400, "BAD_REQUEST");
  });
});

describe("sort", () => {
  it("persons default to most recently updated first", async () => {
    expect(await listIds(PERSONS)).toEqual(names(person, ["marco", "zoe", "bob", "ann", "maria"]));
  });

  it("cases default to most recently updated first", async () => {
    expect(await listIds(CASES)).toEqual(names(kase, ["c4", "c3", "c2", "c1"]));
  });

  it("appointments default to the earliest start first", async () => {
    expect(await listIds(APPOINTMENTS)).toEqual(names(appointment, ["a4", "a1", "a2", "a3", "a5"]));
  });

  it("sorts ascending and, with '-', descending", async () => {
    expect(await listIds(APPOINTMENTS, { sort: "-startAt" })).toEqual(names(appointment, ["a5", "a3", "a2", "a1", "a4"]));
    expect(await listIds(PERSONS, { sort: "createdAt" })).toEqual(names(person, ["maria", "marco", "ann", "bob", "zoe"]));
    expect(await listIds(PERSONS, { sort: "-createdAt" })).toEqual(names(person, ["zoe", "bob", "ann", "marco", "maria"]));
  });

  it("sorts persons by the nested name.lastName, with a second field as tie-breaker", async () => {
    expect(await listIds(PERSONS, { sort: "name.lastName,name.firstName" })).toEqual(
      names(person, ["zoe", "ann", "maria", "marco", "bob"]),
    );
    expect(await listIds(PERSONS, { sort: "name.lastName,-name.firstName" })).toEqual(
      names(person, ["zoe", "maria", "ann", "marco", "bob"]),
    );
    expect(await listIds(PERSONS, { sort: "-name.lastName,name.firstName" })).toEqual(
      names(person, ["bob", "marco", "ann", "maria", "zoe"]),
    );
    expect(await listIds(PERSONS, { sort: "name" })).toEqual(names(person, ["zoe", "ann", "maria", "marco", "bob"]));
  });

  it("sorts on several fields, the first one primary", async () => {
    expect(await listIds(APPOINTMENTS, { sort: "appointmentType,-startAt" })).toEqual(names(appointment, ["a4", "a3", "a1", "a5", "a2"]));
    expect(await listIds(APPOINTMENTS, { sort: "-appointmentType,startAt" })).toEqual(names(appointment, ["a2", "a5", "a1", "a3", "a4"]));
  });

  it("puts missing dates last ascending and first descending", async () => {
    expect(await listIds(CASES, { sort: "effectiveStartDate" })).toEqual(names(kase, ["c2", "c1", "c3", "c4"]));
    expect(await listIds(CASES, { sort: "-effectiveStartDate" })).toEqual(names(kase, ["c4", "c3", "c1", "c2"]));
  });

  it("sorts the filtered set", async () => {
    expect(await listIds(CASES, { q: "status:active", sort: "-effectiveStartDate" })).toEqual(names(kase, ["c4", "c3", "c1"]));
  });

  it.each([
    [CASES, "primaryApplicantId"],
    [CASES, "assignedToId"],
    [APPOINTMENTS, "personId"],
    [APPOINTMENTS, "-notes"],
    [PERSONS, "email"],
  ])("%s?sort=%s → 400 FIELD_NOT_SORTABLE (a field of the resource that is not sortable)", async (path, sort) => {
    const envelope = expectErrorEnvelope(await api.get(listPath(path, { sort })), 400, "FIELD_NOT_SORTABLE");
    expect(detailFields(envelope)).toEqual(["sort"]);
  });

  it.each([
    [CASES, "program", "not on the resource"],
    [APPOINTMENTS, "-location", "not on the resource"],
    [CASES, "createdAt,updatedAt,effectiveStartDate,effectiveEndDate,status,id", "more than five fields"],
    [PERSONS, "createdAt,updatedAt,name.lastName,name.firstName,name,id", "more than five fields"],
    [CASES, "status,-status", "a duplicate field"],
    [APPOINTMENTS, "startAt,startAt", "a duplicate field"],
    [CASES, "status,", "an empty field"],
    [PERSONS, "name..lastName", "not a field name"],
  ])("%s?sort=%s → 400 INVALID_SORT_FIELD (%s)", async (path, sort) => {
    const envelope = expectErrorEnvelope(await api.get(listPath(path, { sort })), 400, "INVALID_SORT_FIELD");
    expect(detailFields(envelope)).toEqual(["sort"]);
  });

  it("accepts five fields", async () => {
    expect((await api.get(listPath(CASES, { sort: "status,effectiveStartDate,effectiveEndDate,createdAt,updatedAt" }))).status).toBe(200);
  });
});

describe("paging envelope", () => {
  it("returns items, total, limit, offset and hasNext", async () => {
    const first = expectListEnvelope(await api.get(listPath(APPOINTMENTS, { limit: 2 })), { total: 5, limit: 2, offset: 0, hasNext: true });
    expect(first.map((item) => item.id)).toEqual(names(appointment, ["a4", "a1"]));
    const middle = expectListEnvelope(await api.get(listPath(APPOINTMENTS, { limit: 2, offset: 2 })), {
      total: 5,
      limit: 2,
      offset: 2,
      hasNext: true,
    });
    expect(middle.map((item) => item.id)).toEqual(names(appointment, ["a2", "a3"]));
    const last = expectListEnvelope(await api.get(listPath(APPOINTMENTS, { limit: 2, offset: 4 })), {
      total: 5,
      limit: 2,
      offset: 4,
      hasNext: false,
    });
    expect(last.map((item) => item.id)).toEqual(names(appointment, ["a5"]));
    expect(
      expectListEnvelope(await api.get(listPath(APPOINTMENTS, { limit: 2, offset: 9 })), { total: 5, limit: 2, offset: 9, hasNext: false }),
    ).toEqual([]);
  });

  it("counts total over the filter, not the page", async () => {
    expectListEnvelope(await api.get(listPath(APPOINTMENTS, { q: "status:scheduled,completed", limit: 1 })), {
      total: 3,
      limit: 1,
      offset: 0,
      hasNext: true,
    });
    expectListEnvelope(await api.get(listPath(CASES, { q: "nobody" })), { total: 0, limit: 25, offset: 0, hasNext: false });
  });

  it("returns records in their REST shape inside items", async () => {
    const [found] = expectListEnvelope(await api.get(listPath(PERSONS, { q: "name.firstName:zoe" })), {
      total: 1,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(found).toEqual((await api.get(`${PERSONS}/${person.zoe}`)).body);
    const [caseItem] = expectListEnvelope(await api.get(listPath(CASES, { q: "status:closed" })), {
      total: 1,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(caseItem).toEqual((await api.get(`${CASES}/${kase.c2}`)).body);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["limit=", "limit"],
    ["offset=-1", "offset"],
    ["offset=abc", "offset"],
  ])("rejects %s with 400 naming %s", async (query, field) => {
    const envelope = expectErrorEnvelope(await api.get(`${APPOINTMENTS}?${query}`), 400, "BAD_REQUEST");
    expect(detailFields(envelope)).toEqual([field]);
  });

  it("accepts limit 1 and 100", async () => {
    expectListEnvelope(await api.get(listPath(APPOINTMENTS, { limit: 1 })), { total: 5, limit: 1, offset: 0, hasNext: true });
    expectListEnvelope(await api.get(listPath(APPOINTMENTS, { limit: 100 })), { total: 5, limit: 100, offset: 0, hasNext: false });
  });
});

describe("paging over many rows that share the sort value", () => {
  // A platform of its own, so these rows never leak into the data set the other tests count on.
  let paging: RunningPlatform;
  let pagingApi: ReturnType<typeof httpClient>;
  const batchPerson = randomUUID();
  const batchIds: string[] = [];
  const q = `personId:${batchPerson}`;
  const idsOf = (response: { body: { items: Array<{ id: string }> } }) => response.body.items.map((item) => item.id);

  beforeAll(async () => {
    paging = await startTestPlatform("list_paging");
    pagingApi = httpClient(paging.url);
    // 30 appointments with the same startAt: only the id tie-breaker orders them.
    for (let index = 0; index < 30; index++) {
      batchIds.push(
        await create(
          APPOINTMENTS,
          { startAt: "2030-01-01T09:00:00Z", endAt: "2030-01-01T10:00:00Z", appointmentType: "Batch", personId: batchPerson },
          pagingApi,
        ),
      );
    }
  });

  afterAll(async () => {
    await paging?.close();
  });

  it("defaults to a page of 25", async () => {
    const items = expectListEnvelope(await pagingApi.get(APPOINTMENTS), { total: 30, limit: 25, offset: 0, hasNext: true });
    expect(items).toHaveLength(25);
    expectListEnvelope(await pagingApi.get(listPath(APPOINTMENTS, { q })), { total: 30, limit: 25, offset: 0, hasNext: true });
  });

  it("gives disjoint pages that together list every row once, in id order", async () => {
    const pages: string[][] = [];
    for (let offset = 0; offset < 30; offset += 7) {
      const response = await pagingApi.get(listPath(APPOINTMENTS, { q, limit: 7, offset }));
      expectListEnvelope(response, { total: 30, limit: 7, offset, hasNext: offset + 7 < 30 });
      pages.push(idsOf(response));
    }
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 2]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(30);
    expect(all).toEqual([...batchIds].sort());
  });

  it("returns the same page on every request", async () => {
    const path = listPath(APPOINTMENTS, { q, limit: 10, offset: 10 });
    const first = idsOf(await pagingApi.get(path));
    for (let round = 0; round < 3; round++) expect(idsOf(await pagingApi.get(path))).toEqual(first);
  });

  it("keeps pages disjoint under a descending sort on the shared value too", async () => {
    const firstPage = idsOf(await pagingApi.get(listPath(APPOINTMENTS, { q, sort: "-startAt", limit: 15 })));
    const secondPage = idsOf(await pagingApi.get(listPath(APPOINTMENTS, { q, sort: "-startAt", limit: 15, offset: 15 })));
    expect(new Set([...firstPage, ...secondPage]).size).toBe(30);
  });
});
