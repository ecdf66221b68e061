import { ConfigurationError, isProduction, readSetting } from "@pap/core";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { DatabaseConfig } from "../config";
import { applyMigrations } from "../migrations";
import { isSharedSession } from "../share";
import { describeMissing, describeUnknown } from "./compare";
import { withMigrationLock } from "./lock";
import { migrationStatus } from "./status";

export { compareMigrations, describeMissing, type MigrationComparison, type RecordedMigration } from "./compare";
export { MIGRATION_LOCK_KEY, MigrationLockTimeout, withMigrationLock } from "./lock";
export { migrationStatus, recordedMigrations } from "./status";

/** What a start does about migrations: apply the pending ones, only check that none is pending, or neither. */
export type MigrationMode = "apply" | "check" | "none";

/**
 * What DATABASE_MIGRATE asks of a process that opens the database to serve: `apply` unless it is
 * `false`, or unset in production on PostgreSQL, where migrations are the release step (`npm run
 * migrate`) and the hosts only check. The embedded store has one process and no release step of its own.
 */
export function migrationModeFromEnv(kind: DatabaseConfig["kind"], env: NodeJS.ProcessEnv = process.env): MigrationMode {
  return (readSetting("DATABASE_MIGRATE", env) ?? !(isProduction(env) && kind === "postgres")) ? "apply" : "check";
}

/** What migrating needs of an open database (`Database`, which opens it through this module). */
type Migratable = { adapterFactory: SqlMigrationAwareDriverAdapterFactory; config: DatabaseConfig; pglite?: PGlite };

/**
 * Applies the pending migrations; on PostgreSQL under the migration lock, so that hosts starting
 * together apply each migration once. Returns the names applied (none when another host got there first).
 */
export async function migrateDatabase(
  database: Migratable,
  options: { log?: (message: string) => void; lockWaitMs?: number } = {},
): Promise<string[]> {
  const { config } = database;
  const applied =
    config.kind === "postgres" && !isSharedSession(config.url)
      ? await withMigrationLock(
          config.url,
          { waitMs: options.lockWaitMs ?? readSetting("DATABASE_MIGRATE_LOCK_TIMEOUT_MS"), log: options.log },
          () => applyOnConnectionOfItsOwn(config.url),
        )
      : // The embedded store is one process's (the others reach it through that process): nobody to take turns with.
        await applyMigrations(database.adapterFactory);
  if (applied.length) options.log?.(`applied migrations: ${applied.join(", ")}`);
  // PGlite learns the array types it serializes parameters for once, when it opens: the arrays of the
  // enums a migration has just created would go as plain text (`malformed array literal`, 22P02).
  if (applied.length) await database.pglite?.refreshArrayTypes();
  return applied;
}

/**
 * The schema engine takes Prisma's own advisory lock (72707369) for every apply, and gives it up with
 * another statement. Through the process's pool the lock stayed held by an idle pooled connection after
 * the migration, so the next host's engine waited 10 s for it and failed (P1002). On one connection of
 * its own, closed at the end, the engine has one session, and nothing outlives the migration.
 */
async function applyOnConnectionOfItsOwn(url: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: "pap-migration" });
  try {
    return await applyMigrations(new PrismaPg(pool));
  } finally {
    await pool.end().catch(() => {});
  }
}

/** Thrown when a host that may not migrate finds migrations missing: what to run, for the operator. */
export class DatabaseNotMigrated extends ConfigurationError {
  constructor(
    readonly missing: readonly string[],
    committed: number,
  ) {
    super([{ variable: "DATABASE_MIGRATE", message: describeMissing(missing, committed) }]);
    this.name = "DatabaseNotMigrated";
  }
}

/**
 * For a host that may not migrate: refuses (DatabaseNotMigrated) unless the database holds every
 * committed migration, touching nothing. Migrations the code does not know are a newer release's while
 * hosts are replaced one by one: said, and the start goes on.
 */
export async function requireMigrated(
  database: { read: Parameters<typeof migrationStatus>[0] },
  log?: (message: string) => void,
): Promise<void> {
  const status = await migrationStatus(database.read);
  if (status.missing.length) throw new DatabaseNotMigrated(status.missing, status.committed.length);
  if (status.unknown.length) log?.(describeUnknown(status.unknown));
}
