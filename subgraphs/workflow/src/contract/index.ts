/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its task machine, configuration and event declarations, and its REST surface. The REST
 * surface and tools import this (`@pap/<domain>/contract`); the subgraph itself is the package's main
 * entry.
 */
export { task, taskStatuses, programTypes } from "./task";
export { queue, queueSources } from "./queue";
export { taskMachine, openTaskStatuses } from "../domain/task-machine";
export { metricDefinitions } from "../config/metrics";
export { metric, metricGroupings, metricAggregates } from "./metric";
export { workflowConfig, workflowSection } from "../config/deployment";
export { workflowEvents } from "../domain/events";
export { slaStatuses } from "../domain/sla";
export { workflowRoutes } from "./rest";
export { workflowDomain } from "./domain";
