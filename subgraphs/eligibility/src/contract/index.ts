/**
 * What other packages may know of the eligibility domain without loading its GraphQL schema: its
 * resource declarations, machines, events, permissions and REST surface.
 */
export { determination, determinationStatuses, type DeterminationStatus } from "./determination";
export {
  decision,
  decisionStatuses,
  decisionPaths,
  eligibilityPrograms,
  terminalDecisionStatuses,
  type DecisionStatus,
  type EligibilityProgram,
} from "./decision";
export { determinationMachine } from "../domain/determination-machine";
export { decisionMachine } from "../domain/decision-machine";
export { eligibilityEvents } from "../domain/events";
export { eligibilityPermissions } from "../domain/permissions";
export { eligibilityRoutes } from "./rest";
export { eligibilityDomain } from "./domain";
