// /case-management/cases over real HTTP against PostgreSQL (SPEC §2.7, §4.5, §7; resources.md §1, §9).
import { randomUUID } from "node:crypto";
import { useTestPlatform } from "../support/platform";
import {
  detailFields,
  expectErrorEnvelope,
  expectValidationError,
  ISO_DATE_TIME,
  MISSING_ID,
  utcToday,
  UUID_PATTERN,
} from "../support/expectations";
import { untilClockPasses } from "../support/waiting";
import { created } from "../support/creators";

const { api, url } = useTestPlatform("cases_rest");

// Person and user ids are references into other domains; cases do not require them to exist.
const applicant = randomUUID();
const spouse = randomUUID();
const child = randomUUID();
const worker = randomUUID();

const fullCase = {
  status: "active",
  effectiveStartDate: "2025-02-01",
  primaryApplicantId: applicant,
  members: [
    { personId: applicant, relationship: "self" },
    { personId: spouse, relationship: "spouse" },
    { personId: child, relationship: "child" },
  ],
  assignedToId: worker,
};

type Case = {
  id: string;
  status: string;
  effectiveStartDate: string | null;
  effectiveEndDate: string | null;
  primaryApplicantId: string;
  members: Array<{ personId: string; relationship: string }>;
  assignedToId: string | null;
  createdAt: string;
  updatedAt: string;
};

const createCase = async (body: Record<string, unknown> = fullCase): Promise<Case> =>
  (await created(api, "/case-management/cases", body)) as Case;

