import { notFound } from "@pap/core";
import { countyCondition, reaches } from "@pap/kernel/auth";
import { loadByUuid } from "@pap/kernel/graphql";
import type { Decision, Determination } from "@pap/db";
import type { EligibilityContext } from "../context";

/**
 * How county scoping holds for determinations and their decisions: a determination belongs to its
 * application's county, and one out of the caller's reach is not found however it is asked for (a
 * 403 would tell that it exists); its decisions with it.
 */

export const determinationsInReach = async (context: EligibilityContext) => countyCondition(await context.countyReach());

export async function reachesDetermination(context: EligibilityContext, found: Pick<Determination, "county"> | null): Promise<boolean> {
  return found !== null && reaches(await context.countyReach(), found.county);
}

/** The determination by id, none when there is none or it is out of reach. */
export async function reachableDetermination(context: EligibilityContext, id: string): Promise<Determination | null> {
  const found = await loadByUuid(context.loaders.determinationById, id);
  return (await reachesDetermination(context, found)) ? found : null;
}

/** A decision, none when its determination is out of reach. */
export async function reachableDecision(context: EligibilityContext, found: Decision | null): Promise<Decision | null> {
  if (!found || (await context.countyReach()) === undefined) return found;
  return (await reachableDetermination(context, found.determinationId)) ? found : null;
}

/** Before an action on a determination (`id`) or one of its decisions (`determinationId`): 404 when out of reach. */
export async function requireDeterminationInReach(context: EligibilityContext, id: string): Promise<void> {
  if ((await context.countyReach()) === undefined) return;
  const found = await loadByUuid(context.loaders.determinationById, id);
  if (found && !(await reachesDetermination(context, found))) throw notFound("Determination", id);
}
