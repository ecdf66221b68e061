/**
 * What a database holds against what this release commits, by migration name. Pure: the start that may
 * not migrate (DATABASE_MIGRATE=false) and `npm run migrate -- status` both say what it finds.
 */
export type MigrationComparison = {
  /** Committed here and not applied there: a start that may not migrate refuses. */
  missing: string[];
  /** Applied there and not committed here: a newer release's, while hosts are replaced one by one. */
  unknown: string[];
};

/** A row of `_prisma_migrations`, as the schema engine writes it. */
export type RecordedMigration = { name: string; finished: boolean; rolledBack: boolean };

/**
 * Compares the committed migrations with the recorded ones. A migration counts as applied once it
 * finished and was not rolled back: a failed one (started, never finished) is still missing.
 */
export function compareMigrations(committed: readonly string[], recorded: readonly RecordedMigration[]): MigrationComparison {
  const applied = new Set(recorded.filter((row) => row.finished && !row.rolledBack).map((row) => row.name));
  const known = new Set(committed);
  return {
    missing: committed.filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !known.has(name)).sort(),
  };
}

/** Why a start that may not migrate refuses: the missing migrations by name, and the release step that applies them. */
export function describeMissing(missing: readonly string[], committed: number): string {
  const shown = missing.length > 10 ? [...missing.slice(0, 10), `and ${missing.length - 10} more`] : missing;
  const which = missing.length === committed ? `all ${committed}` : `${missing.length} of the ${committed}`;
  return [
    `The database lacks ${which} migrations this release needs, and this host applies none (DATABASE_MIGRATE is false, as it is by default in production on PostgreSQL): run the release step \`npm run migrate -- deploy\` against the primary (DATABASE_URL), then start the hosts again. Missing:`,
    ...shown.map((name) => `  - ${name}`),
  ].join("\n");
}

/** What a host that may not migrate says of migrations a newer release applied; it starts all the same. */
export const describeUnknown = (unknown: readonly string[]) =>
  `the database holds ${unknown.length} migration${unknown.length === 1 ? "" : "s"} this release does not know (a newer release's, during a rolling deploy?): ${unknown.join(", ")}`;
