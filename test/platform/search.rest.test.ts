/**
 * Cross-resource search (GET /platform/search and the graph's `search`): records written through the
 * API are found at once by name, e-mail and status, changes and deletes are reflected in the same
 * transaction, and each caller finds only the kinds (and records) it may read.
 */
import { randomUUID } from "node:crypto";
import { systemPrincipal } from "@pap/kernel/auth";
import { applicantAccount, bearer } from "../support/auth";
import { useTestPlatform } from "../support/platform";
import { created } from "../support/creators";

jest.setTimeout(120_000);

const { api, platform } = useTestPlatform("platform-search");

type Hit = {
  id: string;
  type: string;
  title: string;
  url: string;
  score?: number;
  attributes: { field: string; label?: string; value: string; type: string }[];
  createdAt: string;
  updatedAt: string;
};

const search = async (query: string, headers?: Record<string, string>) => {
  const response = await api.raw("GET", `/platform/search${query}`, undefined, headers);
  return response as {
    status: number;
    body: {
      items: Hit[];
      total: number;
      limit: number;
      offset: number;
      hasNext: boolean;
      facets: { type: string; count: number }[];
    } & Record<string, any>;
  };
};

// Words unique to this run, so the searches find only what the test wrote.
const tag = `q${randomUUID().slice(0, 6)}`;
const surname = `Lopez${tag}`;
// No word is this whole: as a beginning it finds Ana Lopez…, Anabel Lopez…ski and the task that names Ana.
const stem = surname.slice(0, -1);

let ana: { id: string };
let anabel: { id: string };
let task: { id: string };
let appointment: { id: string };
let caseRecord: { id: string };

beforeAll(async () => {
  ana = await created(api, "/persons", {
    name: { firstName: "Ana", lastName: surname },
    email: `ana.${tag}@example.org`,
    phoneNumber: "+1 555 0100",
  });
  anabel = await created(api, "/persons", { name: { firstName: "Anabel", lastName: `${surname}ski` }, email: `anabel@example.org` });
  task = await created(api, "/workflow/tasks", { name: `Call Ana ${surname}`, description: "Ask about the pay stubs" });
  appointment = await created(api, "/scheduling/appointments", {
    personId: ana.id,
    appointmentType: `interview${tag}`,
    startAt: "2026-12-01T15:00:00Z",
    endAt: "2026-12-01T16:00:00Z",
    notes: "Needs an interpreter",
  });
  caseRecord = await created(api, "/case-management/cases", {
    primaryApplicantId: ana.id,
    members: [{ personId: ana.id, relationship: "self" }],
  });
});

