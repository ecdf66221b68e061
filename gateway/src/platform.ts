import { HOUR_MS, readSetting, type Clock, type Logger } from "@pap/core";
import { formatGraphError } from "@pap/kernel/graphql";
import { describeDatabase, type Database, type DatabaseConfig, type MigrationMode } from "@pap/db";
import type { DomainServices } from "@pap/events";
import type { FastifyInstance } from "fastify";
import { createGraphServer } from "./graph/server";
import { inProcessExecutor } from "./graph/in-process-executor";
import { ownedOperationExecutor } from "./graph/owned-operations";
import { createHttpApp } from "./http-app";
import { prepareAuthSettings } from "./auth";
import { processContentSettings } from "@pap/content";
import { databaseIdempotencyStore } from "@pap/rest-compat";
import { prepareContentSettings } from "./content";
import { platformRequirements } from "./requirements";
import { openProcessServices } from "./services";
import { subgraphs } from "./subgraphs";
import { refuseBadDeployment } from "./deployment";

export type RunningPlatform = {
  app: FastifyInstance;
  database: Database;
  services: DomainServices;
  /** Waits until due timers have fired and every reaction has run (tests call it after moving a manual clock). */
  settle(): Promise<void>;
  url: string;
  close(): Promise<void>;
};

/**
 * The whole platform in one process: database, every subgraph in-process behind the gateway, GraphQL
 * at /graphql and the REST surface, on one port. `npm start`, each cluster worker and the tests use it.
 */
export async function startPlatform(options: {
  database: DatabaseConfig;
  host: string;
  port: number;
  logger: Logger;
  /** Apply the pending migrations, only check that none is pending, or neither; DATABASE_MIGRATE decides unless given. */
  migrate?: boolean | MigrationMode;
  /** Sees every SQL statement and its parameters as JSON (diagnostics, the test that proves there is no N+1, the benchmarks' plan checks). */
  onQuery?: (sql: string, params: string) => void;
  /** Where "now" comes from (SLA clocks, timers, event times); the system clock unless a test moves time itself. */
  clock?: Clock;
}): Promise<RunningPlatform> {
  const { logger } = options;
  // Before anything is written: a deployment file with problems stops the start with all of them.
  refuseBadDeployment();
  const auth = prepareAuthSettings();
  prepareContentSettings();
  const { services, database, settle, close } = await openProcessServices({
    database: options.database,
    logger,
    hosted: subgraphs,
    migrate: options.migrate,
    onQuery: options.onQuery,
    auth,
    clock: options.clock,
  });
  logger.debug(`database: ${describeDatabase(options.database)}`);
  const graph = await createGraphServer({ kind: "in-process", services, subgraphs }, logger, services.authenticate);
  const execute = ownedOperationExecutor({
    owned: graph.owned!,
    formatError: (formatted, error, operation) =>
      formatGraphError((record, message) => logger.error(record, message), formatted, error, operation),
    throughGateway: inProcessExecutor(graph.server),
  });
  const app = await createHttpApp({
    logger,
    graph,
    authenticate: services.authenticate,
    rest: {
      execute,
      subscribe: graph.subscriptions.asGraphSubscriber(),
      authenticate: services.authenticate,
      requirementOf: platformRequirements,
      idempotency: databaseIdempotencyStore(services.db, readSetting("IDEMPOTENCY_KEY_TTL_HOURS") * HOUR_MS),
    },
    ready: async () => (await database.prisma.$queryRaw`SELECT 1`, true),
    auth,
    content: () => processContentSettings(),
  });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    app,
    database,
    services,
    settle,
    url: `http://${options.host}:${port}`,
    async close() {
      await app.close();
      await graph.stop();
      await close();
    },
  };
}
