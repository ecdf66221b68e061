import type pg from "pg";
import { copyRows, withIndexesBuiltAfter } from "./bulk";
import {
  createRandom,
  generalQueueId,
  newIdentity,
  personRow,
  relationships,
  snapQueueId,
  type Identity,
  type PersonColumns,
  type Random,
} from "./people";
import { deriveFromSeededRows } from "./platform";

// A caseload of any size, in blocks of ten persons: one household applies (one to four of the ten are
// its members), half the households that applied have a case, and each block has ten tasks, one of them
// the application's review. Every table grows in proportion, so what a request finds (one person, one
// household, a page) is the same at 10,000 persons as at 1,000,000: only the tables' size differs.

export type ScaleData = {
  /**
   * 10,000 persons evenly spread over all of them (at 10,000: every one), in the order written: what the
   * calls ask for. `emailHeldAlone`: no other person's address holds theirs at this size.
   */
  persons: { id: string; email: string | null; emailHeldAlone: boolean; lastName: string; phone: string }[];
  /** 1,000 applications evenly spread likewise. */
  applicationIds: string[];
  counts: { persons: number; tasks: number; applications: number; members: number; cases: number; documents: number };
  /** Seconds: rows generated and copied, indexes built, search documents derived. */
  seconds: { rows: number; indexes: number; documents: number };
};

const block = 10;
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const programs = ["snap", "medicaid", "chip", "tanf"] as const;
const applicationStatuses: [string, number][] = Object.entries({
  submitted: 40,
  under_review: 30,
  pending_approval: 10,
  draft: 10,
  closed: 10,
});
const channels: [string, number][] = Object.entries({ online: 60, in_person: 20, phone: 15, mail: 5 });
const taskStatuses: [string, number][] = Object.entries({ pending: 30, in_progress: 20, completed: 45, awaiting_client: 5 });
const taskKinds = ["income", "identity", "residency", "household", "citizenship", "expenses"];
const taskTypes = ["document_review", "eligibility_review", "interview", "renewal"];
const householdSizes: [number, number][] = [
  [1, 35],
  [2, 25],
  [3, 22],
  [4, 18],
];

type Rows = Record<string, unknown>[];
/**
 * How the platform stores what it is given: the persons domain's derived columns, and the storage
 * layer's sealer (sensitive fields such as `dateOfBirth` sealed). Rows stored in clear would be sealed
 * by the sealing sweep, a million rewrites beside the measurement.
 */
export type Stored = { derived: PersonColumns };
type Block = { persons: Rows; applications: Rows; members: Rows; cases: Rows; caseMembers: Rows; tasks: Rows };

const personColumnNames = (derived: PersonColumns) => ["id", "attributes", "createdAt", "updatedAt", ...derived.names];
const applicationColumns = [
  "id",
  "status",
  "programs",
  "channel",
  "isExpedited",
  "submittedAt",
  "applicantFirstName",
  "applicantLastName",
  "createdAt",
  "updatedAt",
];
const memberColumns = ["id", "applicationId", "roles", "programsAppliedFor", "personId", "contact", "createdAt", "updatedAt"];
const caseColumns = ["id", "status", "effectiveStartDate", "primaryApplicantId", "assignedToId", "createdAt", "updatedAt"];
const caseMemberColumns = ["caseId", "position", "personId", "relationship"];
const taskColumns = [
  "id",
  "name",
  "description",
  "status",
  "taskType",
  "subjectType",
  "subjectId",
  "programType",
  "queueId",
  "priority",
  "assignedToId",
  "createdAt",
  "updatedAt",
];

