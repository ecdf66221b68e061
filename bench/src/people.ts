import path from "node:path";
import { sealerFromEnv } from "@pap/db";
import type pg from "pg";
import { productionSettings } from "./production-settings";
import { insertRows, inTransaction, uuidFromLabel as uuidOf } from "./sql";

// The data the REST and gateway suites read, drawn from a seeded generator: a change in the figures
// comes from the code or the machine, never the data.

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (probability: number) => next() < probability,
    /** By weight, so common names are common (a uniform draw makes "Smith" as rare as "Okafor"). */
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      let roll = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
      return items[items.length - 1]![0];
    },
    /** A version-4-shaped uuid from the generator (crypto.randomUUID would break determinism). */
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = "4";
      hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      const s = hex.join("");
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    /** k distinct items, by partial Fisher–Yates on a copy. */
    sample<T>(items: readonly T[], k: number): T[] {
      const copy = items.slice();
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, k);
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

const firstNames =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy
  Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa Timothy Deborah Ronald Stephanie
  Jose Maria Luis Guadalupe Carlos Rosa Juan Ana Miguel Carmen Wei Mei Jun Li Minh Linh Hyun Ji-woo Aarav Priya Rahul Ananya Mohammed Fatima Omar Aisha Chinedu Ngozi Kwame Abena DeShawn Imani
  Jamal Keisha Tyrone Latoya Liam Olivia Noah Emma Elijah Ava Mateo Sofia Lucas Isabella Ethan Mia Aiden Zoe`.split(/\s+/);

/** Items separated by "|", which may start a line. */
const listed = (text: string) => text.split(/\s*\|/);
/** "Name:weight" pairs, weighted roughly by frequency. */
const weights = (text: string) =>
  text
    .split(/\s+/)
    .map((pair) => pair.split(":"))
    .map(([name, weight]) => [name!.replace(/_/g, " "), Number(weight)] as const);

// US census surname frequencies, roughly; several start with "Smi" on purpose (the prefix list).
const lastNames =
  weights(`Smith:24 Johnson:19 Williams:16 Brown:14 Jones:14 Garcia:12 Miller:12 Davis:11 Rodriguez:11 Martinez:10 Hernandez:10 Lopez:9 Gonzalez:9 Wilson:8 Anderson:8
  Thomas:8 Taylor:8 Moore:7 Jackson:7 Martin:7 Lee:7 Perez:7 Thompson:7 White:7 Harris:6 Sanchez:6 Clark:6 Ramirez:6 Lewis:6 Robinson:6 Walker:5 Young:5 Allen:5 King:5 Wright:5 Scott:5
  Torres:5 Nguyen:5 Hill:5 Flores:5 Green:5 Adams:5 Nelson:4 Baker:4 Hall:4 Rivera:4 Campbell:4 Mitchell:4 Carter:4 Roberts:4 Kim:3 Patel:3 Chen:3 Wang:3 Singh:3 Tran:3 Pham:2 Park:2 Choi:2
  Shah:2 Khan:2 Ali:2 Okafor:1 Mensah:1 Adeyemi:1 O'Brien:2 McCarthy:2 Murphy:3 Sullivan:2 Kowalski:1 Novak:1 Schmidt:2 Smithson:2 Smithers:1 Smit:1 Smiley:1 Smirnov:1 Ortiz:3 Gomez:3
  Diaz:3 Reyes:3 Cruz:3 Morales:3 Gutierrez:3 Chavez:2 Ramos:2 Vasquez:2`);

// City/state/zip prefix by population: one city is common (a broad filter), most are not (a selective one).
const cities =
  weights(`Sacramento/CA/958:2 Fresno/CA/937:4 Los_Angeles/CA/900:8 Oakland/CA/946:2 Austin/TX/787:2 El_Paso/TX/799:2 Houston/TX/770:10 San_Antonio/TX/782:4
  Columbus/OH/432:2 Cleveland/OH/441:2 Detroit/MI/482:2 Flint/MI/485:2 Atlanta/GA/303:2 Savannah/GA/314:2 Jackson/MS/392:2 Birmingham/AL/352:2 Albuquerque/NM/871:2 Phoenix/AZ/850:5
  Tucson/AZ/857:2 Denver/CO/802:2 Portland/OR/972:2 Seattle/WA/981:2 Spokane/WA/992:2 Boise/ID/837:2 Chicago/IL/606:7 Rockford/IL/611:2 Milwaukee/WI/532:2 Minneapolis/MN/554:2
  Bronx/NY/104:2 Buffalo/NY/142:2 Newark/NJ/071:2 Philadelphia/PA/191:4 Pittsburgh/PA/152:2 Baltimore/MD/212:2 Richmond/VA/232:2 Charlotte/NC/282:2 Memphis/TN/381:2
  Louisville/KY/402:2 New_Orleans/LA/701:2 Miami/FL/331:2`).map(
    ([place, weight]) => [place.split("/") as [string, string, string], weight] as const,
  );

const streets = listed(`Main St|Oak Ave|Maple St|Cedar Ln|Pine St|Elm St|Washington Ave|Lake Dr|Hill Rd|Park Ave|Sunset Blvd|River Rd
  |Church St|Mill Rd|Jefferson St|Lincoln Ave|Highland Ave|Franklin St|Chestnut St|Willow Way|Martin Luther King Jr Blvd|Cesar Chavez Ave
  |Broadway|5th St|12th Ave`);
const emailDomains = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "aol.com", "proton.me", "comcast.net"];
const languages = weights("en:70 es:18 zh:3 vi:3 ko:1 ar:1 tl:2 ru:1 ht:1");
const householdSizes = weights("1:35 2:25 3:22 4:18").map(([size, weight]) => [Number(size), weight] as const);
// Statuses as the enum spells them (weights() would read "no_show" as two words).
const pastStatuses: [string, number][] = Object.entries({ completed: 75, no_show: 12, canceled: 13 });
const comingStatuses: [string, number][] = Object.entries({ scheduled: 85, canceled: 15 });
export const relationships = weights("spouse:25 child:45 parent:10 sibling:8 grandchild:5 domestic_partner:4 other_relative:3");
const appointmentTypes = weights(
  "intake_interview:25 eligibility_review:25 renewal_interview:20 document_review:15 home_visit:5 phone_interview:10",
);
const appointmentNotes = listed(`Bring proof of income for the last 30 days.|Interpreter requested.|Client prefers a morning slot.
  |Rescheduled at the client's request.|Verify household composition.|Pending pay stubs from employer.|Follow up on childcare expenses.
  |Requested accessible entrance.`);
const programs = ["SNAP", "Medicaid", "CHIP", "TANF", "ACA"];
/** Lowercase ASCII for an e-mail's local part ("O'Brien" → "obrien"). */
const emailPart = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The routing queues the workflow configures (subgraphs/workflow/src/config/queues.ts): SNAP tasks in one, the rest in the other. */
export const snapQueueId = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
export const generalQueueId = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";

export type PersonColumns = {
  names: string[];
  of(attributes: Record<string, unknown>): Record<string, string | null>;
  /** The record with its sensitive fields (`dateOfBirth`) sealed, as the storage layer stores it under the same settings. */
  seal(record: object): unknown;
};

/**
 * Stored columns as the persons domain derives them, and sensitive values sealed as the storage layer
 * seals them, under `env`'s keys: seeded and floor rows must hold what its create stores, or filters
 * find others and reads skip the unsealing a real store costs.
 */
export function personColumnsFrom(root: string, env: NodeJS.ProcessEnv = { ...process.env, ...productionSettings }): PersonColumns {
  const domain = path.join(root, "subgraphs", "persons", "dist", "domain");
  const { personColumns } = require(path.join(domain, "person.js")) as {
    personColumns?: (attributes: Record<string, unknown>) => Record<string, string | null>;
  };
  const matching = require(path.join(domain, "matching.js")) as {
    identityOf(attributes: unknown): unknown;
    matchKeyer(secret: string): { version: string; keysOf(identity: unknown): Record<string, string | null> };
    matchSecretFromEnv(env?: NodeJS.ProcessEnv): { secret: string };
  };
  if (!personColumns) throw new Error(`${domain}/person.js does not export personColumns: is the persons domain built?`);
  const keyer = matching.matchKeyer(matching.matchSecretFromEnv(env).secret);
  const of = (attributes: Record<string, unknown>) => ({
    ...personColumns(attributes),
    ...keyer.keysOf(matching.identityOf(attributes)),
    matchKeyVersion: keyer.version,
  });
  return { names: Object.keys(of({})), of, seal: sealerFromEnv(env).seal };
}

export type SeededData = {
  personIds: string[];
  caseIds: string[];
  taskIds: string[];
  counts: { persons: number; cases: number; caseMembers: number; appointments: number; tasks: number };
};

export type Identity = ReturnType<typeof newIdentity>;

const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

/** 10,000 persons, 2,000 cases of households, 5,000 appointments; one multi-row INSERT per table. */
export async function seedPeople(client: pg.Client, derived: PersonColumns): Promise<SeededData> {
  const random = createRandom(20261122);
  const staff = Array.from({ length: 40 }, () => random.uuid());
  const identities = Array.from({ length: 10_000 }, () => newIdentity(random));
  const cases = buildCases(random, identities, staff);
  const applicants = new Set(cases.map((c) => c.primaryApplicantId));
  const persons = identities.map((identity) => personRow(random, identity, applicants.has(identity.id), derived));
  const members = cases.flatMap((c) => c.members);
  const memberIds = members.map((m) => m.personId);
  const appointments = buildAppointments(random, identities, memberIds, staff);
  await written(client, async () => {
    await insertRows(client, "person", personTable(derived), persons);
    await insertRows(client, `"case"`, caseColumns, cases);
    await insertRows(client, "case_member", "caseId uuid, position int, personId uuid, relationship text", members);
    await insertRows(client, "appointment", appointmentColumns, appointments);
  });
  return {
    personIds: identities.map((identity) => identity.id),
    caseIds: cases.map((c) => c.id),
    taskIds: [],
    counts: { persons: persons.length, cases: cases.length, caseMembers: members.length, appointments: appointments.length, tasks: 0 },
  };
}

const caseColumns = `id uuid, status "CaseStatus", effectiveStartDate date, effectiveEndDate date, primaryApplicantId uuid,
  assignedToId uuid, createdAt timestamptz, updatedAt timestamptz`;
const appointmentColumns = `id uuid, startAt timestamptz, endAt timestamptz, appointmentType text, status "AppointmentStatus",
  personId uuid, assignedToId uuid, notes text, createdAt timestamptz, updatedAt timestamptz`;
/** Every column the platform stores for a person, mirrors and match keys as its own write derives them. */
const personTable = (derived: PersonColumns) =>
  ["id uuid, attributes jsonb, createdAt timestamptz, updatedAt timestamptz", ...derived.names.map((name) => `${name} text`)].join(", ");

/** Grows the data to `size` persons and as many tasks: whether a request's cost grows with the table. */
export async function growPeople(client: pg.Client, data: SeededData, derived: PersonColumns, size: number): Promise<SeededData> {
  // Another seed value than the first seed's, so the new persons are new people.
  const random = createRandom(20261124 + size);
  const personIds = [...data.personIds];
  const taskIds = [...data.taskIds];
  await written(client, async () => {
    // Counted, not taken from the seed: the creates have added persons of their own.
    let missing = size - (await client.query<{ count: number }>("SELECT count(*)::int AS count FROM person")).rows[0]!.count;
    while (missing > 0) {
      // 20,000 rows per INSERT keeps one statement's parameters to a few MB.
      const identities = Array.from({ length: Math.min(20_000, missing) }, () => newIdentity(random));
      missing -= identities.length;
      const persons = identities.map((identity) => personRow(random, identity, false, derived));
      await insertRows(client, "person", personTable(derived), persons);
      personIds.push(...identities.map((identity) => identity.id));
    }
    // Application review tasks, pending in the two routing queues, created over the last 90 days.
    await client.query("SELECT setseed(0.15)");
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO workflow_task (id, name, status, "taskType", "subjectType", "subjectId", "programType", "isExpedited", "queueId", priority, "createdAt", "updatedAt")
       SELECT ${uuidOf("'growth-task-' || n")}, 'Review ' || program || ' application', 'pending', 'application_review', 'application',
         ${uuidOf("'growth-application-' || n")}, program::"ProgramType", false, CASE WHEN program = 'snap' THEN $3::uuid ELSE $4::uuid END, 3, created, created
       FROM (SELECT n, now() - make_interval(secs => random() * 90 * 86400) AS created, (ARRAY['snap', 'medicaid', 'chip', 'tanf', 'aca'])[1 + floor(random() * 5)::int] AS program
             FROM generate_series($1::int + 1, $2::int) AS n) drawn
       RETURNING id`,
      [data.counts.tasks, size, snapQueueId, generalQueueId],
    );
    taskIds.push(...rows.map((row) => row.id));
  });
  return {
    ...data,
    personIds,
    taskIds,
    counts: { ...data.counts, persons: Math.max(size, data.counts.persons), tasks: Math.max(size, data.counts.tasks) },
  };
}

