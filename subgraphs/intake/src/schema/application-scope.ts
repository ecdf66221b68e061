import { notFound } from "@pap/core";
import { findPage, type ListArgs, type ListSpec } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import type { Application } from "@pap/db";
import type { IntakeContext } from "../context";
import { requireAccess } from "../domain/access";

/** How the application's records are reached: through the application, which the caller must be allowed to read or change. */

/** The application a record route names, which the caller must be allowed to read (null: none). */
export async function readableApplication(context: IntakeContext, applicationId: string): Promise<Application | null> {
  const found = await loadByUuid(context.loaders.applicationById, applicationId);
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
