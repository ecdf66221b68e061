// Case management's reaction to approvals (issue 16, "Case on approval"), over the real platform and
// PostgreSQL: an application reaches review through the public API (filed, its review task claimed),
// its members' program decisions are written as eligibility writes them, and a caseworker closes it.
// The household then has a case — new persons made through the persons domain, the primary applicant's
// open case reused for a later application — intake's members are linked back to their persons, and
// the graph leads from the case to its applications and back. Denials alone open nothing, and the same
// event delivered again changes nothing.
import { bearer, workerAccount, type Account } from "../support/auth";
import { type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { expectSameStatements, sqlRecorder } from "../support/sql-count";
import { waitFor } from "../support/waiting";
import { eventsOf } from "../support/event-log";

const recorder = sqlRecorder();
const { api, db, settle } = useTestPlatform("case_approvals", { onQuery: recorder.record });

type MemberBody = { roles: string[]; personId?: string; contact?: Json; personalInformation?: Json; programsAppliedFor?: string[] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

let worker: Account;
beforeAll(async () => {
  worker = await workerAccount(api);
});

/** A filed SNAP application with these members, its primary applicant signing; answers its id and its members' ids in order. */
async function filedApplication(
  members: MemberBody[],
  relationships: { from: number; to: number; types: string[] }[] = [],
): Promise<{ id: string; memberIds: string[] }> {
  const created = await api.post("/intake/applications", { programs: ["snap"], channel: "online" });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const memberIds: string[] = [];
  for (const member of members) {
    const added = await api.post(`/intake/applications/${id}/members`, { programsAppliedFor: ["snap"], ...member });
    expect(added.status).toBe(201);
    memberIds.push(added.body.id);
  }
  for (const { from, to, types } of relationships) {
    const related = await api.post(`/intake/applications/${id}/person-relationships`, {
      from: { type: "member", id: memberIds[from] },
      to: { type: "member", id: memberIds[to] },
      relationshipTypes: types,
    });
    expect(related.status).toBe(201);
  }
  const signed = await api.post(`/intake/applications/${id}/signatures`, {
    signer: { type: "member", id: memberIds[0], role: "applicant" },
    purpose: "application",
    signedAt: "2026-11-24T10:00:00Z",
    signatureMethod: "electronic",
  });
  expect(signed.status).toBe(201);
  const submitted = await api.post(`/intake/applications/${id}/submit`, undefined, worker.headers);
  expect(submitted.status).toBe(200);
  return { id, memberIds };
}

/** Claims the application's review task, which opens the application (under review). */
async function openReview(applicationId: string): Promise<void> {
  let task: Json | undefined;
  await waitFor(async () => {
    task = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${applicationId}` }))).body.items[0];
    return task !== undefined;
  }, "the review task");
  expect((await api.post(`/workflow/tasks/${task!.id}/claim`, undefined, worker.headers)).status).toBe(200);
  await waitFor(
    async () => (await api.get(`/intake/applications/${applicationId}`)).body.status === "under_review",
    "the application to open",
  );
}

/** Each member's decisions as intake appends them when eligibility decides (`programDeterminations`), then the caseworker closes the application. */
async function decideAndClose(applicationId: string, outcomes: Record<string, "approved" | "denied">): Promise<Json> {
  for (const [memberId, outcome] of Object.entries(outcomes)) {
    await db().applicationMember.update({
      where: { id: memberId },
      data: { programDeterminations: [{ program: "snap", outcome, determinedAt: new Date().toISOString() }] },
    });
  }
  const closed = await api.post(`/intake/applications/${applicationId}/close`, undefined, worker.headers);
  expect(closed.status).toBe(200);
  expect(closed.body.status).toBe("closed");
  const [event] = await eventsOf(api, applicationId, "intake.application.closed");
  return event!;
}

/** The case the application was linked to, once the reaction has run. */
async function caseOf(applicationId: string): Promise<Json> {
  await waitFor(async () => (await db().caseApplication.findUnique({ where: { applicationId } })) !== null, "the application's case");
  const { caseId } = (await db().caseApplication.findUnique({ where: { applicationId } }))!;
  return (await api.get(`/case-management/cases/${caseId}`)).body;
}

const member = async (applicationId: string, memberId: string): Promise<Json> =>
  (await api.get(`/intake/applications/${applicationId}/members/${memberId}`)).body;

const rosa = (ssn: string): MemberBody => ({
  roles: ["primary_applicant"],
  contact: {
    name: { firstName: "Rosa", middleName: "Elena", lastName: "Lind" },
    primaryAddress: { addressLine1: "9 Elm St", city: "Springfield", state: "IL", zip: "62701" },
    primaryPhone: "+1 217 555 0100",
    email: "rosa.lind@example.org",
    noticePreference: "email",
  },
  personalInformation: {
    dateOfBirth: "1985-02-03",
    ssn,
    sexAssignedAtBirth: "female",
    preferredSpokenLanguage: "es",
    maritalStatus: "single",
  },
});

describe("an application closed with an approved program", () => {
  it("opens a case for its household, with new persons for members no one knew, and links the members back", async () => {
    const ada = await api.post("/persons", { name: { firstName: "Ada", lastName: "Lind" }, dateOfBirth: "2014-06-07" });
    expect(ada.status).toBe(201);
    const { id, memberIds } = await filedApplication(
      [
        rosa("212-45-6701"),
        {
          roles: ["household_member"],
          personId: ada.body.id,
          contact: { name: { firstName: "Ada", lastName: "Lind" } },
          personalInformation: { dateOfBirth: "2014-06-07" },
        },
        // Someone on the application who is not of the household: no person, no place on the case.
        { roles: ["authorized_representative"], contact: { name: { firstName: "Lee", lastName: "Helper" } }, programsAppliedFor: [] },
      ],
      [{ from: 1, to: 0, types: ["child"] }],
    );
    const [rosaId, adaId, helperId] = memberIds as [string, string, string];
    await openReview(id);
    const closed = await decideAndClose(id, { [rosaId]: "approved", [adaId]: "approved" });

    const kase = await caseOf(id);
    const rosaPersonId = kase.primaryApplicantId as string;
    expect(rosaPersonId).not.toBe(ada.body.id);
    expect(kase).toMatchObject({
      status: "active",
      effectiveStartDate: expect.stringMatching(DAY),
      effectiveEndDate: null,
      members: [
        { personId: rosaPersonId, relationship: "self" },
        { personId: ada.body.id, relationship: "child" },
      ],
    });

    // The new person is the member's answers, where the persons domain reads them.
    const person = (await api.get(`/persons/${rosaPersonId}`)).body;
    expect(person).toMatchObject({
      name: { firstName: "Rosa", middleName: "Elena", lastName: "Lind" },
      dateOfBirth: "1985-02-03",
      ssn: "212-45-6701",
      email: "rosa.lind@example.org",
      phoneNumber: "+1 217 555 0100",
      address: { addressLine1: "9 Elm St", city: "Springfield", state: "IL", zip: "62701" },
      sexAssignedAtBirth: "female",
      preferredSpokenLanguage: "es",
      maritalStatus: "single",
    });
    expect(
      (await api.get(listPath("/persons", { q: "address.zip:62701 name.lastName:lind" }))).body.items.map((found: Json) => found.id),
    ).toEqual([rosaPersonId]);

    // Intake links the member to the person; the one already linked and the one outside the household stay as they were.
    await waitFor(async () => (await member(id, rosaId)).personId === rosaPersonId, "the primary applicant linked to their person");
    expect((await member(id, adaId)).personId).toBe(ada.body.id);
    expect((await member(id, helperId)).personId).toBeNull();

    // Every change is caused by the closing, and intake's link by case management's event.
    const [linked, ...again] = await eventsOf(api, kase.id, "case_management.case.application_linked");
    expect(again).toEqual([]);
    expect(linked).toMatchObject({
      source: "/case-management",
      causationid: closed.id,
      authtype: "system",
      data: {
        caseId: kase.id,
        applicationId: id,
        members: [
          { memberId: rosaId, personId: rosaPersonId },
          { memberId: adaId, personId: ada.body.id },
        ],
      },
    });
    expect(await eventsOf(api, kase.id, "case_management.case.created")).toEqual([expect.objectContaining({ causationid: closed.id })]);
    expect(await eventsOf(api, rosaPersonId, "persons.person.created")).toEqual([expect.objectContaining({ causationid: closed.id })]);
    await settle();
    const memberUpdates = (await eventsOf(api, id, "intake.application_member.updated")).filter(
      (event) => event.causationid === linked!.id,
    );
    expect(memberUpdates.map((event) => [event.data.memberId, event.data.changes])).toEqual([
      [rosaId, [{ field: "personId", before: null, after: rosaPersonId }]],
    ]);

    // The graph leads from the case to its applications and back.
    const graph = await api.graphql(
      `query ($caseId: ID!, $applicationId: ID!) {
        case(id: $caseId) { applications { id status } }
        application(id: $applicationId) { case { id primaryApplicant { id } members { relationship person { id } } } }
      }`,
      { caseId: kase.id, applicationId: id },
    );
    expect(graph.errors).toBeUndefined();
    expect(graph.data.case.applications).toEqual([{ id, status: "closed" }]);
    expect(graph.data.application.case).toEqual({
      id: kase.id,
      primaryApplicant: { id: rosaPersonId },
      members: [
        { relationship: "self", person: { id: rosaPersonId } },
        { relationship: "child", person: { id: ada.body.id } },
      ],
    });
  });

  it("adds a later application's household to the primary applicant's open case", async () => {
    const first = await filedApplication([rosa("212-45-6702")]);
    await openReview(first.id);
    await decideAndClose(first.id, { [first.memberIds[0]!]: "approved" });
    const kase = await caseOf(first.id);
    const rosaPersonId = kase.primaryApplicantId as string;
    await waitFor(
      async () => (await member(first.id, first.memberIds[0]!)).personId === rosaPersonId,
      "the first application's member linked",
    );

    // The same applicant applies again with her spouse: matching knows her by her SSN, from the person the case made.
    const second = await filedApplication(
      [
        rosa("212-45-6702"),
        {
          roles: ["household_member"],
          contact: { name: { firstName: "Tom", lastName: "Lind" } },
          personalInformation: { dateOfBirth: "1983-09-10" },
        },
      ],
      [{ from: 1, to: 0, types: ["spouse"] }],
    );
    await waitFor(
      async () => (await member(second.id, second.memberIds[0]!)).personId === rosaPersonId,
      "person matching to confirm the applicant",
    );
    await openReview(second.id);
    const closed = await decideAndClose(second.id, { [second.memberIds[0]!]: "approved", [second.memberIds[1]!]: "denied" });

    const again = await caseOf(second.id);
    expect(again.id).toBe(kase.id);
    const tomPersonId = again.members[1]?.personId as string;
    expect(again.members).toEqual([
      { personId: rosaPersonId, relationship: "self" },
      { personId: tomPersonId, relationship: "spouse" },
    ]);
    expect((await api.get(`/persons/${tomPersonId}`)).body).toMatchObject({
      name: { firstName: "Tom", lastName: "Lind" },
      dateOfBirth: "1983-09-10",
    });
    expect(await db().case.count({ where: { primaryApplicantId: rosaPersonId } })).toBe(1);
    const [updated] = await eventsOf(api, kase.id, "case_management.case.updated");
    expect(updated).toMatchObject({ causationid: closed.id, data: { changes: [expect.objectContaining({ field: "members" })] } });
    await waitFor(async () => (await member(second.id, second.memberIds[1]!)).personId === tomPersonId, "the spouse linked to his person");

    const graph = await api.graphql(`query ($id: ID!) { case(id: $id) { applications { id } } }`, { id: kase.id });
    expect(graph.errors).toBeUndefined();
    expect(graph.data.case.applications).toEqual([{ id: first.id }, { id: second.id }]);
  });
});

describe("what opens no case", () => {
  it("an application closed with denials only", async () => {
    const persons = await db().person.count();
    const { id, memberIds } = await filedApplication([rosa("212-45-6703")]);
    await openReview(id);
    await decideAndClose(id, { [memberIds[0]!]: "denied" });
    await settle();
    expect(await db().caseApplication.findUnique({ where: { applicationId: id } })).toBeNull();
    expect(await db().person.count()).toBe(persons);
    expect((await member(id, memberIds[0]!)).personId).toBeNull();
    const graph = await api.graphql(`query ($id: ID!) { application(id: $id) { case { id } } }`, { id });
    expect(graph.errors).toBeUndefined();
    expect(graph.data.application.case).toBeNull();
  });

  it("the same closing delivered again: no new person, case, link or event", async () => {
    const { id, memberIds } = await filedApplication([
      rosa("212-45-6704"),
      { roles: ["household_member"], contact: { name: { firstName: "Ivy", lastName: "Lind" } } },
    ]);
    await openReview(id);
    await decideAndClose(id, { [memberIds[0]!]: "approved" });
    await caseOf(id);
    await settle();
    const counts = async () => ({
      persons: await db().person.count(),
      cases: await db().case.count(),
      links: await db().caseApplication.count(),
      events: await db().platformEvent.count({ where: { source: { in: ["/case-management", "/persons"] } } }),
      memberUpdates: await db().platformEvent.count({ where: { type: "intake.application_member.updated" } }),
    });
    const before = await counts();
    // Both reactions go back to the start of the log: every closing and every link reaches them a second time.
    for (const name of ["case-management.approvals", "intake.case-links"])
      await db().eventConsumer.update({ where: { name }, data: { position: 0n } });
    await settle();
    for (const name of ["case-management.approvals", "intake.case-links"]) {
      await waitFor(
        async () => ((await db().eventConsumer.findUnique({ where: { name } }))?.position ?? 0n) > 0n,
        `${name} to read the log again`,
      );
    }
    await settle();
    expect(await counts()).toEqual(before);
  });
});

describe("the links in the graph", () => {
  it("are batched: cases with their applications and each application's case cost the same statements for two cases as for every case", async () => {
    for (const ssn of ["212-45-6705", "212-45-6706", "212-45-6707"]) {
      const { id, memberIds } = await filedApplication([rosa(ssn)]);
      await openReview(id);
      await decideAndClose(id, { [memberIds[0]!]: "approved" });
      await caseOf(id);
    }
    await settle();
    const total = await db().case.count();
    // Both pages short of their limit (no count asked), the first over the last two cases, the second over all of them.
    const query = `query ($offset: Int!) { cases(limit: 100, offset: $offset, sort: "createdAt") { items { id applications { id status case { id members { personId } } } } } }`;
    const two = await recorder.statementsOf(api, query, { offset: total - 2 });
    const every = await recorder.statementsOf(api, query, { offset: 0 });
    expect(every.result.errors).toBeUndefined();
    expect(two.result.data.cases.items).toHaveLength(2);
    expect(every.result.data.cases.items).toHaveLength(total);
    for (const kase of every.result.data.cases.items)
      for (const application of kase.applications) expect(application).toMatchObject({ status: "closed", case: { id: kase.id } });
    expectSameStatements(["two cases", "every case"], two.sql, every.sql);
  });
});

describe("who may follow the links", () => {
  it("Application.case needs cases:read: a partner reads the application, not its case", async () => {
    const id = (await api.post("/intake/applications", { programs: ["snap"] })).body.id as string;
    const partner = await bearer(["partner_readonly"], { sub: "approvals|partner", programs: ["snap"] });
    const response = await api.raw(
      "POST",
      "/graphql",
      { query: `query ($id: ID!) { application(id: $id) { id case { id } } }`, variables: { id } },
      partner,
    );
    expect(response.body.data.application).toEqual({ id, case: null });
    expect(response.body.errors.map((error: Json) => [error.path, error.extensions.code])).toEqual([
      [["application", "case"], "FORBIDDEN"],
    ]);
  });
});
