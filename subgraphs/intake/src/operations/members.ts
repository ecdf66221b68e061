import { countyOfAddress, isUuid, notFound } from "@pap/core";
import { findLocked, type Application, type ApplicationMember, type Prisma } from "@pap/db";
import { member as memberResource, type MemberCreate, type MemberUpdate } from "../contract/member";
import { countyChanged, memberChanges } from "../domain/events";
import { changingApplication, type RecordAccess } from "./records";
import type { IntakeWork } from "./work";

/** An application's member writes: each under the application's lock, while it can be changed, with its event. */

type Tx = Prisma.TransactionClient;

async function memberOf(tx: Tx, applicationId: string, id: string): Promise<ApplicationMember> {
  const found = isUuid(id) ? await tx.applicationMember.findFirst({ where: { id, applicationId } }) : null;
  if (!found) throw notFound("ApplicationMember", id);
  return found;
}

/** The application's primary applicant: the first member added with that role (lists name it, filing needs it). */
export function primaryApplicantOf(tx: Tx, applicationId: string): Promise<ApplicationMember | null> {
  return tx.applicationMember.findFirst({
    where: { applicationId, roles: { has: "primary_applicant" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

type PrimaryContact = { name?: { firstName?: unknown; lastName?: unknown }; primaryAddress?: unknown } | null;

/**
 * What the application keeps of its primary applicant's contact: the name lists search and sort by,
 * and the county their primary address names, which decides who may reach the application.
 */
async function keepPrimaryApplicant(work: IntakeWork, application: Pick<Application, "id" | "county">): Promise<void> {
  const primary = await primaryApplicantOf(work.tx, application.id);
  const contact = primary?.contact as PrimaryContact;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const county = countyOfAddress(contact?.primaryAddress, work.jurisdiction.table);
  await work.tx.application.update({
    where: { id: application.id },
    data: { applicantFirstName: text(contact?.name?.firstName), applicantLastName: text(contact?.name?.lastName), county },
  });
  // What hangs off the application (its tasks, its determination) follows it: the other domains react to this.
  if (application.county !== county) await work.events.record(work.tx, countyChanged(application.id, county, application.county));
}

export async function createMember(
  work: IntakeWork,
  applicationId: string,
  body: MemberCreate,
  access?: RecordAccess,
): Promise<ApplicationMember> {
  const parent = await changingApplication(work, applicationId, "Its members", access);
  const created = await work.tx.applicationMember.create({
    data: { ...(memberResource.columnsOf(body) as Prisma.ApplicationMemberUncheckedCreateInput), applicationId: parent.id },
  });
  await keepPrimaryApplicant(work, parent);
  await work.events.record(work.tx, memberChanges.created(parent.id, memberResource.snapshot(created)));
  return created;
}

export async function updateMember(
  work: IntakeWork,
  applicationId: string,
  id: string,
  body: MemberUpdate,
  access?: RecordAccess,
): Promise<ApplicationMember> {
  const parent = await changingApplication(work, applicationId, "Its members", access);
  const before = await memberOf(work.tx, parent.id, id);
  const after = await work.tx.applicationMember.update({ where: { id: before.id }, data: memberResource.columnsOf(body) });
  await keepPrimaryApplicant(work, parent);
  await work.events.record(
    work.tx,
    memberChanges.updated(parent.id, after.id, memberResource.snapshot(before), memberResource.snapshot(after)),
  );
  return after;
}

export async function deleteMember(work: IntakeWork, applicationId: string, id: string, access?: RecordAccess): Promise<void> {
  const parent = await changingApplication(work, applicationId, "Its members", access);
  const found = await memberOf(work.tx, parent.id, id);
  await work.tx.applicationMember.delete({ where: { id: found.id } });
  await keepPrimaryApplicant(work, parent);
  await work.events.record(work.tx, memberChanges.deleted(parent.id, found.id));
}

/**
 * The system's link of a member to the person another domain holds them as (the case an approved
 * application opened), in any state of the application: a closed one can no longer be changed by
 * anyone, yet its members are who the case says. A member already linked keeps their person (a
 * caseworker's or matching's word stands), and a member removed meanwhile has nothing to link.
 * Returns the member as it now is, or null.
 */
export async function linkMemberToPerson(
  work: IntakeWork,
  applicationId: string,
  id: string,
  personId: string,
): Promise<ApplicationMember | null> {
  if (!isUuid(id)) return null;
  // Locked so that the event's `before` is the member as this write finds it.
  const before = await findLocked(work.tx, "intake_application_member", id, () =>
    work.tx.applicationMember.findFirst({ where: { id, applicationId } }),
  );
  if (!before || before.personId !== null) return before;
  const after = await work.tx.applicationMember.update({ where: { id: before.id }, data: { personId } });
  await work.events.record(
    work.tx,
    memberChanges.updated(before.applicationId, after.id, memberResource.snapshot(before), memberResource.snapshot(after)),
  );
  return after;
}
