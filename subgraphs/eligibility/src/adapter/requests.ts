import type { EligibilityProgram } from "../contract/decision";
import type { ApplicationFacts, MemberFacts } from "./application-facts";

/** A pending decision as the planner needs it. */
export type PendingDecision = { id: string; memberId: string; program: EligibilityProgram };

/** One adapter call and the decisions its answer decides. */
export type PlannedEvaluation = { program: EligibilityProgram; decisionIds: string[]; body: Record<string, unknown> };

/** SNAP is decided for the household as a whole (SPEC §4.7, variant 2); every other program per applicant (variant 1). */
const householdPrograms: ReadonlySet<EligibilityProgram> = new Set(["snap"]);

/** The body of the expedited screening: the household, the application's expedited answers, the members. */
export function screeningBody(facts: ApplicationFacts): Record<string, unknown> {
  return { household: facts.household, application: facts.application, members: facts.members };
}

/**
 * The calls that decide `pending`: one per household program (all of its pending decisions take the
 * household's answer) and one per member for the others. A member no longer on the application is
 * still asked about, by id, so its decision is not left without an answer.
 */
export function plannedEvaluations(facts: ApplicationFacts, pending: readonly PendingDecision[]): PlannedEvaluation[] {
  const memberById = new Map(facts.members.map((member) => [member.id, member]));
  const memberOf = (id: string): MemberFacts => memberById.get(id) ?? { id, programsAppliedFor: [] };
  const planned: PlannedEvaluation[] = [];
  for (const program of new Set(pending.map((decision) => decision.program))) {
    const decisions = pending.filter((decision) => decision.program === program);
    if (householdPrograms.has(program)) {
      planned.push({
        program,
        decisionIds: decisions.map((decision) => decision.id),
        body: {
          program,
          members: facts.members,
          household: facts.household,
          application: facts.application,
          verificationSummary: facts.verificationSummary,
        },
      });
      continue;
    }
    for (const decision of decisions) {
      planned.push({
        program,
        decisionIds: [decision.id],
        body: {
          program,
          member: memberOf(decision.memberId),
          householdSize: Math.max(1, facts.members.length),
          verificationSummary: facts.verificationSummary.filter(
            (entry) => entry.memberId === undefined || entry.memberId === decision.memberId,
          ),
        },
      });
    }
  }
  return planned;
}
