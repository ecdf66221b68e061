// Person matching end to end over real HTTP against PostgreSQL (events.md §3, state-machines.md
// "client_management.person.match_resolved"): submitting an application matches each applying member
// against the persons — same SSN confirmed, same name and date of birth for review, else no match —
// through match keys (the SSN only as a keyed hash), and intake writes the outcome onto the member.
import { createHash, createHmac, randomInt, randomUUID } from "node:crypto";
import { DEVELOPMENT_PERSON_MATCH_KEY } from "@pap/core";
import { matchKeyer } from "../../subgraphs/persons/src/domain/matching";
import { refreshMatchKeys } from "../../subgraphs/persons/src/operations/matching";
import { type Json, UUID_PATTERN } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { WAIT_MS, waitForValue } from "../support/waiting";
import { eventsMatching } from "../support/event-log";
import { created } from "../support/creators";

// The filing minimum (signature, address) is the lifecycle's concern, tested with it; here it only stands in the way.
process.env.INTAKE_FILING_MINIMUM = "off";

const { api, platform } = useTestPlatform("intake_person_matching");
const APPLICATIONS = "/intake/applications";
const MATCH_RESOLVED = "client_management.person.match_resolved";

/** An SSN no other test's person holds, of a kind that can have been issued (area 001–665, 667–899). */
function freshSsn(): { dashed: string; digits: string } {
  let area = randomInt(1, 900);
  if (area === 666) area = 667;
  const digits = `${String(area).padStart(3, "0")}${String(randomInt(1, 100)).padStart(2, "0")}${String(randomInt(1, 10_000)).padStart(4, "0")}`;
  return { digits, dashed: `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` };
}

/** A last name no other test uses, so that name lookups find only this test's persons. */
const freshName = (base: string) => `${base}${randomUUID().slice(0, 8)}`;

const address = { addressLine1: "1 Main St", city: "Springfield", state: "IL", zip: "62701" };

const member = (roles: string[], programs: string[], name: { firstName: string; lastName: string }, personalInformation: Json = {}) => ({
  roles,
  programsAppliedFor: programs,
  personalInformation,
  contact: { name, primaryAddress: address },
});

async function submit(applicationId: string): Promise<void> {
  const response = await api.post(`${APPLICATIONS}/${applicationId}/submit`, {});
  if (response.status !== 200) throw new Error(`submit: ${response.status} ${JSON.stringify(response.body)}`);
}

const memberPath = (applicationId: string, memberId: string) => `${APPLICATIONS}/${applicationId}/members/${memberId}`;

