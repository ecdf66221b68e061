import type { ApplicationMember, Prisma } from "@pap/db";
import { isUuid, notFound } from "@pap/kernel";
import { member as memberResource, type MemberCreate, type MemberUpdate } from "../contract/member";
import type { IntakeContext } from "../context";
import { requireAccess, requireChangeable } from "../domain/access";
import { memberChanges } from "../domain/events";
import { lockedApplication } from "./applications";

/** An application's member writes: each under the application's lock, while it can be changed, with its event. */

type Tx = Prisma.TransactionClient;

async function memberOf(tx: Tx, applicationId: string, id: string): Promise<ApplicationMember> {
  const found = isUuid(id) ? await tx.applicationMember.findFirst({ where: { id, applicationId } }) : null;
  if (!found) throw notFound("ApplicationMember", id);
  return found;
}

/** The name lists of applications search and sort by: the first primary applicant's, as their contact gives it. */
async function keepApplicantName(tx: Tx, applicationId: string): Promise<void> {
  const primary = await tx.applicationMember.findFirst({ where: { applicationId, roles: { has: "primary_applicant" } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const name = (primary?.contact as { name?: { firstName?: unknown; lastName?: unknown } } | null)?.name;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  await tx.application.update({ where: { id: applicationId }, data: { applicantFirstName: text(name?.firstName), applicantLastName: text(name?.lastName) } });
}

/** Opens a write to an application's records: the application locked, the caller allowed to change it, and it still changeable. */
async function changing(context: IntakeContext, tx: Tx, applicationId: string) {
  const found = await lockedApplication(tx, applicationId);
  await requireAccess(context, found, "update");
  requireChangeable(found, "Its members");
  return found;
}

export async function createMember(context: IntakeContext, applicationId: string, body: MemberCreate): Promise<ApplicationMember> {
  return context.transaction(async (tx) => {
    const parent = await changing(context, tx, applicationId);
    const created = await tx.applicationMember.create({ data: { ...(memberResource.columnsOf(body) as Prisma.ApplicationMemberUncheckedCreateInput), applicationId: parent.id } });
    await keepApplicantName(tx, parent.id);
    await context.events.record(tx, memberChanges.created(parent.id, memberResource.snapshot(created)));
    return created;
  });
}

export async function updateMember(context: IntakeContext, applicationId: string, id: string, body: MemberUpdate): Promise<ApplicationMember> {
  return context.transaction(async (tx) => {
    const parent = await changing(context, tx, applicationId);
    const before = await memberOf(tx, parent.id, id);
    const after = await tx.applicationMember.update({ where: { id: before.id }, data: memberResource.columnsOf(body) });
    await keepApplicantName(tx, parent.id);
    await context.events.record(tx, memberChanges.updated(parent.id, after.id, memberResource.snapshot(before), memberResource.snapshot(after)));
    return after;
  });
}

export async function deleteMember(context: IntakeContext, applicationId: string, id: string): Promise<void> {
  await context.transaction(async (tx) => {
    const parent = await changing(context, tx, applicationId);
    const found = await memberOf(tx, parent.id, id);
    await tx.applicationMember.delete({ where: { id: found.id } });
    await keepApplicantName(tx, parent.id);
    await context.events.record(tx, memberChanges.deleted(parent.id, found.id));
  });
}
