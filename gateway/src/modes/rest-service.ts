import { HOUR_MS, createLogger, readSetting } from "@pap/core";
import { databaseConfigFromEnv, openDatabase } from "@pap/db";
import { databaseIdempotencyStore } from "@pap/rest-compat";
import { createAuthenticator } from "@pap/kernel/auth";
import { httpGraphExecutor, webSocketGraphSubscriber } from "@pap/kernel/graphql";
import type { FastifyInstance } from "fastify";
import { prepareAuthSettings } from "../auth";
import { processContentSettings } from "@pap/content";
import { prepareContentSettings } from "../content";
import { createHttpApp } from "../http-app";
import { platformRequirements } from "../requirements";

/**
 * rest-compat on its own (the distributed mode's REST process): every REST call becomes an operation
 * on the gateway at `graphqlUrl`. It needs the domains' contracts and the requirements table the
 * build wrote, never a subgraph's schema.
 */
export async function startRestService(options: {
  graphqlUrl: string;
  host: string;
  port: number;
}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const logger = createLogger("rest-compat");
  const subscribe = webSocketGraphSubscriber(options.graphqlUrl);
  const auth = prepareAuthSettings();
  const authenticate = createAuthenticator(auth);
  // Idempotency-Keys are kept in the platform's database, when this process is told where it is: two
  // connections are plenty for a key's claim and its answer.
  const config = databaseConfigFromEnv();
  const database = readSetting("DATABASE_URL")
    ? await openDatabase(config.kind === "postgres" ? { ...config, poolSize: 2 } : config, { migrate: false })
    : undefined;
  const app = await createHttpApp({
    logger,
    authenticate,
    rest: {
      execute: httpGraphExecutor(options.graphqlUrl),
      subscribe,
      authenticate,
      requirementOf: platformRequirements,
      ...(database && { idempotency: databaseIdempotencyStore(database.prisma, readSetting("IDEMPOTENCY_KEY_TTL_HOURS") * HOUR_MS) }),
    },
    ready: async () => (await fetch(options.graphqlUrl.replace(/\/graphql$/, "/healthz"))).ok,
    auth,
    content: (prepareContentSettings(), () => processContentSettings()),
  });
  await app.listen({ host: options.host, port: options.port });
  return {
    app,
    async close() {
      await app.close();
      await subscribe.close();
      await database?.close();
    },
  };
}
