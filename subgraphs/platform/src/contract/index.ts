/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its configuration and permissions, and its REST surface. The REST surface and tools
 * import this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { event, publishedEventBody } from "./event";
export { policy } from "./policy";
export { eventLogWhere, streamFilter, positionFrom } from "../domain/event-log";
export { seededPolicies } from "../config/policies";
export { platformSection } from "../config/deployment";
export { platformPermissions } from "../domain/permissions";
export { eventStreamOperations, eventToRest, platformRoutes } from "./rest";
export { platformDomain } from "./domain";
