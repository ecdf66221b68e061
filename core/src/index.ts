export {
  ApiError,
  badRequest,
  clientErrorFromDatabase,
  conflict,
  DATABASE_RETRY_AFTER_SECONDS,
  connectionFailure,
  databaseFaultSummary,
  databaseMessageOf,
  databaseUnavailable,
  envelopeCodeOf,
  envelopeFromGraphQLError,
  fieldNotSortable,
  graphqlCodeOf,
  internalError,
  invalidQuery,
  invalidSortField,
  isDatabaseUnavailable,
  notFound,
  PRECONDITION_FAILED_STATE,
  preconditionFailed,
  preconditionRequired,
  reportDatabaseOutage,
  reportServerFault,
  requestValuesOf,
  sqlStateOf,
  validationFailed,
} from "./errors";
export type { ErrorDetail, ErrorEnvelope, FaultLog, RequestValues } from "./errors";
export { isUuid } from "./ids";
export { etagOf, preconditionOf, preconditionSetting } from "./preconditions";
export type { Precondition } from "./preconditions";
export { unstorableTextReason } from "./unstorable-text";
export { DAY_MS, HOUR_MS, MINUTE_MS, ManualClock, systemClock } from "./clock";
export type { Clock } from "./clock";
export { calendarTypes, createCalendar, isIsoDate, isTimeZone, parseDuration } from "./calendar";
export type { BusinessCalendar, CalendarSettings, CalendarType, Duration } from "./calendar";
export { createLogger } from "./logger";
export type { Logger } from "./logger";
export {
  ConfigurationError,
  DEFAULT_AUDIENCE,
  DEVELOPMENT_ENCRYPTION_KEY_ID,
  DEVELOPMENT_ENCRYPTION_KEYS,
  DEVELOPMENT_PERSON_MATCH_KEY,
  README_BEGIN,
  README_END,
  authKeyProblems,
  authModeOf,
  calendarFromEnv,
  configurationVerdict,
  contentSigningProblems,
  contentStoreProblems,
  describeVerdict,
  developmentAuthProblems,
  edgeProblems,
  editDistance,
  encryptionKeyProblems,
  holdsDevelopmentKey,
  envExample,
  intendedSetting,
  isProduction,
  isSettingName,
  misspeltSettings,
  operatorSettings,
  parseEncryptionKeys,
  personMatchKeyProblems,
  readSetting,
  readmeConfigurationTables,
  referenceServiceProblems,
  referenceServicesAllowed,
  scannerProblems,
  noticeEmailProblems,
  sensitiveFieldSet,
  sensitiveFieldsFromEnv,
  alwaysSensitiveFields,
  settingDeclarations,
  settingGroups,
  settingNames,
  valueProblem,
  valueProblems,
  withConfigurationTables,
  asConfigurationProblem,
  checkDeployment,
  checkSection,
  defineConfigSection,
  deploymentExample,
  pathText,
  readDeploymentSource,
} from "./config";
export type {
  AnyConfigSection,
  ConfigSection,
  DeploymentProblem,
  DeploymentSource,
  DeploymentVerdict,
  ConfigurationProblem,
  ConfigurationVerdict,
  Environment,
  MasterKey,
  SettingDeclaration,
  SettingGroup,
  SettingName,
  SettingValue,
} from "./config";
export {
  combinedText,
  dbQueryDuration,
  eventsCommitted,
  gatherMetricsOf,
  graphqlDuration,
  graphqlOperations,
  httpDuration,
  httpRequests,
  isPlatformWide,
  joinPlatformMetrics,
  latencyBuckets,
  metricsParentEnv,
  metricsRegistry,
  openConnections,
  operationLabel,
  platformMetricsText,
  platformWide,
  processMetrics,
  processMetricsText,
  processSeries,
  rateLimitRefusals,
  serverFaults,
  subscriptionExecutions,
  subscriptionPayloads,
  setMetricsService,
  watchPool,
} from "./metrics";
export type { PoolCounts, ProcessMetrics, StatementKind } from "./metrics";
export {
  childServiceName,
  continueTrace,
  continuedTraceparent,
  currentTraceparent,
  isTraceId,
  isTraceparent,
  newTraceparent,
  requestTraceparent,
  stopTracing,
  traceIdOf,
  traceLogFields,
  traced,
  tracedCall,
  tracingActive,
  tracingSettingsFromEnv,
  untraced,
  useTracer,
} from "./tracing";
export type { TraceAttributes, Tracer, TracingSettings } from "./tracing";
export { FIPS_CODE, countyCodeOf, countyOfAddress, countyTableOf, emptyCountyTable } from "./jurisdiction/county";
export type { CountyTable } from "./jurisdiction/county";
export { stateWide } from "./jurisdiction/settings";
export { jurisdictionFromEnv } from "./config/jurisdiction";
export type { Jurisdiction } from "./jurisdiction/settings";
export { benefitPrograms } from "./jurisdiction/programs";
export type { BenefitProgram } from "./jurisdiction/programs";
export { documentHash, trustedDocumentsOf } from "./graphql/trusted-documents";
export type { TrustedDocuments } from "./graphql/trusted-documents";
