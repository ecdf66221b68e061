import { notFound } from "@pap/core";
import { findPage, type ListArgs, type ListSpec } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import { countyScope } from "@pap/kernel/auth";
import type { Application } from "@pap/db";
import type { IntakeContext } from "../context";
import { requireAccess } from "../domain/access";

/** How the application's records are reached: through the application, which the caller must be allowed to read or change. */

/**
 * County scoping for applications (docs/county-scoping.md), which everything under an application
 * is read through, and a partner's agreement (docs/partner-scoping.md): an application carries the
 * programs it applies for.
 */
export const applicationScope = countyScope<IntakeContext>(
  "Application",
  (context, id) => context.db.application.findUnique({ where: { id }, select: { county: true, programs: true } }),
  { condition: (programs) => ({ programs: { hasSome: programs } }) },
);

/**
 * The applications a caller's lists show: those within reach (their counties; a partner's, its
 * programs) for a reader of every application, else only their account's (none, for a credential
 * naming no account).
 */
export async function visibleApplications(context: IntakeContext): Promise<Record<string, unknown>> {
  if ((await context.permissions()).has("applications:read")) return applicationScope.condition(context);
  return { ownerId: (await context.account())?.id ?? "00000000-0000-0000-0000-000000000000" };
}

/**
 * The application by id, however it is asked for (by id, through another domain's record): none when
 * there is none or its county is out of the caller's reach, so that its existence does not show.
 */
export async function reachableApplication(context: IntakeContext, applicationId: string): Promise<Application | null> {
  return applicationScope.reachable(context, await loadByUuid(context.loaders.applicationById, applicationId));
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
