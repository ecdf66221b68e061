import { randomUUID } from "node:crypto";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { apolloErrorFormatting } from "../graphql/format-error";
import { refuseUnrepresentableNumbers, requireOneOperation } from "../graphql/request-guards";
import type { SubgraphDefinition } from "../domain/subgraph";
import { mountApollo } from "./apollo-route";
import { createHttpServer } from "./fastify-app";
import { pickForwardedHeaders, visibilityOf } from "../graphql/forwarded-headers";
import { sharedSubscriptions } from "../graphql/shared-subscribe";
import { serveGraphqlWebSocket, subscriptionHeaders } from "./graphql-websocket";

/** A subgraph served on its own over HTTP, for the distributed deployment (the gateway calls it). */
export async function createSubgraphServer<Services extends object>(
  definition: SubgraphDefinition<Services>,
  services: Services,
  logger: Logger,
): Promise<FastifyInstance> {
  const errors = apolloErrorFormatting<object>((record, message) => logger.error(record, message));
  const apollo = new ApolloServer<object>({
    schema: definition.schema,
    includeStacktraceInErrorResponses: false,
    // The gateway sends a request's side-by-side queries to this subgraph as one batch (its TurnBatcher);
    // the operations of a batch share one context, so the caller is checked and the loaders built once.
    allowBatchedHttpRequests: true,
    // The platform stops Apollo itself on SIGTERM; a second, concurrent stop() never settles.
    stopOnTerminationSignals: false,
    // Traces would only feed Apollo's hosted reporting, which the platform never uses.
    // No landing page either: Apollo's loads from a CDN, and a subgraph is the gateway's, not a person's.
    plugins: [
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      requireOneOperation(),
      refuseUnrepresentableNumbers(),
      errors.plugin,
    ],
    formatError: errors.formatError,
  });
  await apollo.start();
  const app = createHttpServer(logger);
  mountApollo(app, apollo, {
    path: "/graphql",
    context: async (request) => definition.createContext({ ...services, headers: pickForwardedHeaders(request.headers) }),
  });
  app.get("/healthz", async () => ({ status: "ok", subgraph: definition.name }));
  // Subscriptions a subgraph declares are served over graphql-ws on the same path; the gateway opens
  // its source streams here in the distributed deployment.
  // Each payload executed once for every subscriber of the same subscription (same credentials).
  const shared = sharedSubscriptions();
  const visibilities = new WeakMap<object, string>();
  const closeSockets = definition.schema.getSubscriptionType()
    ? serveGraphqlWebSocket(app.server, "/graphql", {
        schema: definition.schema,
        context: (ctx, _id, payload) => {
          const headers = subscriptionHeaders(ctx.extra.request.headers, payload.extensions, ctx.connectionParams);
          const context = definition.createContext({ ...services, headers });
          visibilities.set(context, visibilityOf(headers));
          return context;
        },
        subscribe: (args) => shared.subscribe({ ...args, visibility: visibilities.get(args.contextValue as object) ?? randomUUID() }),
      })
    : undefined;
  app.addHook("preClose", async () => closeSockets?.());
  app.addHook("onClose", () => apollo.stop());
  return app;
}
