/**
 * What other packages may know of this domain without loading its GraphQL schema: request bodies,
 * list rules, statuses, its event declarations and configuration. The REST surface and tools import
 * this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { userCreateBody, userUpdateBody, selfUpdateBody, userListSpec, userStatuses } from "./domain/user";
export { userEvents } from "./domain/events";
export { userPermissions } from "./domain/permissions";
export * from "./rest";
