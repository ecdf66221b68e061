import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { adapterEvaluations } from "./consumers/adapter-evaluations";
import { applicationReactions } from "./consumers/application-reactions";
import { electronicCheckReactions } from "./consumers/electronic-checks";
import { createContext, type EligibilityContext } from "./context";
import { eligibilityEvents } from "./domain/events";
import { eligibilityPermissions } from "./domain/permissions";
import { schema } from "./schema";

export * from "./contract";
export { adapterEvaluations } from "./consumers/adapter-evaluations";
export { applicationReactions } from "./consumers/application-reactions";

/** The eligibility subgraph: determinations and decisions, their actions, and its reactions to intake's events. */
export const eligibilitySubgraph: SubgraphDefinition<DomainServices, EligibilityContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "eligibility",
  schema,
  createContext,
  events: eligibilityEvents,
  permissions: eligibilityPermissions,
  consumers: [applicationReactions(), electronicCheckReactions(), adapterEvaluations()],
};
