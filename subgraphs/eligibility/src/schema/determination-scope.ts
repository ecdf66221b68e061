import { coversPrograms, countyScope } from "@pap/kernel/auth";
import { loadByUuid } from "@pap/kernel/graphql";
import type { Decision, Determination } from "@pap/db";
import type { EligibilityContext } from "../context";
import { eligibilityPrograms, type EligibilityProgram } from "../contract/decision";

/** An agreement's programs that eligibility decides (a name it does not know matches nothing, rather than fail the query). */
const decidedPrograms = (programs: readonly string[]): EligibilityProgram[] =>
  eligibilityPrograms.filter((program) => programs.includes(program));

/**
 * County scoping for determinations and their decisions (docs/county-scoping.md): a determination
 * belongs to its application's county, and one out of the caller's reach is not found however it is
 * asked for; its decisions with it. A partner (docs/partner-scoping.md) reaches a determination with a
 * decision of one of its agreement's programs, and of it only those decisions.
 */
export const determinationScope = countyScope<EligibilityContext>(
  "Determination",
  (context, id) => context.db.determination.findUnique({ where: { id }, select: { county: true } }),
  {
    condition: (programs) => ({ decisions: { some: { program: { in: decidedPrograms(programs) } } } }),
    programsOf: async (context, id) =>
      (await context.db.decision.findMany({ where: { determinationId: id }, select: { program: true }, distinct: ["program"] })).map(
        (found) => found.program,
      ),
  },
);

/** The determination by id, none when there is none or it is out of reach. */
export async function reachableDetermination(context: EligibilityContext, id: string): Promise<Determination | null> {
  return determinationScope.reachable(context, await loadByUuid(context.loaders.determinationById, id));
}

/** A decision, none when its determination is out of reach or (a partner's) its program is not the agreement's. */
export async function reachableDecision(context: EligibilityContext, found: Decision | null): Promise<Decision | null> {
  if (!found) return found;
  const [reach, agreement] = await Promise.all([context.countyReach(), context.agreement()]);
  if (reach === undefined && agreement === undefined) return found;
  if (!coversPrograms(agreement, [found.program])) return null;
  return (await reachableDetermination(context, found.determinationId)) ? found : null;
}

/** The list condition on decisions for a partner: its agreement's programs (none for anyone else). */
export async function decisionCondition(context: EligibilityContext): Promise<Record<string, unknown>> {
  const agreement = await context.agreement();
  return agreement ? { program: { in: decidedPrograms(agreement.programs) } } : {};
}

/** A determination's decisions as the caller may see them: a partner's, those of its agreement's programs. */
export async function visibleDecisions(context: EligibilityContext, decisions: readonly Decision[]): Promise<Decision[]> {
  const agreement = await context.agreement();
  return agreement ? decisions.filter((found) => coversPrograms(agreement, [found.program])) : [...decisions];
}
