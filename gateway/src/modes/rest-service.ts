import { createLogger } from "@pap/core";
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
  const app = await createHttpApp({
    logger,
    authenticate,
    rest: {
      execute: httpGraphExecutor(options.graphqlUrl),
      subscribe,
      authenticate,
      requirementOf: platformRequirements,
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
    },
  };
}