describe("finding records", () => {
  it("finds a person by name, best match first, with a relevance in (0, 1] and the result's fields", async () => {
    const { status, body } = await search(`?q=${encodeURIComponent(`ana ${surname}`)}`);
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({ id: ana.id, type: "person", title: `Ana ${surname}` });
    expect(body.items[0]!.url).toBe(`${new URL(body.items[0]!.url).origin}/persons/${ana.id}`);
    expect(new URL(body.items[0]!.url).protocol).toMatch(/^https?:$/);
    expect(body.items[0]!.attributes).toEqual(
      expect.arrayContaining([
        { field: "name.firstName", label: "First name", value: "Ana", type: "string" },
        { field: "email", label: "Email", value: `ana.${tag}@example.org`, type: "string" },
      ]),
    );
    expect(Date.parse(body.items[0]!.createdAt)).not.toBeNaN();
    const ids = body.items.map((hit) => hit.id);
    expect(ids).toEqual(expect.arrayContaining([ana.id, task.id]));
    for (const hit of body.items) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
    // The exact title ranks above the task that mentions the name and the person whose name only begins like it.
    const scoreOf = (id: string) => body.items.find((hit) => hit.id === id)?.score ?? 0;
    expect(scoreOf(ana.id)).toBeGreaterThan(scoreOf(task.id));
    const scores = body.items.map((hit) => hit.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("matches whole words first, else words' beginnings, a part of an e-mail address, a phone number, and forgives a typo", async () => {
    // Whole words find Ana (and the task naming her), not Anabel, whose surname only begins so.
    expect((await search(`?q=${surname}`)).body.items.map((hit) => hit.id).sort()).toEqual([ana.id, task.id].sort());
    expect((await search(`?q=${surname.slice(0, 8)}`)).body.items.map((hit) => hit.id)).toEqual(
      expect.arrayContaining([ana.id, anabel.id, task.id]),
    );
    expect((await search(`?q=${encodeURIComponent(`ana.${tag}@example.org`)}`)).body.items[0]?.id).toBe(ana.id);
    expect((await search(`?q=${tag}&types=person`)).body.items.map((hit) => hit.id)).toEqual(expect.arrayContaining([ana.id]));
    expect((await search(`?q=${encodeURIComponent("+1 555 0100")}&types=person`)).body.items.map((hit) => hit.id)).toContain(ana.id);
    const typo = `${surname.slice(0, -1)}x`; // one letter wrong
    expect((await search(`?q=${typo}&types=person`)).body.items.map((hit) => hit.id)).toContain(ana.id);
  });

  it("finds an appointment by its type, titled 'type — date', and a case by its id and status", async () => {
    const appointments = await search(`?q=interview${tag}`);
    expect(appointments.body.items).toEqual([
      expect.objectContaining({ id: appointment.id, type: "appointment", title: `interview${tag} — 2026-12-01` }),
    ]);
    expect(appointments.body.items[0]!.attributes).toContainEqual({ field: "startAt", label: "Date", value: "2026-12-01", type: "date" });
    const cases = await search(`?q=${caseRecord.id}`);
    expect(cases.body.items[0]).toMatchObject({
      id: caseRecord.id,
      type: "case",
      title: caseRecord.id,
      url: expect.stringMatching(new RegExp(`/case-management/cases/${caseRecord.id}$`)),
    });
    expect(cases.body.items[0]!.attributes).toEqual([{ field: "status", label: "Status", value: "active", type: "string" }]);
  });

  it("counts the matches of each kind in facets, total being their sum, and pages through them", async () => {
    const { body } = await search(`?q=${stem}`);
    expect(body.facets).toEqual([
      { type: "person", count: 2 },
      { type: "case", count: 0 },
      { type: "application", count: 0 },
      { type: "task", count: 1 },
      { type: "appointment", count: 0 },
    ]);
    expect(body.total).toBe(3);
    const first = await search(`?q=${stem}&limit=2`);
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0, hasNext: true });
    expect(first.body.items).toHaveLength(2);
    const second = await search(`?q=${stem}&limit=2&offset=2`);
    expect(second.body).toMatchObject({ total: 3, limit: 2, offset: 2, hasNext: false });
    expect([...first.body.items, ...second.body.items].map((hit) => hit.id).sort()).toEqual([ana.id, anabel.id, task.id].sort());
  });

  it("searches only the types asked for, repeated or comma-separated, ignoring unknown ones", async () => {
    const persons = await search(`?q=${stem}&types=person`);
    expect(persons.body.items.every((hit) => hit.type === "person")).toBe(true);
    expect(persons.body.facets).toEqual([{ type: "person", count: 2 }]);
    const both = await search(`?q=${stem}&types=person,unicorn&types=task`);
    expect(both.body.facets).toEqual([
      { type: "person", count: 2 },
      { type: "task", count: 1 },
    ]);
    const unknownOnly = await search(`?q=${stem}&types=unicorn`);
    expect(unknownOnly.body.total).toBe(3);
  });

  it("lists the newest records first without q, with no score", async () => {
    const { body } = await search(`?limit=5`);
    expect(body.items.length).toBeGreaterThan(0);
    const times = body.items.map((hit) => Date.parse(hit.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.items.every((hit) => hit.score === undefined)).toBe(true);
  });

  it("answers the same in the graph", async () => {
    const result = await api.graphql(
      `query ($q: String, $types: [String!]) { search(q: $q, types: $types, limit: 10) { total hasNext facets { type count } items { id type title url score attributes { field value } } } }`,
      {
        q: `ana ${surname}`,
        types: ["person", "nonsense"],
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.search.items[0]).toMatchObject({ id: ana.id, type: "person", title: `Ana ${surname}` });
    expect(result.data.search.facets).toEqual([{ type: "person", count: expect.any(Number) }]);
    expect(result.data.search.total).toBe(result.data.search.facets[0].count);
  });
});

describe("kept current with every write", () => {
  it("reflects an update and a delete at once", async () => {
    const person = await created(api, "/persons", { name: { firstName: "Temp", lastName: `Before${tag}` } });
    expect((await search(`?q=Before${tag}`)).body.items.map((hit) => hit.id)).toEqual([person.id]);
    expect((await api.patch(`/persons/${person.id}`, { name: { lastName: `After${tag}` } })).status).toBe(200);
    expect((await search(`?q=Before${tag}`)).body.items).toEqual([]);
    expect((await search(`?q=After${tag}`)).body.items).toEqual([expect.objectContaining({ id: person.id, title: `Temp After${tag}` })]);
    expect((await api.delete(`/persons/${person.id}`)).status).toBe(204);
    expect((await search(`?q=After${tag}`)).body.items).toEqual([]);
  });

  it("follows a task through its actions (the status it shows is the task's)", async () => {
    const escalating = await created(api, "/workflow/tasks", { name: `Escalate ${tag}` });
    expect((await api.post(`/workflow/tasks/${escalating.id}/escalate`, { reason: "urgent" })).status).toBe(200);
    const { body } = await search(`?q=${encodeURIComponent(`Escalate ${tag}`)}&types=task`);
    expect(body.items[0]!.attributes).toContainEqual({ field: "status", label: "Status", value: "escalated", type: "string" });
    expect((await search(`?q=${encodeURIComponent(`escalated ${tag}`)}&types=task`)).body.items.map((hit) => hit.id)).toEqual([
      escalating.id,
    ]);
  });

  it("titles an application by its primary applicant, following the member's changes", async () => {
    const application = await created(api, "/intake/applications", { programs: ["snap", "medicaid"] });
    const member = await created(api, `/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      contact: { name: { firstName: "Rosa", lastName: `Applicant${tag}` } },
    });
    const first = await search(`?q=Applicant${tag}&types=application`);
    expect(first.body.items).toEqual([expect.objectContaining({ id: application.id, type: "application", title: `Rosa Applicant${tag}` })]);
    expect(first.body.items[0]!.attributes).toEqual(
      expect.arrayContaining([
        { field: "status", label: "Status", value: "draft", type: "string" },
        { field: "programs", label: "Programs", value: "snap, medicaid", type: "string" },
      ]),
    );
    expect(
      (
        await api.patch(`/intake/applications/${application.id}/members/${member.id}`, {
          contact: { name: { firstName: "Rosa", lastName: `Renamed${tag}` } },
        })
      ).status,
    ).toBe(200);
    expect((await search(`?q=Applicant${tag}&types=application`)).body.items).toEqual([]);
    expect((await search(`?q=Renamed${tag}&types=application`)).body.items.map((hit) => hit.title)).toEqual([`Rosa Renamed${tag}`]);
  });

  it("leaves no trace of a write whose transaction fails", async () => {
    const runtime = platform().services.eventRuntime;
    const id = randomUUID();
    let seenInside = false;
    await expect(
      runtime.transaction(async (tx) => {
        await tx.person.create({ data: { id, attributes: {}, firstName: "Rolled", lastName: `Back${tag}` } });
        await runtime
          .recorderFor({}, async () => systemPrincipal)
          .record(tx, { type: "persons.person.created", source: "/persons", subject: id });
        const inside = await tx.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM search_document WHERE type = 'person' AND id = ${id}::uuid`;
        seenInside = inside[0]!.n === 1;
        throw new Error("refused after recording");
      }),
    ).rejects.toThrow("refused after recording");
    expect(seenInside).toBe(true);
    expect((await search(`?q=Back${tag}`)).body.items).toEqual([]);
  });
});

describe("each caller finds what it may read", () => {
  it("finds nothing for a partner, whose agreement covers programs the index does not hold", async () => {
    const partner = await bearer(["partner_readonly"], { programs: ["snap", "medicaid"] });
    const { status, body } = await search(`?q=${stem}`, partner);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0, items: [], facets: [] });
  });

  it("shows an applicant their own person record and applications only", async () => {
    const account = await applicantAccount(api);
    const applicant = await bearer(["applicant"], { sub: account.sub, userId: account.id, personId: ana.id });
    const mine = await created(api, "/intake/applications", { programs: ["snap"] }, applicant);
    const theirs = await created(api, "/intake/applications", { programs: ["snap"] });
    const { status, body } = await search(`?q=${surname}`, applicant);
    expect(status).toBe(200);
    expect(body.items.map((hit) => hit.id)).toEqual([ana.id]);
    // Their application has no applicant's name yet: it is not among the matches, but it is a kind they may read.
    expect(body.facets).toEqual([
      { type: "person", count: 1 },
      { type: "application", count: 0 },
    ]);
    const applications = await search(`?types=application&limit=100`, applicant);
    expect(applications.body.items.map((hit) => hit.id)).toEqual([mine.id]);
    const staff = await search(`?types=application&limit=100`);
    expect(staff.body.items.map((hit) => hit.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it("refuses a caller who is not signed in (401 in the envelope)", async () => {
    const response = await search(`?q=${surname}`, { authorization: "" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("bad requests", () => {
  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["offset=-1", "offset"],
    ["limit=1&limit=2", "limit"],
    [`q=${"x".repeat(201)}`, "q"],
  ])("%s is a 400 naming %s", async (query, field) => {
    const response = await search(`?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "BAD_REQUEST", details: [expect.objectContaining({ field })] });
  });

  it("takes any text as words: punctuation alone finds nothing, and nothing fails", async () => {
    for (const q of ["!!!", "'; DROP TABLE person; --", "a & b | !c", "ana:*", "%_\\", "é"]) {
      const response = await search(`?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
    }
    expect((await search(`?q=${encodeURIComponent("!!! ???")}`)).body.total).toBe(0);
  });
});
