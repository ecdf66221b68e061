import path from "node:path";
import { readSetting } from "@pap/core/config";

/** Where the platform keeps its data: a PostgreSQL server, or embedded PGlite in a directory (or in memory). */
export type DatabaseConfig = { kind: "postgres"; url: string; poolSize: number } | { kind: "pglite"; dataDir: string | "memory" };

/** The repository root, found from this file whether it runs from src/ (tests) or dist/src/ (built). */
export const repositoryRoot = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? "../../.." : "../..");

export const defaultPgliteDir = path.join(repositoryRoot, ".data", "pglite");

/**
 * DATABASE_URL selects PostgreSQL; without it the platform runs on embedded PGlite so that a fresh
 * machine needs nothing installed. PGLITE_DATA_DIR moves the embedded store (`memory` keeps nothing).
 */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const url = readSetting("DATABASE_URL", env);
  if (url) return { kind: "postgres", url, poolSize: readSetting("DATABASE_POOL_SIZE", env) };
  return { kind: "pglite", dataDir: readSetting("PGLITE_DATA_DIR", env) ?? defaultPgliteDir };
}

/** A printable description that never shows a password. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === "pglite") {
    return config.dataDir === "memory" ? "embedded PGlite (in memory)" : `embedded PGlite at ${config.dataDir}`;
  }
  const url = new URL(config.url);
  if (url.password) url.password = "***";
  return `PostgreSQL ${url.toString()}`;
}
