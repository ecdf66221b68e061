/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declaration, its event declarations and its REST surface. The REST surface and tools import this
 * (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { person, type PersonAttributes } from "./person";
export { personEvents, personMatchEvents } from "../domain/events";
export { personRoutes } from "./rest";
export { personsDomain } from "./domain";
