/**
 * What other packages may know of this domain without loading its GraphQL schema: request bodies,
 * list rules, statuses, its event declarations and configuration. The REST surface and tools import
 * this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { eventListSpec, eventLogWhere, streamFilter, positionFrom } from "./domain/event-log";
export { publishedEventBody } from "./domain/publish";
export { policyListSpec } from "./domain/policy";
export { seededPolicies } from "./config/policies";
export { platformPermissions } from "./domain/permissions";
export * from "./rest";
