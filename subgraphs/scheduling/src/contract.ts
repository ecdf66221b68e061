/**
 * What other packages may know of this domain without loading its GraphQL schema: request bodies,
 * list rules, statuses, its event declarations and configuration. The REST surface and tools import
 * this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { appointmentCreateBody, appointmentUpdateBody, appointmentListSpec } from "./domain/appointment";
export { appointmentEvents } from "./domain/events";
export * from "./rest";
