import { jurisdictionFromEnv, systemClock, type Clock, type Logger } from "@pap/core";
import { authSettingsFromEnv, createAuthenticator, type AuthSettings } from "@pap/kernel/auth";
import { keepStoreSealed, migrationModeFromEnv, openDatabase, type Database, type DatabaseConfig, type MigrationMode } from "@pap/db";
import {
  eventSettingsFromEnv,
  searchIndexOf,
  startConsumers,
  startEventRuntime,
  startTimers,
  headOfLog,
  sequenceLog,
  SEQUENCER_BATCH,
  type DomainServices,
  type EventSettings,
} from "@pap/events";
import { domains } from "./domains";
import { watchPlatformMetrics } from "./metrics";
import type { PlatformSubgraph } from "./subgraphs";

/**
 * Every registered domain's search projection, whichever domains a process hosts: a write keeps its
 * records' documents current by the event types it records, so knowing them all costs nothing.
 */
const searchIndex = searchIndexOf(domains.flatMap((domain) => domain.search ?? []));

export type ProcessServices = {
  services: DomainServices;
  database: Database;
  /**
   * Resolves once the background work (sealing values stored in clear, deriving search documents at start, the calls
   * the outbox has due) is done,
   * every timer due by now has fired and every consumer has caught up with the log,
   * the reactions' own timers and events included: what a test waits on after moving a manual clock.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * What a process needs to host subgraphs: the database (migrated when asked), the event runtime that
 * follows the log, each hosted subgraph's seeded configuration, its durable consumers (every process
 * hosting a domain runs them; a row lock lets one process at a time work each consumer), and the
 * durable timers (fired by whichever process gets to each first).
 */
export async function openProcessServices(options: {
  database: DatabaseConfig;
  logger: Logger;
  hosted: readonly PlatformSubgraph[];
  /** Apply the pending migrations, only check that none is pending, or neither; DATABASE_MIGRATE decides unless given. */
  migrate?: boolean | MigrationMode;
  onQuery?: (sql: string, params: string) => void;
  events?: EventSettings;
  auth?: AuthSettings;
  /** Where "now" comes from: the system clock, or a test's manual one. */
  clock?: Clock;
}): Promise<ProcessServices> {
  const { logger } = options;
  const database = await openDatabase(options.database, {
    migrate: options.migrate ?? migrationModeFromEnv(options.database.kind),
    onQuery: options.onQuery,
    log: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
  });
  if (database.sealer.developmentKey)
    logger.warn("ENCRYPTION_KEYS is not set: sensitive values are sealed with the public development key (refused in production)");
  let eventRuntime: Awaited<ReturnType<typeof startEventRuntime>> | undefined;
  try {
    const clock = options.clock ?? systemClock;
    eventRuntime = await startEventRuntime(
      database,
      { searchIndex, ...(options.events ?? eventSettingsFromEnv()), clock },
      { logger: logger.child({ component: "events" }) },
    );
    const services: DomainServices = {
      db: database.prisma,
      read: database.read,
      eventRuntime,
      authenticate: createAuthenticator(options.auth ?? authSettingsFromEnv()),
      jurisdiction: jurisdictionFromEnv(),
    };
    for (const subgraph of options.hosted) await subgraph.seed?.(services);
    const background = [
      // Values stored in clear before sealing existed (or before SENSITIVE_FIELDS named them) are sealed
      // by the process, not a migration (the keys are its own, from its environment); rows a request
      // holds are skipped and sealed by that request's own write. Every new write is sealed already.
      keepStoreSealed(database, logger.child({ component: "sealing" })),
      ...options.hosted.flatMap((subgraph) =>
        subgraph.background ? [subgraph.background(services, logger.child({ component: subgraph.name }))] : [],
      ),
    ];
    const consumers = startConsumers(
      services,
      options.hosted.flatMap((subgraph) => subgraph.consumers ?? []),
      { logger: logger.child({ component: "consumers" }) },
    );
    const timers = startTimers(services, { clock, logger: logger.child({ component: "timers" }) });
    const runtime = eventRuntime;
    const stopMetrics = watchPlatformMetrics(database.prisma, runtime);
    return {
      services,
      database,
      async settle() {
        // A reaction may set a timer that is already due, whose event another reaction handles: go round until quiet.
        const sequencedHead = async () => {
          while ((await sequenceLog(database.prisma)) === SEQUENCER_BATCH);
          return headOfLog(database.prisma);
        };
        for (let round = 0; round < 10; round++) {
          // Background work may answer what the reactions asked (the data-exchange outbox's calls): each round waits for it.
          await Promise.all(background.map((work) => work.done));
          await timers.settle();
          const head = await sequencedHead();
          await consumers.drain();
          if ((await sequencedHead()) === head) return;
        }
      },
      async close() {
        stopMetrics();
        await Promise.all(background.map((work) => work.stop()));
        await timers.stop();
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
