export { DEFAULT_AUDIENCE, DEVELOPMENT_PERSON_MATCH_KEY, isSettingName, settingDeclarations, settingGroups, settingNames } from "./schema";
export type { SettingDeclaration, SettingGroup, SettingName, SettingValue } from "./schema";
export { ConfigurationError, isProduction, readSetting, valueProblem, valueProblems } from "./read";
export type { ConfigurationProblem, Environment } from "./read";
export type { TrustedProxies } from "./kinds";
export { editDistance, intendedSetting, misspeltSettings } from "./misspelt";
export {
  auditWarnings,
  authKeyProblems,
  authModeOf,
  contentSigningProblems,
  contentStoreProblems,
  developmentAuthProblems,
  edgeProblems,
  encryptionKeyProblems,
  personMatchKeyProblems,
  referenceServiceProblems,
  referenceServicesAllowed,
  scannerProblems,
  noticeEmailProblems,
  timeZoneProblems,
} from "./rules";
export { configurationVerdict, describeVerdict } from "./verdict";
export type { ConfigurationVerdict } from "./verdict";
export { README_BEGIN, README_END, envExample, operatorSettings, readmeConfigurationTables, withConfigurationTables } from "./docs";
export {
  DEVELOPMENT_ENCRYPTION_KEY_ID,
  DEVELOPMENT_ENCRYPTION_KEYS,
  holdsDevelopmentKey,
  parseEncryptionKeys,
  type MasterKey,
} from "./encryption-keys";
export { alwaysSensitiveFields, sensitiveFieldSet, sensitiveFieldsFromEnv } from "./sensitive-fields";
export {
  asConfigurationProblem,
  checkDeployment,
  checkSection,
  defineConfigSection,
  deploymentExample,
  pathText,
  readDeploymentSource,
} from "./deployment";
export type { AnyConfigSection, ConfigSection, DeploymentProblem, DeploymentSource, DeploymentVerdict } from "./deployment";
export { calendarFromEnv } from "./calendar";
