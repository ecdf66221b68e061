import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { eligibilityReactions } from "./consumers/eligibility-reactions";
import { caseLinkReactions } from "./consumers/case-links";
import { lifecycleReactions } from "./consumers/lifecycle-reactions";
import { personMatchReactions } from "./consumers/person-match";
import { electronicCheckReactions } from "./consumers/electronic-checks";
import { documentUploadReactions } from "./consumers/document-uploads";
import { createContext, type IntakeContext } from "./context";
import { intakeEvents } from "./domain/events";
import { applicationPermissions } from "./domain/permissions";
import { schema } from "./schema";

export * from "./contract";

/** The intake subgraph: applications, their lifecycle and household records, verifications; and its reactions to other domains. */
export const intakeSubgraph: SubgraphDefinition<DomainServices, IntakeContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "intake",
  schema,
  createContext,
  events: intakeEvents,
  permissions: applicationPermissions,
  consumers: [lifecycleReactions(), personMatchReactions(), eligibilityReactions(), caseLinkReactions(), electronicCheckReactions(), documentUploadReactions()],
};
