import type { ApolloServer } from "@apollo/server";
import { createHttpServer, mountApollo, type GraphExecutor, type Logger } from "@pap/kernel";
import { registerRestRoutes } from "@pap/rest-compat";
import type { FastifyInstance } from "fastify";
import { gatewayContextFromHeaders, type GatewayContext } from "./graph/context";

export type HttpAppParts = {
  logger: Logger;
  /** The federated graph, served at /graphql when present. */
  graph?: ApolloServer<GatewayContext>;
  /** Where REST requests are sent, when this process serves the REST surface. */
  rest?: GraphExecutor;
  /** Readiness probe: true when the process can serve (database reachable). */
  ready: () => Promise<boolean>;
};

/** One Fastify app holding whichever of the platform's HTTP faces this process serves. */
export async function createHttpApp(parts: HttpAppParts): Promise<FastifyInstance> {
  const app = createHttpServer(parts.logger);
  if (parts.graph) {
    mountApollo(app, parts.graph, { path: "/graphql", context: async (request) => gatewayContextFromHeaders(request.headers) });
  }
  if (parts.rest) registerRestRoutes(app, parts.rest);
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const ready = await parts.ready().catch(() => false);
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "unavailable" });
  });
  return app;
}
