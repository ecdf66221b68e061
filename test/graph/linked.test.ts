// The federated graph at /graphql: one query walks case → members → person → appointments/cases across
// the case-management, persons and scheduling subgraphs, and failures carry the envelope in extensions.
import type { RunningPlatform } from "@pap/gateway";
import { httpClient, startTestPlatform } from "../support/platform";
import { type Json, MISSING_ID } from "../support/expectations";
import { untilClockPasses } from "../support/waiting";
import { created } from "../support/creators";

let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;

const people = {} as Record<"maria" | "marco" | "lucia" | "other", Json>;
const cases = {} as Record<"household" | "marcoAlone" | "other", Json>;
const visits = {} as Record<"mariaLater" | "mariaEarlier" | "marco" | "other", Json>;

const attributesOf = ({ id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...attributes }: Json) => attributes;

beforeAll(async () => {
  platform = await startTestPlatform("graph_linked");
  api = httpClient(platform.url);

  people.maria = await created(api, "/persons", {
    name: { firstName: "Maria", lastName: "Garcia" },
    dateOfBirth: "1985-04-12",
    address: { city: "Springfield" },
  });
  people.marco = await created(api, "/persons", { name: { firstName: "Marco", lastName: "Garcia" } });
  people.lucia = await created(api, "/persons", { name: { firstName: "Lucia", lastName: "Garcia" }, dateOfBirth: "2015-09-01" });
  people.other = await created(api, "/persons", { name: { firstName: "Oscar", lastName: "Other" } });

  cases.household = await created(api, "/case-management/cases", {
    effectiveStartDate: "2025-01-15",
    primaryApplicantId: people.maria.id,
    members: [
      { personId: people.maria.id, relationship: "self" },
      { personId: people.marco.id, relationship: "spouse" },
      { personId: people.lucia.id, relationship: "child" },
    ],
  });
  cases.marcoAlone = await created(api, "/case-management/cases", {
    status: "closed",
    effectiveStartDate: "2019-01-01",
    effectiveEndDate: "2020-12-31",
    primaryApplicantId: people.marco.id,
    members: [{ personId: people.marco.id, relationship: "self" }],
  });
  cases.other = await created(api, "/case-management/cases", {
    primaryApplicantId: people.other.id,
    members: [{ personId: people.other.id, relationship: "self" }],
  });
  // The household case becomes the most recently updated one.
  await untilClockPasses(cases.other.updatedAt);
  cases.household = (
    await api.patch(`/case-management/cases/${cases.household.id}`, { assignedToId: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f" })
  ).body;

  const appointment = (personId: string, startAt: string, appointmentType: string, status = "scheduled") =>
    created(api, "/scheduling/appointments", {
      personId,
      startAt,
      endAt: new Date(Date.parse(startAt) + 30 * 60_000).toISOString(),
      appointmentType,
      status,
    });
  visits.mariaLater = await appointment(people.maria.id, "2026-05-02T09:00:00.000Z", "Recertification");
  visits.mariaEarlier = await appointment(people.maria.id, "2026-05-01T09:00:00.000Z", "Intake interview", "completed");
  visits.marco = await appointment(people.marco.id, "2026-05-03T14:00:00.000Z", "Work requirements review");
  visits.other = await appointment(people.other.id, "2026-05-01T08:00:00.000Z", "Intake interview");
});

afterAll(async () => {
  await platform?.close();
});

const LINKED = /* GraphQL */ `
  query Linked($id: ID!) {
    case(id: $id) {
      id
      status
      effectiveStartDate
      primaryApplicant { id attributes }
      members {
        relationship
        personId
        person {
          id
          attributes
          appointments { id startAt appointmentType status person { id attributes } }
          cases { id status primaryApplicantId }
        }
      }
    }
  }
`;

describe("one GraphQL query across the three subgraphs", () => {
  it("walks case → members → person → appointments and person → cases with the exact linked data", async () => {
    const result = await api.graphql(LINKED, { id: cases.household.id });
    expect(result.errors).toBeUndefined();

    const personView = (person: Json) => ({ id: person.id, attributes: attributesOf(person) });
    const visitView = (visit: Json, person: Json) => ({
      id: visit.id,
      startAt: visit.startAt,
      appointmentType: visit.appointmentType,
      status: visit.status,
      person: personView(person),
    });
    const caseView = (found: Json) => ({ id: found.id, status: found.status, primaryApplicantId: found.primaryApplicantId });

    expect(result.data).toEqual({
      case: {
        id: cases.household.id,
        status: "active",
        effectiveStartDate: "2025-01-15",
        primaryApplicant: personView(people.maria),
        members: [
          {
            relationship: "self",
            personId: people.maria.id,
            person: {
              ...personView(people.maria),
              // Earliest first.
              appointments: [visitView(visits.mariaEarlier, people.maria), visitView(visits.mariaLater, people.maria)],
              cases: [caseView(cases.household)],
            },
          },
          {
            relationship: "spouse",
            personId: people.marco.id,
            person: {
              ...personView(people.marco),
              appointments: [visitView(visits.marco, people.marco)],
              // Most recently updated first.
              cases: [caseView(cases.household), caseView(cases.marcoAlone)],
            },
          },
          {
            relationship: "child",
            personId: people.lucia.id,
            person: { ...personView(people.lucia), appointments: [], cases: [caseView(cases.household)] },
          },
        ],
      },
    });
  });

  it("reflects a REST change to a person in the next graph read", async () => {
    expect((await api.patch(`/persons/${people.lucia.id}`, { school: "Lincoln Elementary" })).status).toBe(200);
    const result = await api.graphql(`query ($id: ID!) { case(id: $id) { members { person { attributes } } } }`, {
      id: cases.household.id,
    });
    expect(result.data.case.members[2].person.attributes).toEqual({ ...attributesOf(people.lucia), school: "Lincoln Elementary" });
  });

  it("lists cases with their linked persons through the list envelope", async () => {
    const result = await api.graphql(
      `query ($q: String) { cases(q: $q, sort: "effectiveStartDate") { total items { id primaryApplicant { attributes } members { person { id } } } } }`,
      { q: `members.personId:${people.marco.id}` },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.cases).toEqual({
      total: 2,
      items: [
        {
          id: cases.marcoAlone.id,
          primaryApplicant: { attributes: attributesOf(people.marco) },
          members: [{ person: { id: people.marco.id } }],
        },
        {
          id: cases.household.id,
          primaryApplicant: { attributes: attributesOf(people.maria) },
          members: [{ person: { id: people.maria.id } }, { person: { id: people.marco.id } }, { person: { id: people.lucia.id } }],
        },
      ],
    });
  });

  it("still returns a case whose member's person record was deleted (person ids carry no foreign key)", async () => {
    const leaving = await created(api, "/persons", { name: { firstName: "Leo" } });
    const found = await created(api, "/case-management/cases", {
      primaryApplicantId: people.other.id,
      members: [
        { personId: people.other.id, relationship: "self" },
        { personId: leaving.id, relationship: "roomer" },
      ],
    });
    expect((await api.delete(`/persons/${leaving.id}`)).status).toBe(204);
    const result = await api.graphql(`query ($id: ID!) { case(id: $id) { id members { personId person { id attributes } } } }`, {
      id: found.id,
    });
    // Matched on the whole result so a failure shows what came back (errors, extensions and all).
    expect(result).toMatchObject({
      data: {
        case: {
          id: found.id,
          members: [
            { personId: people.other.id, person: { id: people.other.id, attributes: attributesOf(people.other) } },
            { personId: leaving.id, person: null },
          ],
        },
      },
    });
  });
});

describe("GraphQL errors carry the error envelope in extensions", () => {
  const expectGraphError = (result: any, path: string, code: string, status: number) => {
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error.path).toEqual([path]);
    expect(typeof error.message).toBe("string");
    expect(error.extensions).toEqual(expect.objectContaining({ code, status }));
    expect(Object.keys(error.extensions).sort()).toEqual(expect.arrayContaining(["code", "status"]));
    expect(JSON.stringify(error)).not.toMatch(/stacktrace|\.[tj]s:\d+|node_modules/i);
    return error;
  };

  it('cases(q: "status:") → INVALID_QUERY / 400 with a detail on q', async () => {
    const result = await api.graphql(`{ cases(q: "status:") { total } }`);
    const error = expectGraphError(result, "cases", "INVALID_QUERY", 400);
    expect(error.extensions.details).toEqual([{ field: "q", message: expect.any(String) }]);
    expect(result.data).toBeNull();
  });

  it("updateCase on a missing id → NOT_FOUND / 404", async () => {
    const result = await api.graphql(`mutation ($id: ID!) { updateCase(id: $id, input: { status: closed }) { id } }`, { id: MISSING_ID });
    const error = expectGraphError(result, "updateCase", "NOT_FOUND", 404);
    expect(error.message).toContain(MISSING_ID);
  });

  it("deletePerson on a missing id → NOT_FOUND / 404", async () => {
    expectGraphError(await api.graphql(`mutation { deletePerson(id: "${MISSING_ID}") }`), "deletePerson", "NOT_FOUND", 404);
  });

  it("createCase with an invalid input → VALIDATION_ERROR / 422 naming the field", async () => {
    const result = await api.graphql(`mutation { createCase(input: { primaryApplicantId: "someone" }) { id } }`);
    const error = expectGraphError(result, "createCase", "VALIDATION_ERROR", 422);
    expect(error.extensions.details).toEqual([{ field: "primaryApplicantId", message: expect.any(String) }]);
  });

  it("updateAppointment ending before it starts → VALIDATION_ERROR / 422", async () => {
    const result = await api.graphql(
      `mutation ($id: ID!) { updateAppointment(id: $id, input: { endAt: "2026-05-01T08:00:00Z" }) { id } }`,
      { id: visits.mariaEarlier.id },
    );
    const error = expectGraphError(result, "updateAppointment", "VALIDATION_ERROR", 422);
    expect(error.extensions.details).toEqual([{ field: "endAt", message: expect.any(String) }]);
  });

  it('appointments(sort: "personId") → FIELD_NOT_SORTABLE / 400 and persons(limit: 0) → BAD_REQUEST / 400', async () => {
    expectGraphError(await api.graphql(`{ appointments(sort: "personId") { total } }`), "appointments", "FIELD_NOT_SORTABLE", 400);
    expectGraphError(await api.graphql(`{ cases(sort: "nope") { total } }`), "cases", "INVALID_SORT_FIELD", 400);
    expectGraphError(await api.graphql(`{ persons(limit: 0) { total } }`), "persons", "BAD_REQUEST", 400);
  });

  it("a malformed query → status 400 in extensions", async () => {
    const result = await api.graphql(`{ cases( { total } }`);
    expect(result.errors[0].extensions).toEqual(expect.objectContaining({ status: 400 }));
  });

  it('case(id: "nope") is null, without an error; so are person and appointment', async () => {
    expect(await api.graphql(`{ case(id: "nope") { id } }`)).toEqual({ data: { case: null } });
    expect(await api.graphql(`{ person(id: "nope") { id } appointment(id: "nope") { id } case(id: "${MISSING_ID}") { id } }`)).toEqual({
      data: { person: null, appointment: null, case: null },
    });
  });
});