/** One transaction, then fresh planner statistics: autovacuum must not analyze mid-run and change plans under load. */
async function written(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await inTransaction(client, work);
  await client.query("VACUUM (ANALYZE)");
}

export function newIdentity(random: Random) {
  const [city, state, zipPrefix] = random.weighted(cities);
  const createdAt = Date.parse("2023-01-01T00:00:00Z") + random.int(0, 1_245) * day + random.int(0, day - 1);
  return {
    id: random.uuid(),
    firstName: random.pick(firstNames),
    middleName: random.chance(0.4) ? random.pick("ABCDEFGHJKLMNPRSTW".split("")) : null,
    lastName: random.weighted(lastNames),
    dateOfBirth: isoDate(Date.parse("1944-01-01T00:00:00Z") + random.int(0, 62 * 365) * day),
    address: {
      line1: `${random.int(1, 9899)} ${random.pick(streets)}`,
      ...(random.chance(0.3) && { line2: `Apt ${random.int(1, 40)}${random.pick(["", "A", "B", "C"])}` }),
      city,
      state,
      postalCode: `${zipPrefix}${String(random.int(1, 99)).padStart(2, "0")}`,
    },
    createdAt,
    updatedAt: Math.min(createdAt + random.int(0, 240) * day + random.int(0, day - 1), Date.parse("2026-11-20T00:00:00Z")),
  };
}

