/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its event declarations and permissions, and its REST surface. The REST surface and
 * tools import this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { application, applicationStatuses, applicationPrograms, applicationChannels } from "./application";
export { member, memberRoles } from "./member";
export * from "./records";
export { applicationMachine } from "../domain/application-machine";
export { verificationMachine } from "../domain/verification-machine";
export { intakeEvents } from "../domain/events";
export { applicationPermissions } from "../domain/permissions";
export * from "./rest";
export * from "./domain";
