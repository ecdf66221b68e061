import { countyScope } from "@pap/kernel/auth";
import { loadByUuid } from "@pap/kernel/graphql";
import type { Decision, Determination } from "@pap/db";
import type { EligibilityContext } from "../context";

/**
 * County scoping for determinations and their decisions (docs/county-scoping.md): a determination
 * belongs to its application's county, and one out of the caller's reach is not found however it is
 * asked for; its decisions with it.
 */
export const determinationScope = countyScope<EligibilityContext>("Determination", (context, id) =>
  context.db.determination.findUnique({ where: { id }, select: { county: true } }),
);

/** The determination by id, none when there is none or it is out of reach. */
export async function reachableDetermination(context: EligibilityContext, id: string): Promise<Determination | null> {
  return determinationScope.reachable(context, await loadByUuid(context.loaders.determinationById, id));
}

/** A decision, none when its determination is out of reach. */
export async function reachableDecision(context: EligibilityContext, found: Decision | null): Promise<Decision | null> {
  if (!found || (await context.countyReach()) === undefined) return found;
  return (await reachableDetermination(context, found.determinationId)) ? found : null;
}