/** Households: each person in at most one case; members usually share the applicant's surname, always the address. */
function buildCases(random: Random, identities: Identity[], staff: string[]) {
  const pool = random.sample(identities, identities.length);
  let next = 0;
  return Array.from({ length: 2_000 }, () => {
    const id = random.uuid();
    const household = pool.slice(next, (next += random.weighted(householdSizes)));
    const applicant = household[0]!;
    const members = household.map((person, position) => {
      const relationship = position === 0 ? "self" : random.weighted(relationships);
      if (position > 0) {
        if (random.chance(0.75)) person.lastName = applicant.lastName;
        person.address = applicant.address;
        if (relationship === "child" || relationship === "grandchild")
          person.dateOfBirth = isoDate(Date.parse("2008-01-01T00:00:00Z") + random.int(0, 17 * 365) * day);
      }
      return { caseId: id, position, personId: person.id, relationship };
    });
    const active = random.chance(0.7);
    const start = Date.parse("2022-01-03T00:00:00Z") + random.int(0, 1_600) * day;
    const createdAt = start - random.int(0, 30) * day;
    const end = active ? null : start + random.int(30, 700) * day;
    return {
      id,
      status: active ? "active" : "closed",
      effectiveStartDate: isoDate(start),
      effectiveEndDate: end === null ? null : isoDate(end),
      primaryApplicantId: applicant.id,
      assignedToId: random.chance(0.85) ? random.pick(staff) : null,
      createdAt: iso(createdAt),
      updatedAt: iso(Math.max(createdAt, (end ?? start) + random.int(0, 90) * day + random.int(0, day - 1))),
      members,
    };
  });
}

