import { notFound } from "@pap/core";
import { findPage, type ListArgs, type ListSpec } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import { reaches } from "@pap/kernel/auth";
import type { Application } from "@pap/db";
import type { IntakeContext } from "../context";
import { requireAccess } from "../domain/access";

/** How the application's records are reached: through the application, which the caller must be allowed to read or change. */

/**
 * The application by id, however it is asked for (by id, through another domain's record): none when
 * there is none or its county is out of the caller's reach, so that its existence does not show.
 */
export async function reachableApplication(context: IntakeContext, applicationId: string): Promise<Application | null> {
  const found = await loadByUuid(context.loaders.applicationById, applicationId);
  return found && reaches(await context.countyReach(), found.county) ? found : null;
}

/** Whether the caller reaches the application as it is now (a live feed's check of each event; no cache). */
export async function applicationInReach(context: IntakeContext, applicationId: string): Promise<boolean> {
  const reach = await context.countyReach();
  if (reach === undefined) return true;
  const found = await context.db.application.findUnique({ where: { id: applicationId }, select: { county: true } });
  return found !== null && reaches(reach, found.county);
}

/** The application a record route names, which the caller must be allowed to read (null: none). */
export async function readableApplication(context: IntakeContext, applicationId: string): Promise<Application | null> {
  const found = await reachableApplication(context, applicationId);
  if (found) await requireAccess(context, found, "read");
  return found;
}

export type PagedTable<Item> = { findMany(query: object): Promise<Item[]>; count(query: object): Promise<number> };

/** One page of an application's records of a kind: the application must exist and be readable by the caller. */
export async function pageOfApplication<Item>(
  context: IntakeContext,
  applicationId: string,
  spec: ListSpec,
  args: ListArgs,
  table: PagedTable<Item>,
) {
  const parent = await readableApplication(context, applicationId);
  if (!parent) throw notFound("Application", applicationId);
  const where = { applicationId: parent.id };
  return findPage(spec, args, {
    items: (query) => table.findMany({ ...query, where: { AND: [query.where, where] } }),
    total: (filter) => table.count({ where: { AND: [filter, where] } }),
  });
}

/** The request's caller must be allowed to change the application (an applicant: their own). */
export const mayChange = (context: IntakeContext) => (application: Application) => requireAccess(context, application, "update");
