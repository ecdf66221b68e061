import { defineSubgraph } from "@pap/kernel/domain";
import { adapterEvaluations } from "./consumers/adapter-evaluations";
import { applicationReactions } from "./consumers/application-reactions";
import { electronicCheckReactions } from "./consumers/electronic-checks";
import { createContext } from "./context";
import { eligibilityDomain } from "./contract";
import { schema } from "./schema";

/** The eligibility subgraph: determinations and decisions, their actions, and its reactions to intake's events. */
export const subgraph = defineSubgraph(eligibilityDomain, {
  schema,
  createContext,
  consumers: [applicationReactions(), electronicCheckReactions(), adapterEvaluations()],
});