async function readMember(applicationId: string, memberId: string): Promise<Json> {
  const response = await api.get(memberPath(applicationId, memberId));
  if (response.status !== 200) throw new Error(`GET member: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The member once matching has written its outcome. */
const matched = (applicationId: string, memberId: string) =>
  waitForValue(
    async () => {
      const found = await readMember(applicationId, memberId);
      return found.personMatch ? found : undefined;
    },
    `member ${memberId}'s personMatch`,
    WAIT_MS,
    50,
  );

describe("person matching on submission", () => {
  it("confirms an SSN match (personId set), asks review for name and date of birth, finds no match otherwise; non-applying members are left alone", async () => {
    const shared = freshSsn();
    const lucia = { firstName: "Lucia", lastName: freshName("Perez") };
    // Persons as clients write them: the person record's own shape, with the SSN under either name.
    const maria = await created(api, "/persons", {
      name: { firstName: "Maria", lastName: freshName("Garcia") },
      dateOfBirth: "1985-04-12",
      socialSecurityNumber: shared.dashed,
    });
    const luciaPerson = await created(api, "/persons", {
      name: { firstName: "LUCIA", lastName: lucia.lastName.toLowerCase() },
      dateOfBirth: "2015-09-01",
    });
    const bystander = await created(api, "/persons", { name: lucia, dateOfBirth: "2015-09-02", ssn: freshSsn().dashed });

    const application = await created(api, APPLICATIONS, { programs: ["snap", "medicaid"], channel: "online" });
    const members = `${APPLICATIONS}/${application.id}/members`;
    // The SSN decides, whatever the name: the applicant wrote hers differently.
    const applicant = await created(
      api,
      members,
      member(
        ["primary_applicant"],
        ["snap"],
        { firstName: "María", lastName: "Garcia-Lopez" },
        { ssn: shared.dashed, dateOfBirth: "1985-04-12" },
      ),
    );
    const child = await created(api, members, member(["household_member"], ["snap", "medicaid"], lucia, { dateOfBirth: "2015-09-01" }));
    const stranger = await created(
      api,
      members,
      member(
        ["household_member"],
        ["medicaid"],
        { firstName: "Nobody", lastName: freshName("Known") },
        { ssn: freshSsn().dashed, dateOfBirth: "1970-01-01" },
      ),
    );
    const nonApplying = await created(
      api,
      members,
      member(["non_applying_member"], [], { firstName: "Maria", lastName: "Garcia" }, { ssn: shared.dashed }),
    );
    const noProgram = await created(api, members, member(["household_member"], [], lucia, { dateOfBirth: "2015-09-01" }));

    await submit(application.id);

    const confirmed = await matched(application.id, applicant.id);
    expect(confirmed.personMatch).toEqual({ matchStatus: "confirmed", candidates: [{ personId: maria.id, confidenceScore: 1 }] });
    expect(confirmed.personId).toBe(maria.id);

    const review = await matched(application.id, child.id);
    expect(review.personMatch).toEqual({
      matchStatus: "review_required",
      candidates: [{ personId: luciaPerson.id, confidenceScore: 0.9 }],
    });
    expect(review.personId).toBeNull();

    const none = await matched(application.id, stranger.id);
    expect(none.personMatch).toEqual({ matchStatus: "no_match", candidates: [] });
    expect(none.personId).toBeNull();
    expect(JSON.stringify([confirmed, review, none])).not.toContain(bystander.id);

    // Persons answers each applying member once, caused by the submission; intake records each member's change, caused by that answer.
    const [submitted] = await eventsMatching(api, { subject: application.id, type: "intake.application.submitted" });
    expect(submitted).toBeDefined();
    const outcomes: Array<[Json, string, Json[]]> = [
      [applicant, "confirmed", [{ personId: maria.id, confidenceScore: 1 }]],
      [child, "review_required", [{ personId: luciaPerson.id, confidenceScore: 0.9 }]],
      [stranger, "no_match", []],
    ];
    const memberUpdates = await eventsMatching(api, { subject: application.id, type: "intake.application_member.updated" });
    for (const [each, matchType, candidates] of outcomes) {
      const resolved = await eventsMatching(api, { subject: each.id, type: MATCH_RESOLVED });
      expect(resolved).toEqual([
        expect.objectContaining({
          type: MATCH_RESOLVED,
          source: "/persons",
          subject: each.id,
          causationid: submitted!.id,
          authtype: "system",
          data: { matchType, candidates },
        }),
      ]);
      expect(resolved[0]!.traceparent.split("-")[1]).toBe(submitted!.traceparent.split("-")[1]);
      const update = memberUpdates.find((event) => event.data.memberId === each.id);
      expect(update).toEqual(expect.objectContaining({ source: "/intake", causationid: resolved[0]!.id }));
      expect(update!.data.changes).toContainEqual({ field: "personMatch", before: null, after: { matchStatus: matchType, candidates } });
      const personIdChange = update!.data.changes.find((change: Json) => change.field === "personId");
      expect(personIdChange).toEqual(matchType === "confirmed" ? { field: "personId", before: null, after: maria.id } : undefined);
    }

    // Left alone: a member listed as non-applying, and one applying for no program.
    await platform().settle();
    for (const skipped of [nonApplying, noProgram]) {
      expect(await eventsMatching(api, { subject: skipped.id, type: MATCH_RESOLVED })).toEqual([]);
      expect(await readMember(application.id, skipped.id)).toEqual(expect.objectContaining({ personMatch: null, personId: null }));
    }
  });

  it("lets a caseworker confirm a candidate by PATCHing the member's personId", async () => {
    const name = { firstName: "Ana", lastName: freshName("Lopez") };
    const person = await created(api, "/persons", { name, dateOfBirth: "1990-04-01" });
    const application = await created(api, APPLICATIONS, { programs: ["snap"] });
    const applicant = await created(
      api,
      `${APPLICATIONS}/${application.id}/members`,
      member(["primary_applicant"], ["snap"], name, { dateOfBirth: "1990-04-01" }),
    );
    await submit(application.id);
    expect((await matched(application.id, applicant.id)).personMatch.matchStatus).toBe("review_required");
    // Submitted applications change once under review (the caseworker has opened it).
    await platform().database.prisma.application.update({ where: { id: application.id }, data: { status: "under_review" } });
    const response = await api.patch(memberPath(application.id, applicant.id), { personId: person.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        personId: person.id,
        personMatch: { matchStatus: "review_required", candidates: [{ personId: person.id, confidenceScore: 0.9 }] },
      }),
    );
  });

  it("finds persons by their current records: keys follow every update, and several persons with one SSN are for review", async () => {
    const before = freshSsn();
    const after = freshSsn();
    const twin = freshSsn();
    const moved = await created(api, "/persons", { name: { firstName: "Kim", lastName: freshName("Lee") }, ssn: before.dashed });
    expect((await api.patch(`/persons/${moved.id}`, { ssn: null, personalInformation: { ssn: after.dashed } })).status).toBe(200);
    const first = await created(api, "/persons", { ssn: twin.dashed });
    const second = await created(api, "/persons", { personalInformation: { ssn: twin.digits } });

    const application = await created(api, APPLICATIONS, { programs: ["snap"] });
    const members = `${APPLICATIONS}/${application.id}/members`;
    const byOld = await created(
      api,
      members,
      member(["primary_applicant"], ["snap"], { firstName: "A", lastName: freshName("Old") }, { ssn: before.dashed }),
    );
    const byNew = await created(
      api,
      members,
      member(["household_member"], ["snap"], { firstName: "B", lastName: freshName("New") }, { ssn: after.dashed }),
    );
    const byTwin = await created(
      api,
      members,
      member(["household_member"], ["snap"], { firstName: "C", lastName: freshName("Twin") }, { ssn: twin.dashed }),
    );
    await submit(application.id);

    expect((await matched(application.id, byOld.id)).personMatch).toEqual({ matchStatus: "no_match", candidates: [] });
    expect(await matched(application.id, byNew.id)).toEqual(
      expect.objectContaining({
        personId: moved.id,
        personMatch: { matchStatus: "confirmed", candidates: [{ personId: moved.id, confidenceScore: 1 }] },
      }),
    );
    const duplicate = await matched(application.id, byTwin.id);
    expect(duplicate.personMatch).toEqual({
      matchStatus: "review_required",
      candidates: [
        { personId: first.id, confidenceScore: 1 },
        { personId: second.id, confidenceScore: 1 },
      ],
    });
    expect(duplicate.personId).toBeNull();
  });

  it("gives persons written before matching existed their keys at start, without changing them or recording anything", async () => {
    const ssn = freshSsn();
    const person = await created(api, "/persons", {
      name: { firstName: "Old", lastName: freshName("Json") },
      dateOfBirth: "1960-01-31",
      ssn: ssn.dashed,
    });
    const db = platform().database.prisma;
    // What the migration leaves a person written before it: no keys (and the version it had).
    await db.$transaction([
      db.$executeRaw`SELECT set_config('pap.keep_version', 'on', true)`,
      db.$executeRaw`UPDATE person SET "ssnKey" = NULL, "nameBirthKey" = NULL, "matchKeyVersion" = NULL WHERE id = ${person.id}::uuid`,
    ]);
    const eventsBefore = await eventsMatching(api, { subject: person.id });

    expect(await refreshMatchKeys(db)).toBeGreaterThanOrEqual(1);
    const row = await db.person.findUniqueOrThrow({ where: { id: person.id } });
    const keyer = matchKeyer(DEVELOPMENT_PERSON_MATCH_KEY);
    expect(row).toEqual(
      expect.objectContaining({
        ssnKey: createHmac("sha256", DEVELOPMENT_PERSON_MATCH_KEY).update(`ssn:${ssn.digits}`).digest("hex"),
        nameBirthKey: createHmac("sha256", DEVELOPMENT_PERSON_MATCH_KEY)
          .update(`name-birth:old|${person.name.lastName.toLowerCase()}|1960-01-31`)
          .digest("hex"),
        matchKeyVersion: keyer.version,
        updatedAt: new Date(person.updatedAt),
      }),
    );
    expect(await eventsMatching(api, { subject: person.id })).toEqual(eventsBefore);
    // Current keys are left as they are: a second start has nothing to do.
    expect(await refreshMatchKeys(db)).toBe(0);
  });

  it("keeps the SSN in clear out of every column and index of the persons table but the record the client wrote", async () => {
    const ssn = freshSsn();
    const person = await created(api, "/persons", {
      name: { firstName: "Pat", lastName: freshName("Doe") },
      dateOfBirth: "1975-06-30",
      ssn: ssn.dashed,
    });
    const pool = platform().database.pool!;
    const { rows: columns } = await pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'person' AND column_name <> 'attributes'`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(expect.arrayContaining(["ssnKey", "nameBirthKey", "matchKeyVersion"]));
    for (const { column_name } of columns) {
      const { rows } = await pool.query(
        `SELECT 1 FROM person WHERE id = $1 AND ("${column_name}"::text LIKE $2 OR "${column_name}"::text LIKE $3)`,
        [person.id, `%${ssn.digits}%`, `%${ssn.dashed}%`],
      );
      expect({ column_name, holdsSsn: rows.length > 0 }).toEqual({ column_name, holdsSsn: false });
    }
    // No index reads the free-form record, so none can hold its SSN; the SSN's own index holds only the keyed hash.
    const { rows: indexes } = await pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'person'`,
    );
    expect(indexes.map((index) => index.indexdef)).toContainEqual(expect.stringContaining(`("ssnKey")`));
    for (const { indexdef } of indexes) expect(indexdef).not.toMatch(/attributes/);
    const { rows: stored } = await pool.query<{ ssnKey: string }>(`SELECT "ssnKey" FROM person WHERE id = $1`, [person.id]);
    expect(stored[0]!.ssnKey).toMatch(/^[0-9a-f]{64}$/);
    // Keyed: a plain hash of the SSN, which anyone could compute for every SSN, is not what is stored.
    expect(stored[0]!.ssnKey).not.toBe(createHash("sha256").update(ssn.digits).digest("hex"));
    // Nor does the API show the keys.
    const shown = await api.get(`/persons/${person.id}`);
    for (const key of ["ssnKey", "nameBirthKey", "matchKeyVersion"]) expect(shown.body).not.toHaveProperty(key);
  });
});

