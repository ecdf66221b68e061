/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its event declarations and its REST surface. The REST surface and tools import this
 * (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { appointment, appointmentStatuses } from "./appointment";
export { appointmentEvents } from "../domain/events";
export { appointmentMachine } from "../domain/appointment-machine";
export { appointmentRoutes } from "./rest";
export { schedulingDomain } from "./domain";