describe("POST /case-management/cases", () => {
  it("creates a case: 201 with every field, members in the order given, server-set id/createdAt/updatedAt, and a Location header", async () => {
    const response = await api.post("/case-management/cases", fullCase);
    expect(response.status).toBe(201);
    const { id, createdAt, updatedAt, ...rest } = response.body;
    expect(rest).toEqual({ ...fullCase, effectiveEndDate: null, county: null });
    expect(Object.keys(response.body).sort()).toEqual([
      "assignedToId",
      "county",
      "createdAt",
      "effectiveEndDate",
      "effectiveStartDate",
      "id",
      "members",
      "primaryApplicantId",
      "status",
      "updatedAt",
    ]);
    expect(id).toMatch(UUID_PATTERN);
    expect(createdAt).toMatch(ISO_DATE_TIME);
    expect(updatedAt).toBe(createdAt);
    expect(new URL(response.headers.get("location") ?? "", url()).toString()).toBe(`${url()}/case-management/cases/${id}`);
  });

  it("needs only the primary applicant: status defaults to active, dates, assignee to null, members to []", async () => {
    const created = await createCase({ primaryApplicantId: applicant });
    expect(created).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      status: "active",
      effectiveStartDate: null,
      effectiveEndDate: null,
      primaryApplicantId: applicant,
      members: [],
      assignedToId: null,
      county: null,
      createdAt: expect.stringMatching(ISO_DATE_TIME),
      updatedAt: expect.stringMatching(ISO_DATE_TIME),
    });
  });

  it("creates a closed case with today's end date when none is given, and keeps an end date that is given", async () => {
    const before = utcToday();
    const closedToday = await createCase({ primaryApplicantId: applicant, status: "closed", effectiveStartDate: "2020-01-01" });
    expect(closedToday.status).toBe("closed");
    expect([before, utcToday()]).toContain(closedToday.effectiveEndDate);
    const closedThen = await createCase({
      primaryApplicantId: applicant,
      status: "closed",
      effectiveStartDate: "2020-01-01",
      effectiveEndDate: "2021-06-30",
    });
    expect(closedThen.effectiveEndDate).toBe("2021-06-30");
  });

  it("ignores read-only fields sent in the body", async () => {
    const created = await createCase({
      ...fullCase,
      id: MISSING_ID,
      createdAt: "2000-01-01T00:00:00.000Z",
      updatedAt: "2000-01-01T00:00:00.000Z",
    });
    expect(created.id).not.toBe(MISSING_ID);
    expect(created.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    expect(created.updatedAt).not.toBe("2000-01-01T00:00:00.000Z");
  });

  describe("422 VALIDATION_ERROR naming the field, and nothing created", () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["a status outside the enum", { ...fullCase, status: "open" }, "status"],
      ["a primaryApplicantId that is not a uuid", { ...fullCase, primaryApplicantId: "applicant-1" }, "primaryApplicantId"],
      ["a missing primaryApplicantId", { status: "active" }, "primaryApplicantId"],
      ["an unknown field", { ...fullCase, program: "SNAP" }, "program"],
      ["a date of the wrong type", { ...fullCase, effectiveStartDate: 20250201 }, "effectiveStartDate"],
      ["an impossible date", { ...fullCase, effectiveStartDate: "2025-02-30" }, "effectiveStartDate"],
      ["members that is not an array", { ...fullCase, members: "everyone" }, "members"],
      ["a member without a relationship", { ...fullCase, members: [{ personId: spouse }] }, "members.0.relationship"],
      [
        "a member whose personId is not a uuid",
        {
          ...fullCase,
          members: [
            { personId: applicant, relationship: "self" },
            { personId: "x", relationship: "spouse" },
          ],
        },
        "members.1.personId",
      ],
      ["an unknown field in a member", { ...fullCase, members: [{ personId: applicant, relationship: "self", age: 4 }] }, "members.0.age"],
      [
        "the same person twice in members",
        {
          ...fullCase,
          members: [
            { personId: spouse, relationship: "spouse" },
            { personId: spouse, relationship: "child" },
          ],
        },
        "members.1.personId",
      ],
      ["an assignedToId that is not a uuid", { ...fullCase, assignedToId: 7 }, "assignedToId"],
      ["an active case with an end date", { ...fullCase, status: "active", effectiveEndDate: "2025-12-31" }, "effectiveEndDate"],
      [
        "an end date before the start date",
        { ...fullCase, status: "closed", effectiveStartDate: "2025-02-01", effectiveEndDate: "2025-01-31" },
        "effectiveEndDate",
      ],
    ];

    it.each(cases)("rejects %s", async (_label, body, field) => {
      const assignee = randomUUID();
      const response = await api.post("/case-management/cases", {
        ...body,
        ...(field === "assignedToId" ? {} : { assignedToId: assignee }),
      });
      expectValidationError(response, field);
      if (field !== "assignedToId") {
        const listed = await api.get(`/case-management/cases?q=${encodeURIComponent(`assignedToId:${assignee}`)}`);
        expect(listed.body.total).toBe(0);
      }
    });

    it("reports every problem at once", async () => {
      const response = await api.post("/case-management/cases", { status: "open", primaryApplicantId: "x", colour: "red" });
      const envelope = expectErrorEnvelope(response, 422, "VALIDATION_ERROR");
      expect(detailFields(envelope).sort()).toEqual(["colour", "primaryApplicantId", "status"]);
    });
  });

  it.each([
    ["an array", [1]],
    ["a string", '"case"'],
    ["null", "null"],
  ])("rejects %s as the body with 400 BAD_REQUEST", async (_label, body) => {
    expectErrorEnvelope(await api.post("/case-management/cases", body), 400, "BAD_REQUEST");
  });

  it("rejects malformed JSON with 400 BAD_REQUEST", async () => {
    expectErrorEnvelope(await api.post("/case-management/cases", `{"primaryApplicantId": "${applicant}",}`), 400, "BAD_REQUEST");
  });
});