describe("intake's reaction to a published match", () => {
  const publish = async (subject: string, data: unknown) => {
    const event = {
      id: randomUUID(),
      specversion: "1.0",
      type: MATCH_RESOLVED,
      source: "/persons",
      subject,
      time: new Date().toISOString(),
      datacontenttype: "application/json",
      data,
    };
    const response = await api.post("/platform/events", event);
    if (response.status !== 201) throw new Error(`POST /platform/events: ${response.status} ${JSON.stringify(response.body)}`);
    return event;
  };

  it("passes over a member removed meanwhile and data out of the contract's shape, and goes on with the next event", async () => {
    const application = await created(api, APPLICATIONS, { programs: ["snap"] });
    const target = await created(
      api,
      `${APPLICATIONS}/${application.id}/members`,
      member(["primary_applicant"], ["snap"], { firstName: "Eve", lastName: freshName("Late") }),
    );
    const personId = randomUUID();
    await publish(randomUUID(), { matchType: "confirmed", candidates: [{ personId, confidenceScore: 1 }] });
    await publish(target.id, { matchType: "confirmed", candidates: [{ personId: "not-a-uuid", confidenceScore: 1 }] });
    await publish(target.id, { matchType: "maybe", candidates: [] });
    // A caseworker's own choice of person stays; the match is recorded beside it.
    await publish(target.id, { matchType: "no_match", candidates: [{ personId, confidenceScore: 0.2 }] });

    const found = await matched(application.id, target.id);
    expect(found.personMatch).toEqual({ matchStatus: "no_match", candidates: [] });
    expect(found.personId).toBeNull();
    expect(found.id).toMatch(UUID_PATTERN);
  });

  it("keeps a person a caseworker already named on the member", async () => {
    const application = await created(api, APPLICATIONS, { programs: ["snap"] });
    const chosen = await created(api, "/persons", { name: { firstName: "Sam", lastName: freshName("Chosen") } });
    const target = await created(api, `${APPLICATIONS}/${application.id}/members`, {
      ...member(["primary_applicant"], ["snap"], { firstName: "Sam", lastName: "X" }),
      personId: chosen.id,
    });
    const other = randomUUID();
    await publish(target.id, { matchType: "confirmed", candidates: [{ personId: other, confidenceScore: 1 }] });
    const found = await matched(application.id, target.id);
    expect(found.personMatch).toEqual({ matchStatus: "confirmed", candidates: [{ personId: other, confidenceScore: 1 }] });
    expect(found.personId).toBe(chosen.id);
  });
});
