/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its event declarations and permissions, and its REST surface. The REST surface and
 * tools import this (`@pap/<domain>/contract`); the subgraph itself is the package's main entry.
 */
export { application, applicationStatuses, applicationPrograms, applicationChannels } from "./application";
export { member, memberRoles } from "./member";
export {
  applicationRecords,
  asset,
  assetDisposal,
  authorizedRepresentative,
  childSupport,
  choice,
  contact,
  day,
  deduction,
  disabilityBenefit,
  entityRef,
  enumCheck,
  expense,
  flag,
  healthEnrollment,
  healthPlan,
  householdInfo,
  income,
  instant,
  interview,
  job,
  memberId,
  money,
  nested,
  nestedList,
  organization,
  personRef,
  personRefWith,
  personRelationship,
  recordBase,
  reference,
  requiredChoice,
  requiredDay,
  requiredMoney,
  requiredNested,
  requiredText,
  signature,
  sponsor,
  taxFiler,
  text,
  verification,
  verificationCategories,
  verificationStatuses,
  wholeNumber,
} from "./records";
export type { ApplicationRecordKind, ReferenceRule, ReferenceTarget, VerificationStatus } from "./records";
export { applicationMachine } from "../domain/application-machine";
export { verificationMachine } from "../domain/verification-machine";
export { intakeEvents } from "../domain/events";
export { applicationPermissions } from "../domain/permissions";
export { intakeRoutes } from "./rest";
export { intakeDomain } from "./domain";
