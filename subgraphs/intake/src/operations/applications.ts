import { isUuid, notFound } from "@pap/core";
import { findLocked, type Application, type Prisma } from "@pap/db";
import { application as applicationResource, type ApplicationCreate, type ApplicationUpdate } from "../contract/application";
import type { IntakeContext } from "../context";
import { ownerOfNew, requireAccess, requireChangeable, requireDraft } from "../domain/access";
import { applicationChanges } from "../domain/events";

/** The intake domain's application writes, each with its event; resolvers and reactions only call these. */

type Tx = Prisma.TransactionClient;

/** The application under its row lock (the parent of every record written with it), or a 404. */
export async function lockedApplication(tx: Tx, id: string): Promise<Application> {
  const found = isUuid(id) ? await findLocked(tx, "intake_application", id, () => tx.application.findUnique({ where: { id } })) : null;
  if (!found) throw notFound("Application", id);
  return found;
}

/** A new draft, owned by the account that created it. */
export async function createApplication(context: IntakeContext, body: ApplicationCreate): Promise<Application> {
  const ownerId = await ownerOfNew(context);
  return context.transaction(async (tx) => {
    const created = await tx.application.create({
      data: { ...(applicationResource.columnsOf(body) as Prisma.ApplicationUncheckedCreateInput), ownerId },
    });
    await context.events.record(tx, applicationChanges.created(created.id, applicationResource.snapshot(created)));
    return created;
  });
}

/** Changes what the body names, while the application is a draft or under review. */
export async function updateApplication(context: IntakeContext, id: string, body: ApplicationUpdate): Promise<Application> {
  return context.transaction(async (tx) => {
    const before = await lockedApplication(tx, id);
    await requireAccess(context, before, "update");
    requireChangeable(before);
    const after = await tx.application.update({ where: { id: before.id }, data: applicationResource.columnsOf(body) });
    await context.events.record(
      tx,
      applicationChanges.updated(after.id, applicationResource.snapshot(before), applicationResource.snapshot(after)),
    );
    return after;
  });
}

/** Deletes a draft for good, with its records. */
export async function deleteApplication(context: IntakeContext, id: string): Promise<void> {
  await context.transaction(async (tx) => {
    const found = await lockedApplication(tx, id);
    await requireAccess(context, found, "delete");
    requireDraft(found);
    await tx.application.delete({ where: { id: found.id } });
    await context.events.record(tx, applicationChanges.deleted(found.id));
  });
}
