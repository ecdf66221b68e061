// /intake/applications and their members over real HTTP against PostgreSQL (SPEC §2.12, §3.4, §4.9;
// resources.md §3.2–§3.3): CRUD, validation of every nested object, the states in which an
// application may change, its events, an applicant's own applications, and the application graph.
import { randomUUID } from "node:crypto";
import { applicantAccount, bearer } from "../support/auth";
import {
  detailFields,
  expectErrorEnvelope,
  expectValidationError,
  ISO_DATE_TIME,
  type Json,
  listPath,
  MISSING_ID,
  UUID_PATTERN,
} from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";
import { created, newApplication } from "../support/creators";

const { api, url, platform } = useTestPlatform("intake_applications");
const APPLICATIONS = "/intake/applications";

const draftApplication = (extra: Json = {}) => newApplication(api, { programs: ["snap"], channel: "online", ...extra });
const membersOf = (applicationId: string) => `${APPLICATIONS}/${applicationId}/members`;

const applicant = (lastName: string, extra: Json = {}) => ({
  roles: ["primary_applicant"],
  programsAppliedFor: ["snap"],
  personalInformation: { ssn: "123-45-6789", dateOfBirth: "1990-04-01", sexAssignedAtBirth: "female", preferredSpokenLanguage: "es-MX" },
  contact: {
    name: { firstName: "Ana", lastName },
    primaryAddress: { addressLine1: "1 Main St", city: "Springfield", state: "IL", zip: "62701", county: "Sangamon" },
    primaryPhone: "+1 (217) 555-0100",
    email: "ana@example.org",
    noticePreference: "email",
  },
  ...extra,
});

/** Puts an application in a state its lifecycle would (the lifecycle's actions are the next slice). */
async function moveTo(applicationId: string, status: string): Promise<void> {
  await platform().database.prisma.application.update({ where: { id: applicationId }, data: { status: status as never } });
}

