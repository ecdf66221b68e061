import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { seededSlaTypes } from "./config/sla-types";
import { applicationReactions } from "./consumers/application-reactions";
import { timerReactions } from "./consumers/timer-reactions";
import { createContext, type WorkflowContext } from "./context";
import { workflowEvents } from "./domain/events";
import { workflowPermissions } from "./domain/permissions";
import { schema } from "./schema";
import { seedQueues } from "./seed";

export * from "./contract";

export const workflowSubgraph: SubgraphDefinition<DomainServices, WorkflowContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "workflow",
  schema,
  createContext,
  events: workflowEvents,
  permissions: workflowPermissions,
  seed: (services) => seedQueues(services.db),
  consumers: [timerReactions({ slaTypes: seededSlaTypes }), applicationReactions({ slaTypes: seededSlaTypes })],
};