/** One block: its household's members share the applicant's address and usually the surname, as a household's records do. */
function nextBlock(random: Random, stored: Stored, staff: readonly string[], index: number): Block {
  const identities: Identity[] = Array.from({ length: block }, () => newIdentity(random));
  const household = identities.slice(0, random.weighted(householdSizes));
  const applicant = household[0]!;
  for (const member of household.slice(1)) {
    if (random.chance(0.75)) member.lastName = applicant.lastName;
    member.address = applicant.address;
  }
  const applicationId = random.uuid();
  const status = random.weighted(applicationStatuses);
  const applied = random.sample(programs, random.int(1, 3));
  const createdAt = Date.parse("2025-06-01T00:00:00Z") + random.int(0, 530) * day + random.int(0, day - 1);
  const updatedAt = createdAt + random.int(0, 20) * day;
  const application = {
    id: applicationId,
    status,
    programs: applied,
    channel: random.weighted(channels),
    isExpedited: false,
    submittedAt: status === "draft" ? null : iso(createdAt + random.int(0, 3) * day),
    applicantFirstName: applicant.firstName,
    applicantLastName: applicant.lastName,
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
  const members = household.map((person, position) => ({
    id: random.uuid(),
    applicationId,
    roles: [position === 0 ? "primary_applicant" : "household_member"],
    programsAppliedFor: applied,
    personId: person.id,
    contact: stored.derived.seal({ name: { firstName: person.firstName, lastName: person.lastName } }),
    createdAt: iso(createdAt),
    updatedAt: iso(createdAt),
  }));
  const hasCase = status !== "draft" && random.chance(0.5);
  const caseId = random.uuid();
  const cases = hasCase
    ? [
        {
          id: caseId,
          status: "active",
          effectiveStartDate: iso(updatedAt).slice(0, 10),
          primaryApplicantId: applicant.id,
          assignedToId: random.pick(staff),
          createdAt: iso(updatedAt),
          updatedAt: iso(updatedAt),
        },
      ]
    : [];
  const caseMembers = hasCase
    ? household.map((person, position) => ({
        caseId,
        position,
        personId: person.id,
        relationship: position === 0 ? "self" : random.weighted(relationships),
      }))
    : [];
  const task = (n: number) => {
    const program = n === 0 ? applied[0]! : random.pick(programs);
    const person = identities[n]!;
    const opened = Date.parse("2025-06-01T00:00:00Z") + random.int(0, 530) * day + random.int(0, day - 1);
    return {
      id: random.uuid(),
      name: n === 0 ? `Review ${program} application` : `Verify ${random.pick(taskKinds)} for ${person.firstName} ${person.lastName}`,
      description: n === 0 ? `Application ${index + 1}` : `Evidence requested ${iso(opened).slice(0, 10)}`,
      status: n === 0 ? (random.chance(0.6) ? "pending" : "in_progress") : random.weighted(taskStatuses),
      taskType: n === 0 ? "application_review" : random.pick(taskTypes),
      subjectType: n === 0 ? "application" : null,
      subjectId: n === 0 ? applicationId : null,
      programType: program,
      queueId: program === "snap" ? snapQueueId : generalQueueId,
      priority: random.int(1, 5),
      assignedToId: random.chance(0.5) ? random.pick(staff) : null,
      createdAt: iso(opened),
      updatedAt: iso(opened + random.int(0, 10) * day),
    };
  };
  return {
    persons: identities.map((identity, position) => personRow(random, identity, position === 0, stored.derived)),
    applications: [application],
    members,
    cases,
    caseMembers,
    tasks: Array.from({ length: block }, (_, n) => task(n)),
  };
}

const bigTables = ["person", "intake_application", "intake_application_member", "case", "case_member", "workflow_task"];

/**
 * `size` persons (a multiple of ten), as many tasks, a tenth as many applications, by COPY into an
 * empty, migrated database; indexes built after, then every search document derived by the platform's
 * own statements (its catch-up, in large batches), then fresh planner statistics. The same `size`
 * writes the same rows on every run.
 */
export async function seedScale(client: pg.Client, url: string, stored: Stored, size: number): Promise<ScaleData> {
  const random = createRandom(20261129);
  const staff = Array.from({ length: 200 }, () => random.uuid());
  const blocks = size / block;
  const personEvery = Math.max(1, Math.floor(size / 10_000));
  const applicationEvery = Math.max(1, Math.floor(blocks / 1_000));
  const persons: ScaleData["persons"] = [];
  const applicationIds: string[] = [];
  const counts = { persons: 0, tasks: 0, applications: 0, members: 0, cases: 0, documents: 0 };
  const started = Date.now();
  let indexesStarted = 0;
  await withIndexesBuiltAfter(client, bigTables, async () => {
    // One random sequence for every table, so the blocks are generated in slices of 10,000 (100,000
    // persons) and each slice copied table by table: a stream per table at once would need a connection each.
    for (let from = 0; from < blocks; from += 10_000) {
      const slice = Array.from({ length: Math.min(10_000, blocks - from) }, (_, k) => nextBlock(random, stored, staff, from + k));
      const rows = (pick: (b: Block) => Rows) => slice.flatMap(pick);
      counts.persons += await copyRows(
        client,
        "person",
        personColumnNames(stored.derived),
        rows((b) => b.persons),
      );
      counts.applications += await copyRows(
        client,
        "intake_application",
        applicationColumns,
        rows((b) => b.applications),
      );
      counts.members += await copyRows(
        client,
        "intake_application_member",
        memberColumns,
        rows((b) => b.members),
      );
      counts.cases += await copyRows(
        client,
        `"case"`,
        caseColumns,
        rows((b) => b.cases),
      );
      await copyRows(
        client,
        "case_member",
        caseMemberColumns,
        rows((b) => b.caseMembers),
      );
      counts.tasks += await copyRows(
        client,
        "workflow_task",
        taskColumns,
        rows((b) => b.tasks),
      );
      slice.forEach((b, k) => {
        if ((from + k) % applicationEvery === 0) applicationIds.push(b.applications[0]!.id as string);
        // The mirror columns hold what the calls ask for.
        b.persons.forEach((p, n) => {
          if (((from + k) * block + n) % personEvery === 0)
            persons.push({
              id: p.id as string,
              email: p.email as string | null,
              emailHeldAlone: false,
              lastName: p.lastName as string,
              phone: p.phoneNumber as string,
            });
        });
      });
    }
    indexesStarted = Date.now();
  });
  const indexesBuilt = Date.now();
  await client.query("VACUUM (ANALYZE)");
  // The documents' own secondary indexes (full text, trigrams) are built after them as well.
  await withIndexesBuiltAfter(client, ["search_document"], () => deriveFromSeededRows(url, 50_000));
  await client.query("VACUUM (ANALYZE) search_document");
  await markAddressesHeldAlone(client, persons);
  counts.documents = (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM search_document")).rows[0]!.n;
  const seconds = (from: number, to: number) => (to - from) / 1000;
  return {
    persons,
    applicationIds,
    counts,
    seconds: {
      rows: seconds(started, indexesStarted),
      indexes: seconds(indexesStarted, indexesBuilt),
      documents: seconds(indexesBuilt, Date.now()),
    },
  };
}

/**
 * An address without a number is held by more persons the more persons there are (a common name at a
 * common provider: `zoe_taylor@yahoo.com`), and one address can hold another (`juana.lopez@…` holds
 * `ana.lopez@…`): a request naming one person by address would find more of them at a million than at
 * 10,000. Marks the addresses that, as `email:<address>` matches them (contains, any case), are held by
 * their own person only, counted through the e-mail's substring index.
 */
async function markAddressesHeldAlone(client: pg.Client, persons: ScaleData["persons"]): Promise<void> {
  const { rows } = await client.query<{ email: string }>(
    `SELECT a.email FROM unnest($1::text[]) AS a(email)
     WHERE (SELECT count(*) FROM person q
            WHERE text_pieces(lower(q.email)) @> text_piece_cover(lower(a.email)) AND strpos(lower(q.email), lower(a.email)) > 0) = 1`,
    [persons.flatMap((person) => (person.email && person.email.length >= 12 ? [person.email] : []))],
  );
  const alone = new Set(rows.map((row) => row.email));
  for (const person of persons) person.emailHeldAlone = person.email !== null && alone.has(person.email);
}