describe("POST /intake/applications", () => {
  it("creates a draft: 201, Location, every field, server-set ones null, and intake.application.created", async () => {
    const body = {
      programs: ["snap", "medicaid"],
      channel: "in_person",
      ebt: { needsCard: true, deliveryPreference: "by_mail" },
      registerToVote: false,
      deniesIevsConsent: false,
      expeditedSnap: { totalMoneyExpectedThisMonth: 200, totalCashOnHand: 15.5, monthlyRent: 700, receivedSnapInLast30Days: false },
      utilities: { heatCoolMethod: "gas", receivesLiheap: true },
    };
    const response = await api.post(APPLICATIONS, body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      ...body,
      id: expect.stringMatching(UUID_PATTERN),
      status: "draft",
      isExpedited: null,
      county: null,
      submittedAt: null,
      withdrawnAt: null,
      closedAt: null,
      createdAt: expect.stringMatching(ISO_DATE_TIME),
      updatedAt: expect.stringMatching(ISO_DATE_TIME),
    });
    expect(new URL(response.headers.get("location") ?? "", url()).pathname).toBe(`${APPLICATIONS}/${response.body.id}`);
    const [event] = await eventsOf(api, response.body.id, "intake.application.created");
    expect(event).toEqual(expect.objectContaining({ source: "/intake", data: response.body }));
  });

  it("accepts the earlier contract's programsAppliedFor for programs", async () => {
    const response = await api.post(APPLICATIONS, { programsAppliedFor: ["tanf"] });
    expect(response.status).toBe(201);
    expect(response.body.programs).toEqual(["tanf"]);
  });

  it("is always a draft: a status, expedited flag or instants sent are ignored (a client sending back what it read)", async () => {
    const read = await draftApplication();
    const response = await api.post(APPLICATIONS, { ...read, status: "closed", isExpedited: true, submittedAt: "2026-01-01T00:00:00Z" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(expect.objectContaining({ status: "draft", isExpedited: null, submittedAt: null }));
    expect(response.body.id).not.toBe(read.id);
  });

  it.each([
    ["no programs", {}, "programs"],
    ["an empty programs list", { programs: [] }, "programs"],
    ["an unknown program", { programs: ["wic"] }, "programs.0"],
    ["an unknown channel", { programs: ["snap"], channel: "fax" }, "channel"],
    ["an unknown EBT delivery preference", { programs: ["snap"], ebt: { deliveryPreference: "by_drone" } }, "ebt.deliveryPreference"],
    ["negative cash on hand", { programs: ["snap"], expeditedSnap: { totalCashOnHand: -1 } }, "expeditedSnap.totalCashOnHand"],
    ["an unknown heating fuel", { programs: ["snap"], utilities: { heatCoolMethod: "wood" } }, "utilities.heatCoolMethod"],
    ["an unknown field", { programs: ["snap"], color: "red" }, "color"],
  ])("refuses %s with 422 naming the field", async (_label, body, field) => {
    expectValidationError(await api.post(APPLICATIONS, body), field);
  });
});

describe("GET /intake/applications", () => {
  it("filters by status, programs, channel, submittedAt and the primary applicant's name, and sorts by it", async () => {
    const lastName = `Q${randomUUID().slice(0, 8)}`;
    const first = await draftApplication({ programs: ["medicaid"], channel: "mail" });
    const second = await draftApplication({ programs: ["snap", "tanf"], channel: "phone" });
    await created(api, membersOf(first.id), applicant(`${lastName}b`));
    await created(api, membersOf(second.id), applicant(`${lastName}a`));
    await moveTo(second.id, "submitted");
    await platform().database.prisma.application.update({
      where: { id: second.id },
      data: { submittedAt: new Date("2026-11-20T10:00:00Z") },
    });

    const ids = async (query: Json) => {
      const response = await api.get(listPath(APPLICATIONS, query));
      expect(response.status).toBe(200);
      return response.body.items.map((item: Json) => item.id);
    };
    expect(await ids({ q: `primaryApplicant.name.lastName:${lastName}`, sort: "primaryApplicant.name.lastName" })).toEqual([
      second.id,
      first.id,
    ]);
    expect(await ids({ q: `${lastName}a` })).toEqual([second.id]);
    expect(await ids({ q: `primaryApplicant.name.lastName:${lastName} status:submitted` })).toEqual([second.id]);
    expect(await ids({ q: `primaryApplicant.name.lastName:${lastName} programs:medicaid` })).toEqual([first.id]);
    expect(await ids({ q: `primaryApplicant.name.lastName:${lastName} channel:phone,mail`, sort: "-createdAt" })).toEqual([
      second.id,
      first.id,
    ]);
    expect(await ids({ q: `primaryApplicant.name.lastName:${lastName} submittedAt:>=2026-11-01` })).toEqual([second.id]);
  });

  it("answers 400 for a field lists cannot filter", async () => {
    const response = await api.get(listPath(APPLICATIONS, { q: "color:red" }));
    expect(detailFields(expectErrorEnvelope(response, 400, "INVALID_QUERY"))).toEqual(["q"]);
  });
});

describe("GET, PATCH, DELETE /intake/applications/{applicationId}", () => {
  it("answers 404 for an unknown id and for one that is not a uuid", async () => {
    expectErrorEnvelope(await api.get(`${APPLICATIONS}/${MISSING_ID}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${APPLICATIONS}/not-an-id`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch(`${APPLICATIONS}/${MISSING_ID}`, { channel: "mail" }), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`${APPLICATIONS}/${MISSING_ID}`), 404, "NOT_FOUND");
  });

  it("changes a draft or an application under review, and records intake.application.updated with the changes", async () => {
    const draft = await draftApplication();
    const changed = await api.patch(`${APPLICATIONS}/${draft.id}`, { channel: "phone", programsAppliedFor: ["snap", "medicaid"] });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(expect.objectContaining({ channel: "phone", programs: ["snap", "medicaid"] }));
    const [event] = await eventsOf(api, draft.id, "intake.application.updated");
    expect(event!.data.changes.map((change: Json) => change.field).sort()).toEqual(["channel", "programs"]);
    await moveTo(draft.id, "under_review");
    expect((await api.patch(`${APPLICATIONS}/${draft.id}`, { registerToVote: true })).status).toBe(200);
  });

  it.each(["submitted", "pending_approval", "withdrawn", "closed"])(
    "refuses to change a %s application (409 naming its state), and changes nothing",
    async (status) => {
      const application = await draftApplication();
      await moveTo(application.id, status);
      const envelope = expectErrorEnvelope(await api.patch(`${APPLICATIONS}/${application.id}`, { channel: "mail" }), 409, "CONFLICT");
      expect(envelope.message).toContain(status);
      expect((await api.get(`${APPLICATIONS}/${application.id}`)).body.channel).toBe("online");
      expect(await eventsOf(api, application.id, "intake.application.updated")).toEqual([]);
    },
  );

  it("deletes a draft with its members (204, then 404) and records intake.application.deleted", async () => {
    const draft = await draftApplication();
    const member = await created(api, membersOf(draft.id), applicant("Gone"));
    expect((await api.delete(`${APPLICATIONS}/${draft.id}`)).status).toBe(204);
    expectErrorEnvelope(await api.get(`${APPLICATIONS}/${draft.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${membersOf(draft.id)}/${member.id}`), 404, "NOT_FOUND");
    expect((await eventsOf(api, draft.id, "intake.application.deleted")).length).toBe(1);
  });

  it("refuses to delete anything but a draft (409)", async () => {
    const application = await draftApplication();
    await moveTo(application.id, "under_review");
    expectErrorEnvelope(await api.delete(`${APPLICATIONS}/${application.id}`), 409, "CONFLICT");
    expect((await api.get(`${APPLICATIONS}/${application.id}`)).status).toBe(200);
  });
});

describe("/intake/applications/{applicationId}/members", () => {
  it("adds a member with the nested objects: 201, every object as written, read-only fields server-set, and intake.application_member.created on the application", async () => {
    const application = await draftApplication();
    const body = applicant("Rivera", {
      residency: { isStateResident: true, stateResidencyDate: "2020-01-15" },
      citizenship: { citizenshipStatus: "non_citizen", immigrantStatus: "refugee", document: { type: "i_94", countryOfIssuance: "SV" } },
      retroactiveMedicalCoverage: { isRequested: true, periods: [{ month: "2026-09", householdIncome: 1200 }] },
      disability: { isDisabled: false },
      studentStatus: { enrollmentStatus: "part_time", institutionType: "vocational" },
      pregnancy: { isPregnant: true, dueDate: "2027-02-01", numberOfBabiesExpected: 1 },
      fosterCare: { exitReason: "aged_out" },
      military: { isVeteran: true, dischargeStatus: "honorable" },
      institutionalStatus: { livesInInstitution: false },
      priorConvictions: { isFleeingFelon: false },
      tribalStatus: { isAmericanIndianOrAlaskaNative: false },
      purchasesAndPreparesFood: true,
      personMatch: { matchStatus: "confirmed", candidates: [] },
      programDeterminations: [{ program: "snap", outcome: "approved", determinedAt: "2026-01-01T00:00:00Z" }],
    });
    const response = await api.post(membersOf(application.id), body);
    expect(response.status).toBe(201);
    const {
      personMatch: _match,
      programDeterminations: _decided,
      ...written
    } = body as typeof body & { personMatch?: unknown; programDeterminations?: unknown };
    expect(response.body).toEqual(
      expect.objectContaining({
        ...written,
        id: expect.stringMatching(UUID_PATTERN),
        applicationId: application.id,
        personId: null,
        personMatch: null,
        programDeterminations: [],
      }),
    );
    const [event] = await eventsOf(api, application.id, "intake.application_member.created");
    // The record as created, but for the values the log never holds (test/events/no-identifiers.test.ts).
    const personalInformation = { ...response.body.personalInformation, ssn: "[redacted]", dateOfBirth: "[redacted]" };
    expect(event!.data).toEqual({ ...response.body, personalInformation });
    expect(new URL(response.headers.get("location") ?? "", url()).pathname).toBe(`${membersOf(application.id)}/${response.body.id}`);
  });

  it.each([
    ["no roles", { contact: { name: { firstName: "A", lastName: "B" } } }, "roles"],
    ["an unknown role", { roles: ["landlord"] }, "roles.0"],
    [
      "an SSN not written NNN-NN-NNNN",
      { roles: ["household_member"], personalInformation: { ssn: "123456789" } },
      "personalInformation.ssn",
    ],
    [
      "an impossible date of birth",
      { roles: ["household_member"], personalInformation: { dateOfBirth: "1990-02-30" } },
      "personalInformation.dateOfBirth",
    ],
    [
      "a language that is not BCP 47",
      { roles: ["household_member"], personalInformation: { preferredWrittenLanguage: "Spanish!" } },
      "personalInformation.preferredWrittenLanguage",
    ],
    ["a phone number with letters", { roles: ["household_member"], contact: { primaryPhone: "call me" } }, "contact.primaryPhone"],
    ["an email that is not one", { roles: ["household_member"], contact: { email: "ana at example" } }, "contact.email"],
    [
      "an address without a city",
      { roles: ["household_member"], contact: { primaryAddress: { addressLine1: "1 Main", state: "IL", zip: "62701" } } },
      "contact.primaryAddress.city",
    ],
    [
      "an address with a field it does not have",
      {
        roles: ["household_member"],
        contact: { primaryAddress: { addressLine1: "1 Main", city: "S", state: "IL", zip: "62701", planet: "Earth" } },
      },
      "contact.primaryAddress.planet",
    ],
    ["a name without a last name", { roles: ["household_member"], contact: { name: { firstName: "A" } } }, "contact.name.lastName"],
    ["an unknown notice preference", { roles: ["household_member"], contact: { noticePreference: "pigeon" } }, "contact.noticePreference"],
    [
      "an unknown immigration document",
      { roles: ["household_member"], citizenship: { document: { type: "library_card" } } },
      "citizenship.document.type",
    ],
    [
      "a month not written YYYY-MM",
      { roles: ["household_member"], retroactiveMedicalCoverage: { periods: [{ month: "2026-13" }] } },
      "retroactiveMedicalCoverage.periods.0.month",
    ],
    ["no babies expected", { roles: ["household_member"], pregnancy: { numberOfBabiesExpected: 0 } }, "pregnancy.numberOfBabiesExpected"],
    ["an unknown discharge status", { roles: ["household_member"], military: { dischargeStatus: "heroic" } }, "military.dischargeStatus"],
    ["a personId that is not a uuid", { roles: ["household_member"], personId: "p-1" }, "personId"],
  ])("refuses %s with 422 naming the field", async (_label, body, field) => {
    const application = await draftApplication();
    expectValidationError(await api.post(membersOf(application.id), body), field);
    expect((await api.get(membersOf(application.id))).body.total).toBe(0);
  });

  it("keeps keys a sub-object's contract leaves open", async () => {
    const application = await draftApplication();
    const member = await created(api, membersOf(application.id), {
      roles: ["household_member"],
      disability: { isDisabled: true, note: "uses a wheelchair" },
    });
    expect(member.disability).toEqual({ isDisabled: true, note: "uses a wheelchair" });
  });

  it("lists, reads, changes and removes members; a member of another application's path is 404", async () => {
    const application = await draftApplication();
    const other = await draftApplication();
    const first = await created(api, membersOf(application.id), applicant("One"));
    const second = await created(api, membersOf(application.id), { roles: ["household_member"], programsAppliedFor: ["snap"] });
    const list = await api.get(membersOf(application.id));
    expect(list.body.items.map((item: Json) => item.id)).toEqual([first.id, second.id]);
    expect(
      (await api.get(listPath(membersOf(application.id), { q: "roles:household_member" }))).body.items.map((item: Json) => item.id),
    ).toEqual([second.id]);
    expectErrorEnvelope(await api.get(`${membersOf(other.id)}/${first.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch(`${membersOf(other.id)}/${first.id}`, { isMigrantFarmWorker: true }), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${membersOf(MISSING_ID)}`), 404, "NOT_FOUND");

    const changed = await api.patch(`${membersOf(application.id)}/${second.id}`, {
      isMigrantFarmWorker: true,
      personMatch: { matchStatus: "confirmed" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(expect.objectContaining({ isMigrantFarmWorker: true, personMatch: null }));
    const [updated] = await eventsOf(api, application.id, "intake.application_member.updated");
    expect(updated!.data).toEqual({
      memberId: second.id,
      changes: [expect.objectContaining({ field: "isMigrantFarmWorker", before: null, after: true })],
    });

    expect((await api.delete(`${membersOf(application.id)}/${second.id}`)).status).toBe(204);
    expectErrorEnvelope(await api.get(`${membersOf(application.id)}/${second.id}`), 404, "NOT_FOUND");
    const [deleted] = await eventsOf(api, application.id, "intake.application_member.deleted");
    expect(deleted!.data).toEqual({ memberId: second.id });
  });

  it.each(["submitted", "withdrawn", "closed"])(
    "refuses member writes on a %s application (409), and accepts them under review",
    async (status) => {
      const application = await draftApplication();
      const member = await created(api, membersOf(application.id), applicant("Locked"));
      await moveTo(application.id, status);
      expectErrorEnvelope(await api.post(membersOf(application.id), { roles: ["household_member"] }), 409, "CONFLICT");
      expectErrorEnvelope(await api.patch(`${membersOf(application.id)}/${member.id}`, { isMigrantFarmWorker: true }), 409, "CONFLICT");
      expectErrorEnvelope(await api.delete(`${membersOf(application.id)}/${member.id}`), 409, "CONFLICT");
      await moveTo(application.id, "under_review");
      expect((await api.patch(`${membersOf(application.id)}/${member.id}`, { isMigrantFarmWorker: true })).status).toBe(200);
    },
  );
});

describe("an applicant's own applications", () => {
  it("creates one, reads and changes it, lists only their own, and is refused anyone else's (403)", async () => {
    const staffs = await draftApplication();
    const { headers } = await applicantAccount(api);
    const own = await api.raw("POST", APPLICATIONS, { programs: ["snap"] }, headers);
    expect(own.status).toBe(201);
    expect((await api.raw("GET", `${APPLICATIONS}/${own.body.id}`, undefined, headers)).status).toBe(200);
    expect((await api.raw("PATCH", `${APPLICATIONS}/${own.body.id}`, { channel: "online" }, headers)).status).toBe(200);
    expect((await api.raw("POST", membersOf(own.body.id), applicant("Own"), headers)).status).toBe(201);
    const listed = await api.raw("GET", listPath(APPLICATIONS, { limit: 100 }), undefined, headers);
    expect(listed.body.items.map((item: Json) => item.id)).toEqual([own.body.id]);

    expectErrorEnvelope(await api.raw("GET", `${APPLICATIONS}/${staffs.id}`, undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("PATCH", `${APPLICATIONS}/${staffs.id}`, { channel: "mail" }, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("GET", membersOf(staffs.id), undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("POST", membersOf(staffs.id), applicant("Intruder"), headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("DELETE", `${APPLICATIONS}/${staffs.id}`, undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(
      await api.raw("GET", `${APPLICATIONS}/${own.body.id}`, undefined, (await applicantAccount(api)).headers),
      403,
      "FORBIDDEN",
    );
  });

  it("lists none for an applicant whose credential names no account (its id an identity provider's subject)", async () => {
    await draftApplication();
    const headers = await bearer(["applicant"], { sub: "idp|no-account-yet" });
    const listed = await api.raw("GET", listPath(APPLICATIONS, { limit: 100 }), undefined, headers);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([]);
  });

  it("lets a partner read under its agreement but not write (403)", async () => {
    const application = await draftApplication();
    const partner = await bearer(["partner_readonly"], { programs: application.programs });
    expect((await api.raw("GET", `${APPLICATIONS}/${application.id}`, undefined, partner)).status).toBe(200);
    expectErrorEnvelope(await api.raw("PATCH", `${APPLICATIONS}/${application.id}`, { channel: "mail" }, partner), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("POST", APPLICATIONS, { programs: ["snap"] }, partner), 403, "FORBIDDEN");
  });
});

describe("the application graph", () => {
  it("walks application → members → person → applications in one query", async () => {
    const person = (await api.post("/persons", { name: { firstName: "Graph", lastName: "Walker" } })).body;
    const application = await draftApplication();
    const member = await created(api, membersOf(application.id), applicant("Walker", { personId: person.id }));
    const response = await api.post("/graphql", {
      query: `query ($id: ID!) { application(id: $id) { id status programs members { id roles contact person { id attributes applications { id } } } } }`,
      variables: { id: application.id },
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.application).toEqual({
      id: application.id,
      status: "draft",
      programs: ["snap"],
      members: [
        {
          id: member.id,
          roles: ["primary_applicant"],
          contact: member.contact,
          person: { id: person.id, attributes: person.attributes ?? expect.any(Object), applications: [{ id: application.id }] },
        },
      ],
    });
  });
});
