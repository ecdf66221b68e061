import type { Logger } from "@pap/core";
import { migrationModeFromEnv, openDatabase, shareEmbeddedDatabase, type DatabaseConfig } from "@pap/db";

/**
 * Multi-process deployments need one database every process can reach. With PostgreSQL that is the
 * server itself (migrated here once for all the processes, or only checked: DATABASE_MIGRATE); with
 * embedded PGlite this process keeps the store open and serves it on loopback. Returns the URL for the
 * other processes.
 */
export async function prepareSharedDatabase(
  config: DatabaseConfig,
  sharePort: number,
  logger: Logger,
): Promise<{ url: string; close(): Promise<void> }> {
  const database = await openDatabase(config, {
    migrate: migrationModeFromEnv(config.kind),
    log: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
  });
  if (config.kind === "postgres") {
    await database.close();
    return { url: config.url, close: async () => {} };
  }
  const share = await shareEmbeddedDatabase(database, sharePort);
  logger.info(`embedded database shared with the other processes at 127.0.0.1:${sharePort}`);
  return {
    url: share.url,
    async close() {
      await share.stop();
      await database.close();
    },
  };
}
