import { notFound } from "@pap/core";
import { countyCondition, reaches } from "@pap/kernel/auth";
import type { CaseManagementContext } from "../context";

/**
 * How county scoping holds for cases: a case of a county out of the caller's reach is not found,
 * however it is asked for, and lists leave it out; a 403 would tell that it exists.
 */

/** Whether the caller reaches a case of this county. */
export async function reachesCase(context: CaseManagementContext, found: { county: string | null } | null): Promise<boolean> {
  return found !== null && reaches(await context.countyReach(), found.county);
}

/** The list condition keeping a caller's cases within reach. */
export const casesInReach = async (context: CaseManagementContext) => countyCondition(await context.countyReach());

/** Whether the caller reaches the case with this id (true for one that does not exist: its read finds nothing anyway). */
export async function caseIdInReach(context: CaseManagementContext, id: string): Promise<boolean> {
  const reach = await context.countyReach();
  if (reach === undefined) return true;
  const found = await context.db.case.findUnique({ where: { id }, select: { county: true } });
  return !found || reaches(reach, found.county);
}

/** Before a change of a case: 404 when it is out of reach (one that does not exist is the write's own 404). */
export async function requireCaseInReach(context: CaseManagementContext, id: string): Promise<void> {
  if (!(await caseIdInReach(context, id))) throw notFound("Case", id);
}
