import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { seededSlaTypes } from "./config/sla-types";
import { timerReactions } from "./consumers/timer-reactions";
import { createContext, type WorkflowContext } from "./context";
import { workflowEvents } from "./domain/events";
import { workflowPermissions } from "./domain/permissions";
import { schema } from "./schema";
import { seedQueues } from "./seed";

export { taskCreateBody, taskUpdateBody, taskListSpec, taskStatuses, programTypes } from "./domain/task";
export { queueBody, queueUpdateBody, queueListSpec, queueSources } from "./domain/queue";
export { taskMachine } from "./domain/task-machine";
export { metricListSpec } from "./schema/metric";
export { mutationNameOf } from "./schema/task-actions";
export { metricDefinitions } from "./config/metrics";
export { metricGroupings } from "./domain/metrics";
export { seededQueues } from "./config/queues";
export { seededSlaTypes } from "./config/sla-types";
export { workflowEvents } from "./domain/events";
export { slaStatuses } from "./domain/sla";

export const workflowSubgraph: SubgraphDefinition<DomainServices, WorkflowContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "workflow",
  schema,
  createContext,
  events: workflowEvents,
  permissions: workflowPermissions,
  seed: (services) => seedQueues(services.db),
  consumers: [timerReactions({ slaTypes: seededSlaTypes })],
};
