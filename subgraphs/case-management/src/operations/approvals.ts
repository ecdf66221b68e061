import { findLocked } from "@pap/db";
import { writingIn, type ReactionWork } from "@pap/events";
// The one write case management makes through another domain: a person for a household member no one knew. Its own entry point, so that the persons schema is not built here.
import { createPerson } from "@pap/persons/operations";
import type { ApplicationHousehold, HouseholdMember } from "../approvals/application-household";
import { applicationLinked } from "../domain/events";
import { createCase, updateCase } from "./cases";

type CaseMember = { personId: string; relationship: string };

/** The primary applicant's relationship to themselves, and anyone's the application does not state. */
const SELF = "self";
const HOUSEHOLD_MEMBER = "household_member";

/**
 * The case an approved application's household belongs to, with the application linked to it, in
 * the reaction's transaction (every event caused by the closing):
 *
 * - every member intake knows no person for becomes one, through the persons domain's own write
 *   (its match keys and mirrors are derived there, so the next application finds them);
 * - the primary applicant's active case, where they are the primary applicant, takes the household
 *   members it lacks after the ones it has; without one, a case opens for the household;
 * - the link (`case_application`) and `case_management.case.application_linked`, which tells intake
 *   which person each member is.
 *
 * Returns the case's id.
 */
export async function linkApprovedApplication(work: ReactionWork, household: ApplicationHousehold): Promise<string> {
  const context = writingIn(work);
  const personOf = async (member: HouseholdMember) => member.personId ?? (await createPerson(context, member.person)).id;
  const primary = { ...household.primary, personId: await personOf(household.primary) };
  const others: (HouseholdMember & { personId: string })[] = [];
  for (const member of household.others) others.push({ ...member, personId: await personOf(member) });

  const wanted = onePerPerson([
    { personId: primary.personId, relationship: SELF },
    ...others.map((member) => ({ personId: member.personId, relationship: member.relationshipToPrimary ?? HOUSEHOLD_MEMBER })),
  ]);
  const open = await work.tx.case.findFirst({
    where: { primaryApplicantId: primary.personId, status: "active" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  const caseId =
    (open && (await addToCase(work, open.id, wanted))) ??
    (
      await createCase(
        context,
        { primaryApplicantId: primary.personId, members: wanted, effectiveStartDate: work.calendar.localDateOf(work.clock.now()) },
        {},
        household.county,
      )
    ).id;

  await work.tx.caseApplication.create({ data: { applicationId: household.applicationId, caseId } });
  await work.events.record(
    work.tx,
    applicationLinked({
      caseId,
      applicationId: household.applicationId,
      members: [primary, ...others].map(({ memberId, personId }) => ({ memberId, personId })),
    }),
  );
  return caseId;
}

/**
 * Adds the persons the case lacks after its members, who keep their order; a case lacking none is
 * left as it is. Null when the case was closed or deleted since it was found: the household then
 * gets a case of its own.
 */
async function addToCase(work: ReactionWork, caseId: string, wanted: readonly CaseMember[]): Promise<string | null> {
  // Locked before its members are read, so that a caseworker's change made meanwhile is kept, not overwritten.
  const current = await findLocked(work.tx, "case", caseId, () =>
    work.tx.case.findUnique({ where: { id: caseId }, include: { members: { orderBy: { position: "asc" } } } }),
  );
  if (current?.status !== "active") return null;
  const members = current.members.map(({ personId, relationship }) => ({ personId, relationship }));
  const missing = wanted.filter((member) => !members.some((existing) => existing.personId === member.personId));
  if (missing.length) await updateCase(writingIn(work), caseId, { members: [...members, ...missing] });
  return caseId;
}

/** A person is on a case once (two members of an application named as the same person are one member of the case). */
const onePerPerson = (members: readonly CaseMember[]) =>
  members.filter((member, index) => members.findIndex((other) => other.personId === member.personId) === index);
