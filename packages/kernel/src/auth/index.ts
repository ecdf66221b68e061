export { isRole, permissionsOf, roleWithInherited, roles, serviceRoles } from "./roles";
export type { AccountRole, PermissionTable, Role } from "./roles";
export { BEARER_CREDENTIAL, anonymous, grantsOfScope, isAuthenticated, scopeGrants, systemPrincipal } from "./principal";
export type { Principal, PrincipalKind } from "./principal";
export { DEFAULT_AUDIENCE, DEVELOPMENT_ISSUER, authSettingsFromEnv, rolesFrom } from "./settings";
export type { AuthMode, AuthSettings } from "./settings";
export { bearerChallenge, createAuthenticator, forbidden, signToken, unauthenticated } from "./authenticate";
export type { Authenticator } from "./authenticate";
export { accountRequired, callerContext } from "./caller";
export { permissionsHeldBy } from "./held";
export type { AccountFinder, CallerAccount, CallerContext } from "./caller";
export {
  apiKeyRequired,
  declaredScopes,
  notSignedIn,
  operationRequirements,
  refusal,
  requirementFrom,
  requirementLookup,
  requirementsTable,
  userCredentialRequired,
} from "./requirements";
export type { DeclaredScopes, OperationType, Requirement, RequirementLookup } from "./requirements";
export { allOrOwnRecords } from "./own-records";
export { countyCondition, countyReachOf, homeCounty, reaches } from "./county-reach";
export type { CountyReach } from "./county-reach";
export { countyScope } from "./county-scope";
export type { ProgramRule } from "./county-scope";
export { agreementOf, coversPrograms, seesIdentifiers } from "./partner-agreement";
export type { Agreement } from "./partner-agreement";
export type { ReachingContext } from "./county-scope";
export { countyOfNewRecord, recordInReach } from "./record-county";