export function personRow(random: Random, identity: Identity, isApplicant: boolean, derived: PersonColumns) {
  const { firstName, lastName, middleName } = identity;
  const attributes = {
    name: { firstName, ...(middleName && { middleName }), lastName },
    dateOfBirth: identity.dateOfBirth,
    ...(random.chance(0.85) && {
      email: `${emailPart(firstName)}${random.pick([".", "_", ""])}${emailPart(lastName)}${random.chance(0.5) ? random.int(1, 99) : ""}@${random.pick(emailDomains)}`,
    }),
    phoneNumber: `(${random.int(201, 989)}) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, "0")}`,
    address: identity.address,
    preferredLanguage: random.weighted(languages),
    ...(isApplicant && {
      householdSize: random.int(1, 6),
      monthlyIncome: random.chance(0.15) ? 0 : random.int(4, 60) * 100,
      programs: random.sample(programs, random.int(1, 3)),
      contactPreferences: { sms: random.chance(0.6), email: random.chance(0.5), mail: random.chance(0.3) },
    }),
  };
  return {
    id: identity.id,
    attributes: JSON.stringify(derived.seal(attributes)),
    createdAt: iso(identity.createdAt),
    updatedAt: iso(identity.updatedAt),
    ...derived.of(attributes),
  };
}

/** Mostly for people on a case (they get the interviews); before 2026-06-01 history, after it mostly still scheduled. */
function buildAppointments(random: Random, identities: Identity[], memberIds: string[], staff: string[]) {
  return Array.from({ length: 5_000 }, () => {
    let dayStart = Date.parse("2026-01-05T00:00:00Z") + random.int(0, 347) * day;
    const weekday = new Date(dayStart).getUTCDay();
    if (weekday === 0 || weekday === 6) dayStart += (weekday === 6 ? 2 : 1) * day;
    // 14:00–22:00 UTC is office hours across the US time zones; half-hour slots.
    const startAt = dayStart + (14 * 60 + random.int(0, 15) * 30) * 60_000;
    const endAt = startAt + random.pick([30, 45, 60, 90]) * 60_000;
    const status = random.weighted(startAt < Date.parse("2026-06-01T00:00:00Z") ? pastStatuses : comingStatuses);
    const createdAt = startAt - random.int(3, 60) * day;
    return {
      id: random.uuid(),
      startAt: iso(startAt),
      endAt: iso(endAt),
      appointmentType: random.weighted(appointmentTypes),
      status,
      personId: random.chance(0.8) ? random.pick(memberIds) : random.pick(identities).id,
      assignedToId: random.chance(0.9) ? random.pick(staff) : null,
      notes: random.chance(0.35) ? random.pick(appointmentNotes) : null,
      createdAt: iso(createdAt),
      updatedAt: iso(status === "scheduled" ? createdAt : Math.max(createdAt, endAt)),
    };
  });
}
