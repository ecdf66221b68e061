export {
  ApiError,
  badRequest,
  conflict,
  envelopeCodeOf,
  fieldNotSortable,
  graphqlCodeOf,
  internalError,
  invalidQuery,
  invalidSortField,
  notFound,
  preconditionFailed,
  preconditionRequired,
  validationFailed,
} from "./api-error";
export type { ErrorDetail, ErrorEnvelope } from "./api-error";
export {
  PRECONDITION_FAILED_STATE,
  clientErrorFromDatabase,
  databaseFaultSummary,
  databaseMessageOf,
  requestValuesOf,
  sqlStateOf,
} from "./database-refusal";
export type { RequestValues } from "./database-refusal";
export { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, isDatabaseUnavailable } from "./database-unavailable";
export { envelopeFromGraphQLError } from "./status";
export { reportDatabaseOutage, reportServerFault } from "./server-fault";
export type { FaultLog } from "./server-fault";
export { connectionFailure } from "./connection-failure";
