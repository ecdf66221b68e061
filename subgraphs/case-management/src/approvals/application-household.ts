import { presentEntries } from "@pap/kernel/validation";
import type { Prisma } from "@pap/db";

/**
 * What case management needs of a closed application: its household, who leads it, whether any
 * program was approved, and what each member says of who they are.
 *
 * Intake owns these tables. They are read here, and only here, because the domains share one
 * database and the event that closes an application carries none of it: reading in the reaction's
 * transaction sees the application as its closing committed it, without asking intake over the
 * network or copying its records into an event. Nothing of intake's is written; intake's shapes
 * (roles, `contact`, `personalInformation`, relationships) are known in this module and nowhere else
 * in the domain, so a change of them is a change of this file.
 */

type Tx = Prisma.TransactionClient;

export type HouseholdMember = {
  memberId: string;
  /** The person intake already knows the member as (matched, or named by a caseworker); null when none. */
  personId: string | null;
  /** What the member is to the primary applicant as the application's relationships say it; null when they say nothing. */
  relationshipToPrimary: string | null;
  /** The person record the member's answers make, in the paths the persons domain reads (its match keys and mirrors). */
  person: Record<string, unknown>;
};

export type ApplicationHousehold = {
  applicationId: string;
  /** The application's county (a FIPS code; null: state level): a case it opens belongs to it. */
  county: string | null;
  /** The primary applicant: the first member with that role, else the household's first member. */
  primary: HouseholdMember;
  /** The rest of the household, in the order they were added. */
  others: HouseholdMember[];
  /** Whether a program was approved for anyone in the household. */
  approved: boolean;
};

/** Roles that put someone on an application without making them part of its household. */
const outsideTheHousehold = new Set(["authorized_representative", "absent_parent"]);

const inHousehold = (roles: readonly string[]) => roles.some((role) => !outsideTheHousehold.has(role));

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Intake appends `{ program, outcome, determinedAt }` to `programDeterminations` as each decision arrives. */
const isApproved = (programDeterminations: unknown) =>
  Array.isArray(programDeterminations) && programDeterminations.some((determination) => record(determination).outcome === "approved");

// Demographics a member reports in `personalInformation` that describe the person, not the application.
const demographics = [
  "sexAssignedAtBirth",
  "genderIdentity",
  "maritalStatus",
  "races",
  "isHispanicOrLatino",
  "preferredSpokenLanguage",
  "preferredWrittenLanguage",
] as const;

/**
 * A member's answers as a person record: `name`, `dateOfBirth` and `ssn` where person matching looks
 * for them, `email`, `phoneNumber` (the primary phone) and `address` (the primary address, with its
 * `city`, `state` and `zip`) where the persons' list mirrors read them, and the demographics.
 */
function personOf(personalInformation: unknown, contact: unknown): Record<string, unknown> {
  const personal = record(personalInformation);
  const reach = record(contact);
  const name = presentEntries({
    firstName: record(reach.name).firstName,
    middleName: record(reach.name).middleName,
    lastName: record(reach.name).lastName,
  });
  return presentEntries({
    name: Object.keys(name).length ? name : undefined,
    dateOfBirth: personal.dateOfBirth,
    ssn: personal.ssn,
    email: reach.email,
    phoneNumber: reach.primaryPhone,
    address: reach.primaryAddress,
    ...Object.fromEntries(demographics.map((field) => [field, personal[field]])),
  });
}

const isMember = (ref: unknown, id: string) => record(ref).type === "member" && String(record(ref).id).toLowerCase() === id;

/** The application's household as intake holds it now; null when it has none (no members, or none in the household). */
export async function applicationHousehold(tx: Tx, applicationId: string): Promise<ApplicationHousehold | null> {
  const application = await tx.application.findUnique({ where: { id: applicationId }, select: { county: true } });
  const rows = await tx.applicationMember.findMany({
    where: { applicationId },
    select: { id: true, roles: true, personId: true, personalInformation: true, contact: true, programDeterminations: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const household = rows.filter((row) => inHousehold(row.roles));
  const lead = household.find((row) => row.roles.includes("primary_applicant")) ?? household[0];
  if (!lead) return null;
  // Both directions of a relationship are stored, so "what M is to the primary applicant" is the one from M to them.
  const relationships = await tx.personRelationship.findMany({
    where: { applicationId },
    select: { from: true, to: true, relationshipTypes: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const toPrimary = (memberId: string) =>
    relationships.find((found) => isMember(found.from, memberId) && isMember(found.to, lead.id))?.relationshipTypes[0] ?? null;
  const member = (row: (typeof household)[number]): HouseholdMember => ({
    memberId: row.id,
    personId: row.personId,
    relationshipToPrimary: row === lead ? null : toPrimary(row.id),
    person: personOf(row.personalInformation, row.contact),
  });
  return {
    applicationId,
    county: application?.county ?? null,
    primary: member(lead),
    others: household.filter((row) => row !== lead).map(member),
    approved: household.some((row) => isApproved(row.programDeterminations)),
  };
}
