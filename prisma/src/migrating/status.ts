import { committedMigrations } from "../migrations";
import { compareMigrations, type MigrationComparison, type RecordedMigration } from "./compare";

/** Reads rows with one statement: the database's `read` (`RowReader`), which this module cannot import without a cycle. */
type Reader = <T>(text: string, params: readonly unknown[]) => Promise<T[]>;

/** The migrations a database records as the schema engine writes them; none when the table is not there (an empty database). */
export async function recordedMigrations(read: Reader): Promise<RecordedMigration[]> {
  const [table] = await read<{ present: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present", []);
  if (!table?.present) return [];
  const rows = await read<{ name: string; finished: boolean; rolled_back: boolean }>(
    "SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations",
    [],
  );
  return rows.map((row) => ({ name: row.name, finished: row.finished, rolledBack: row.rolled_back }));
}

/** This release's migrations against the database's, reading only (nothing is created, not even the table). */
export async function migrationStatus(read: Reader): Promise<MigrationComparison & { committed: string[] }> {
  const committed = (await committedMigrations()).migrationDirectories.map((directory) => directory.path);
  return { committed, ...compareMigrations(committed, await recordedMigrations(read)) };
}