describe("GET /case-management/cases/{caseId}", () => {
  it("returns the stored case with 200", async () => {
    const created = await createCase();
    const response = await api.get(`/case-management/cases/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it("finds a case by its id written in upper case", async () => {
    const created = await createCase();
    const response = await api.get(`/case-management/cases/${created.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    const envelope = expectErrorEnvelope(await api.get(`/case-management/cases/${MISSING_ID}`), 404, "NOT_FOUND");
    expect(envelope.message).toContain(MISSING_ID);
    expectErrorEnvelope(await api.get("/case-management/cases/not-a-uuid"), 404, "NOT_FOUND");
  });
});

describe("PATCH /case-management/cases/{caseId}", () => {
  it("changes the given fields only and bumps updatedAt", async () => {
    const created = await createCase();
    await untilClockPasses(created.updatedAt);
    const newWorker = randomUUID();
    const response = await api.patch(`/case-management/cases/${created.id}`, { assignedToId: newWorker });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...created, assignedToId: newWorker, updatedAt: expect.stringMatching(ISO_DATE_TIME) });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect((await api.get(`/case-management/cases/${created.id}`)).body).toEqual(response.body);
  });

  it("replaces the whole member list when members is given", async () => {
    const created = await createCase();
    const newcomer = randomUUID();
    const members = [
      { personId: child, relationship: "child" },
      { personId: newcomer, relationship: "grandparent" },
    ];
    const response = await api.patch(`/case-management/cases/${created.id}`, { members });
    expect(response.status).toBe(200);
    expect(response.body.members).toEqual(members);
    expect((await api.get(`/case-management/cases/${created.id}`)).body.members).toEqual(members);
    const emptied = await api.patch(`/case-management/cases/${created.id}`, { members: [] });
    expect(emptied.body.members).toEqual([]);
    expect((await api.get(`/case-management/cases/${created.id}`)).body.members).toEqual([]);
  });

  it("keeps the members when the patch does not mention them", async () => {
    const created = await createCase();
    const response = await api.patch(`/case-management/cases/${created.id}`, { effectiveStartDate: "2025-03-01" });
    expect(response.body.members).toEqual(fullCase.members);
    expect(response.body.effectiveStartDate).toBe("2025-03-01");
  });

  it("closing a case sets effectiveEndDate to today", async () => {
    const created = await createCase();
    const before = utcToday();
    const response = await api.patch(`/case-management/cases/${created.id}`, { status: "closed" });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("closed");
    expect([before, utcToday()]).toContain(response.body.effectiveEndDate);
    expect((await api.get(`/case-management/cases/${created.id}`)).body.effectiveEndDate).toBe(response.body.effectiveEndDate);
  });

  it("closing a case with an end date keeps that date", async () => {
    const created = await createCase();
    const response = await api.patch(`/case-management/cases/${created.id}`, { status: "closed", effectiveEndDate: "2025-09-30" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ status: "closed", effectiveEndDate: "2025-09-30" }));
  });

  it("a closed case keeps its end date through unrelated patches", async () => {
    const created = await createCase({ ...fullCase, status: "closed", effectiveEndDate: "2025-09-30" });
    const response = await api.patch(`/case-management/cases/${created.id}`, { assignedToId: null });
    expect(response.body).toEqual(expect.objectContaining({ status: "closed", effectiveEndDate: "2025-09-30", assignedToId: null }));
  });

  it("reopening a case with effectiveEndDate null makes it active without an end date", async () => {
    const created = await createCase({ ...fullCase, status: "closed", effectiveEndDate: "2025-09-30" });
    const response = await api.patch(`/case-management/cases/${created.id}`, { status: "active", effectiveEndDate: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ status: "active", effectiveEndDate: null }));
  });

  it("reopening a case with status active alone clears its end date", async () => {
    const created = await createCase({ ...fullCase, status: "closed", effectiveEndDate: "2025-09-30" });
    const response = await api.patch(`/case-management/cases/${created.id}`, { status: "active" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ status: "active", effectiveEndDate: null }));
  });

  it("rejects an end date on an active case with 422 and leaves the case unchanged", async () => {
    const created = await createCase();
    expectValidationError(await api.patch(`/case-management/cases/${created.id}`, { effectiveEndDate: "2025-12-31" }), "effectiveEndDate");
    expect((await api.get(`/case-management/cases/${created.id}`)).body).toEqual(created);
  });

  it("rejects an end date before the start date with 422", async () => {
    const created = await createCase();
    expectValidationError(
      await api.patch(`/case-management/cases/${created.id}`, { status: "closed", effectiveEndDate: "2024-12-31" }),
      "effectiveEndDate",
    );
    expect((await api.get(`/case-management/cases/${created.id}`)).body).toEqual(created);
  });

  it.each([
    ["a status outside the enum", { status: "pending" }, "status"],
    ["a non-uuid primaryApplicantId", { primaryApplicantId: "nobody" }, "primaryApplicantId"],
    ["a null primaryApplicantId", { primaryApplicantId: null }, "primaryApplicantId"],
    ["an unknown field", { program: "TANF" }, "program"],
    ["a wrong type", { members: { personId: spouse } }, "members"],
    [
      "a duplicate member",
      {
        members: [
          { personId: spouse, relationship: "a" },
          { personId: spouse, relationship: "b" },
        ],
      },
      "members.1.personId",
    ],
  ])("rejects %s with 422 and leaves the case unchanged", async (_label, patch, field) => {
    const created = await createCase();
    expectValidationError(await api.patch(`/case-management/cases/${created.id}`, patch), field);
    expect((await api.get(`/case-management/cases/${created.id}`)).body).toEqual(created);
  });

  it("ignores read-only fields in the patch", async () => {
    const created = await createCase();
    const response = await api.patch(`/case-management/cases/${created.id}`, {
      id: MISSING_ID,
      createdAt: "2000-01-01T00:00:00.000Z",
      status: "active",
    });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(created.id);
    expect(response.body.createdAt).toBe(created.createdAt);
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    expectErrorEnvelope(await api.patch(`/case-management/cases/${MISSING_ID}`, { status: "closed" }), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch("/case-management/cases/not-a-uuid", { status: "closed" }), 404, "NOT_FOUND");
  });

  it("rejects an empty patch {} with 400 BAD_REQUEST", async () => {
    const created = await createCase();
    const envelope = expectErrorEnvelope(await api.patch(`/case-management/cases/${created.id}`, {}), 400, "BAD_REQUEST");
    expect(detailFields(envelope)).toEqual(["body"]);
  });

  it("rejects a non-object body with 400 BAD_REQUEST", async () => {
    const created = await createCase();
    expectErrorEnvelope(await api.patch(`/case-management/cases/${created.id}`, [1]), 400, "BAD_REQUEST");
    expectErrorEnvelope(await api.patch(`/case-management/cases/${created.id}`, '"closed"'), 400, "BAD_REQUEST");
  });

  it("rejects malformed JSON with 400 BAD_REQUEST", async () => {
    const created = await createCase();
    expectErrorEnvelope(await api.patch(`/case-management/cases/${created.id}`, "{status: closed}"), 400, "BAD_REQUEST");
    expect((await api.get(`/case-management/cases/${created.id}`)).body).toEqual(created);
  });
});

describe("DELETE /case-management/cases/{caseId}", () => {
  it("deletes permanently: 204 without a body, then GET 404 and a second DELETE 404", async () => {
    const created = await createCase();
    const response = await api.delete(`/case-management/cases/${created.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expectErrorEnvelope(await api.get(`/case-management/cases/${created.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`/case-management/cases/${created.id}`), 404, "NOT_FOUND");
  });

  it("removes the case from member searches too", async () => {
    const member = randomUUID();
    const created = await createCase({ primaryApplicantId: applicant, members: [{ personId: member, relationship: "self" }] });
    const search = `/case-management/cases?q=${encodeURIComponent(`members.personId:${member}`)}`;
    expect((await api.get(search)).body.items.map((found: Case) => found.id)).toEqual([created.id]);
    expect((await api.delete(`/case-management/cases/${created.id}`)).status).toBe(204);
    expect((await api.get(search)).body.total).toBe(0);
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    expectErrorEnvelope(await api.delete(`/case-management/cases/${MISSING_ID}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete("/case-management/cases/not-a-uuid"), 404, "NOT_FOUND");
  });
});
