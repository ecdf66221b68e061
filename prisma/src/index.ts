export { PrismaClient, Prisma } from "../generated/client/client";
// The generated client's model and input types, whatever models the schema holds.
export type * from "../generated/client/client";
export type { default as PrismaTypes } from "../generated/pothos-types";
export { getDatamodel } from "../generated/pothos-types";
export { databaseConfigFromEnv, defaultPgliteDir, describeDatabase, repositoryRoot } from "./config";
export type { DatabaseConfig } from "./config";
export { openDatabase, preparedQuery } from "./connect";
export type { Database, OpenOptions, RowReader } from "./connect";
export { driverSql, type SqlTransaction, type StatementRunner } from "./driver-transaction";
export { applyMigrations, pendingSchemaChangeSql } from "./migrations";
export {
  compareMigrations,
  DatabaseNotMigrated,
  migrateDatabase,
  MIGRATION_LOCK_KEY,
  MigrationLockTimeout,
  migrationModeFromEnv,
  migrationStatus,
  requireMigrated,
  type MigrationComparison,
  type MigrationMode,
  type RecordedMigration,
} from "./migrating";
export { shareEmbeddedDatabase } from "./share";
export { findLocked, lockRowForUpdate } from "./row-lock";
export { findActiveAccount, type Credential } from "./accounts";
export { isUniqueViolation, unlessKeyTaken } from "./errors";
/** The enums as stored (values per Prisma enum), for checks that the API's declarations agree with storage. */
export * as storedEnums from "../generated/client/enums";
export { plainColumnsOf } from "./columns";
export { createSealer, sealerFromEnv, type Sealer } from "./sealing/sealer";
export { isSealed, keyringOf, sealedKeyId, sealValue, unsealValue, SEALED_PREFIX, type Keyring } from "./sealing/envelope";
export { sealedJson, SealedJson } from "./sealing/sealed-json";
export { keepStoreSealed, resealStored, type ColumnReport, type ResealMode, type ResealReport } from "./sealing/reseal";
export { countyOfRecord } from "./jurisdiction";
