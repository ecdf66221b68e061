import { openDatabase, type Database, type DatabaseConfig } from "@pap/db";
import { eventSettingsFromEnv, startConsumers, startEventRuntime, type DomainServices, type EventSettings } from "@pap/events";
import { authSettingsFromEnv, createAuthenticator, type AuthSettings, type Logger } from "@pap/kernel";
import type { PlatformSubgraph } from "./subgraphs";

export type ProcessServices = { services: DomainServices; database: Database; close(): Promise<void> };

/**
 * What a process needs to host subgraphs: the database (migrated when asked), the event runtime that
 * follows the log, each hosted subgraph's seeded configuration, and its durable consumers (every
 * process hosting a domain runs them; a row lock lets one process at a time work each consumer).
 */
export async function openProcessServices(options: {
  database: DatabaseConfig;
  logger: Logger;
  hosted: readonly PlatformSubgraph[];
  migrate?: boolean;
  onQuery?: (sql: string) => void;
  events?: EventSettings;
  auth?: AuthSettings;
}): Promise<ProcessServices> {
  const { logger } = options;
  const database = await openDatabase(options.database, { migrate: options.migrate, onQuery: options.onQuery, log: (message) => logger.info(message) });
  let eventRuntime: Awaited<ReturnType<typeof startEventRuntime>> | undefined;
  try {
    eventRuntime = await startEventRuntime(database, options.events ?? eventSettingsFromEnv(), { logger: logger.child({ component: "events" }) });
    const services: DomainServices = { db: database.prisma, eventRuntime, authenticate: createAuthenticator(options.auth ?? authSettingsFromEnv()) };
    for (const subgraph of options.hosted) await subgraph.seed?.(services);
    const consumers = startConsumers(services, options.hosted.flatMap((subgraph) => subgraph.consumers ?? []), { logger: logger.child({ component: "consumers" }) });
    const runtime = eventRuntime;
    return {
      services,
      database,
      async close() {
        await consumers.stop();
        await runtime.close();
        await database.close();
      },
    };
  } catch (error) {
    await eventRuntime?.close();
    await database.close();
    throw error;
  }
}
