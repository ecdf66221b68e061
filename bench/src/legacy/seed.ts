import pg from "pg";
import type { personColumnsFrom } from "./person-columns";
import {
  appointmentNotes, appointmentTypes, cities, createRandom, emailDomains, emailPart, firstNames, languages, lastNames,
  middleInitials, programs, relationships, streets, type Random,
} from "./fake";

export const seedSizes = { persons: 10_000, cases: 2_000, appointments: 5_000 } as const;

export type SeededData = {
  personIds: string[];
  caseIds: string[];
  /** Workflow tasks, written by growth (grow.ts). */
  taskIds: string[];
  counts: { persons: number; cases: number; caseMembers: number; appointments: number; tasks: number };
};

/** How the platform derives a person's stored columns from its record (see person-columns.ts). */
export type PersonColumns = ReturnType<typeof personColumnsFrom>;

/** Appointments before this instant are history (completed, no-show…); after it most are still scheduled. */
const pivot = Date.parse("2026-06-01T00:00:00Z");
const day = 86_400_000;

type Identity = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  address: { line1: string; line2?: string; city: string; state: string; postalCode: string };
  createdAt: number;
  updatedAt: number;
};

/**
 * Writes the data set straight into the tables with one multi-row INSERT per table (arrays expanded
 * by unnest): going through the API would take minutes and measure the write path, not the reads.
 */
export async function seed(databaseUrl: string, derived: PersonColumns, seedValue = 20261122): Promise<SeededData> {
  const random = createRandom(seedValue);
  const staff = Array.from({ length: 40 }, () => random.uuid());

  const identities = Array.from({ length: seedSizes.persons }, () => newIdentity(random));
  const cases = buildCases(random, identities, staff);
  const primaryApplicants = new Set(cases.map((c) => c.primaryApplicantId));
  const persons = identities.map((identity) => personRow(random, identity, primaryApplicants.has(identity.id), derived));
  const members = cases.flatMap((c) => c.members);
  const appointments = buildAppointments(random, identities, members.map((m) => m.personId), staff);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await insertPersons(client, persons, derived);
    await client.query(
      `INSERT INTO "case" (id, status, "effectiveStartDate", "effectiveEndDate", "primaryApplicantId", "assignedToId", "createdAt", "updatedAt")
       SELECT id, status::"CaseStatus", start::date, finish::date, applicant, assignee, created::timestamptz, updated::timestamptz
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::text[], $8::text[])
         AS t(id, status, start, finish, applicant, assignee, created, updated)`,
      columns(cases, ["id", "status", "effectiveStartDate", "effectiveEndDate", "primaryApplicantId", "assignedToId", "createdAt", "updatedAt"]),
    );
    await client.query(
      `INSERT INTO case_member ("caseId", position, "personId", relationship)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::text[])`,
      columns(members, ["caseId", "position", "personId", "relationship"]),
    );
    await client.query(
      `INSERT INTO appointment (id, "startAt", "endAt", "appointmentType", status, "personId", "assignedToId", notes, "createdAt", "updatedAt")
       SELECT id, start::timestamptz, finish::timestamptz, kind, status::"AppointmentStatus", person, assignee, notes, created::timestamptz, updated::timestamptz
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::text[])
         AS t(id, start, finish, kind, status, person, assignee, notes, created, updated)`,
      columns(appointments, ["id", "startAt", "endAt", "appointmentType", "status", "personId", "assignedToId", "notes", "createdAt", "updatedAt"]),
    );
    await client.query("COMMIT");
    // Fresh tables have no planner statistics; without this, autovacuum might analyze mid-run and change plans under load.
    await client.query("ANALYZE");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }

  return {
    personIds: identities.map((identity) => identity.id),
    caseIds: cases.map((c) => c.id),
    taskIds: [],
    counts: { persons: persons.length, cases: cases.length, caseMembers: members.length, appointments: appointments.length, tasks: 0 },
  };
}

export type PersonRow = ReturnType<typeof personRow>;

/**
 * One multi-row INSERT of persons with every column the platform stores: the mirror columns and match
 * keys as its own write would derive them, so its index-backed filters find the seeded rows.
 */
export async function insertPersons(client: pg.Client, persons: readonly PersonRow[], derived: PersonColumns): Promise<void> {
  const names = ["id", "attributes", "createdAt", "updatedAt", ...derived.names];
  const types = ["uuid", "jsonb", "timestamptz", "timestamptz", ...derived.names.map(() => "text")];
  await client.query(
    `INSERT INTO person (${names.map((name) => `"${name}"`).join(", ")})
     SELECT * FROM unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(", ")})`,
    names.map((name) => persons.map((row) => (name in row.derived ? row.derived[name] : row[name as keyof PersonRow]) ?? null)),
  );
}

/** Row objects to one array per column, in the order the unnest(...) parameters expect. */
function columns<T extends Record<string, unknown>>(rows: readonly T[], keys: readonly (keyof T)[]): unknown[][] {
  return keys.map((key) => rows.map((row) => row[key] ?? null));
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

export function newIdentity(random: Random): Identity {
  const [city, state, zipPrefix] = random.weighted(cities);
  const createdAt = Date.parse("2023-01-01T00:00:00Z") + random.int(0, 1_245) * day + random.int(0, day - 1);
  return {
    id: random.uuid(),
    firstName: random.pick(firstNames),
    middleName: random.chance(0.4) ? random.pick(middleInitials) : null,
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

/** Households: members of one case usually share the applicant's surname and always the address. */
function buildCases(random: Random, identities: Identity[], staff: string[]) {
  // Each person joins at most one case, as in most real caseloads.
  const pool = random.sample(identities, identities.length);
  let next = 0;
  return Array.from({ length: seedSizes.cases }, () => {
    const id = random.uuid();
    const size = random.weighted([[1, 35], [2, 25], [3, 22], [4, 18]] as const);
    const household = pool.slice(next, next + size);
    next += size;
    const applicant = household[0]!;
    const members = household.map((person, position) => {
      const relationship = position === 0 ? "self" : random.weighted(relationships);
      if (position > 0) {
        if (random.chance(0.75)) person.lastName = applicant.lastName;
        person.address = applicant.address;
        if (relationship === "child" || relationship === "grandchild") {
          person.dateOfBirth = isoDate(Date.parse("2008-01-01T00:00:00Z") + random.int(0, 17 * 365) * day);
        }
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
    attributes: JSON.stringify(attributes),
    createdAt: iso(identity.createdAt),
    updatedAt: iso(identity.updatedAt),
    derived: derived.of(attributes),
  };
}

/** Mostly for people on a case (they are the ones who get interviews), some for anyone. */
function buildAppointments(random: Random, identities: Identity[], memberIds: string[], staff: string[]) {
  const yearStart = Date.parse("2026-01-05T00:00:00Z");
  return Array.from({ length: seedSizes.appointments }, () => {
    let dayStart = yearStart + random.int(0, 347) * day;
    const weekday = new Date(dayStart).getUTCDay();
    if (weekday === 0 || weekday === 6) dayStart += (weekday === 6 ? 2 : 1) * day;
    // 14:00–22:00 UTC is office hours across the US time zones; half-hour slots.
    const startAt = dayStart + (14 * 60 + random.int(0, 15) * 30) * 60_000;
    const endAt = startAt + random.pick([30, 45, 60, 90]) * 60_000;
    const status =
      startAt < pivot
        ? random.weighted([["completed", 75], ["no_show", 12], ["canceled", 13]] as const)
        : random.weighted([["scheduled", 85], ["canceled", 15]] as const);
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
