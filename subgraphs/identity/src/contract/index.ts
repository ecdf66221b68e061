/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its event declarations and permissions, and its REST surface. The REST surface and
 * tools import this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { user, selfUpdateBody, userStatuses } from "./user";
export { userEvents } from "../domain/events";
export { userPermissions } from "../domain/permissions";
export { identityRoutes } from "./rest";
export { identityDomain } from "./domain";
