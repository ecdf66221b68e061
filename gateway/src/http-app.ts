import type { Logger } from "@pap/core";
import type { AuthSettings, Authenticator } from "@pap/kernel/auth";
import {
  ConnectionLimiter,
  browserSettingsFromEnv,
  callerIdentifier,
  createHttpServer,
  metricsAccessFromEnv,
  mountApollo,
  rateLimitSettingsFromEnv,
  registerMetricsEndpoint,
  useBrowserSafety,
  useRateLimits,
} from "@pap/kernel/http";
import type { ContentSettings } from "@pap/content";
import { trustedOperationsFromEnv } from "@pap/kernel/graphql";
import { openApiPath, registerRestRoutes, restOptionsFromEnv, type RestGraph } from "@pap/rest-compat";
import type { FastifyInstance } from "fastify";
import type { FederatedGraph } from "./graph/server";
import { apiReferencePath, registerApiReference } from "./api-reference";
import { registerDevelopmentTokens } from "./dev-tokens";
import { registerIndexPage, type IndexLink } from "./index-page";
import { domains } from "./domains";

export type HttpAppParts = {
  logger: Logger;
  /** The federated graph, served at /graphql (HTTP and graphql-ws) when present. */
  graph?: FederatedGraph;
  /** Where REST requests and the event stream go, when this process serves the REST surface. */
  rest?: RestGraph;
  /** Who a request's credential names: the per-caller limits count verified callers by who they are. */
  authenticate: Authenticator;
  /** Readiness probe: true when the process can serve (database reachable). */
  ready: () => Promise<boolean>;
  /** In development mode, where the REST surface or the graph is served: `GET /dev/token` issues local tokens. */
  auth?: AuthSettings;
  /** Where documents' bytes go and come from, where the REST surface (uploads, downloads) is served. */
  content?: () => ContentSettings;
};

/** One Fastify app holding whichever of the platform's HTTP faces this process serves. */
export async function createHttpApp(parts: HttpAppParts): Promise<FastifyInstance> {
  const app = createHttpServer(parts.logger);
  // Security headers and CORS, and per-caller limits, belong to the faces clients reach; subgraph
  // servers behind the gateway have neither.
  await useBrowserSafety(app, browserSettingsFromEnv());
  const limits = rateLimitSettingsFromEnv();
  const identify = callerIdentifier(parts.authenticate);
  await useRateLimits(app, limits, identify);
  const connections = new ConnectionLimiter(limits, identify);
  if (parts.graph) {
    const graph = parts.graph;
    // Loaded only where the graph is served: a process serving only REST never builds the subgraphs' schemas.
    const { gatewayContextFromHeaders } = require("./graph/context") as typeof import("./graph/context");
    const { serveGatewayWebSocket } = require("./subscriptions/websocket") as typeof import("./subscriptions/websocket");
    const { registerGraphqlIde } = require("./graph/ide") as typeof import("./graph/ide");
    const { registerDashboard } = require("./dashboard") as typeof import("./dashboard");
    const idePage = registerGraphqlIde(app, { development: parts.auth?.mode === "development" });
    const trusted = trustedOperationsFromEnv();
    registerDashboard(app, { development: parts.auth?.mode === "development", byHash: trusted !== undefined });
    mountApollo(app, graph.server, {
      path: "/graphql",
      context: async (request) => gatewayContextFromHeaders(request.headers),
      browserPage: idePage,
      trusted,
    });
    const closeSockets = serveGatewayWebSocket(app.server, graph, connections, trusted);
    app.addHook("preClose", closeSockets);
  }
  if (parts.rest) {
    registerRestRoutes(app, parts.rest, domains, { connections, content: parts.content, authMode: parts.auth?.mode });
    registerApiReference(app);
  }
  // Where the graph is served too: the browser pages there (the IDE, the dashboard) sign in with it.
  if ((parts.rest || parts.graph) && parts.auth?.mode === "development") registerDevelopmentTokens(app, parts.auth);
  registerIndexPage(app, indexLinks(parts));
  registerMetricsEndpoint(app, () => metricsAccessFromEnv());
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const ready = await parts.ready().catch(() => false);
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "unavailable" });
  });
  return app;
}

/** What `GET /` lists: the faces this process serves. */
function indexLinks(parts: HttpAppParts): IndexLink[] {
  const platformBase = restOptionsFromEnv().platformBasePath;
  return [
    ...(parts.graph
      ? [
          {
            name: "Dashboard",
            path: "/dashboard",
            description: "the live dashboard: queues and SLA clocks, applications, my work, the event feed",
          },
        ]
      : []),
    ...(parts.graph
      ? [
          {
            name: "GraphQL",
            path: "/graphql",
            description:
              "the federated graph: the GraphQL IDE in a browser, queries by POST, subscriptions over graphql-ws on the same path",
          },
        ]
      : []),
    ...(parts.rest
      ? [
          {
            name: "API reference",
            path: apiReferencePath,
            description:
              "the REST surface in a browser: every operation, its parameters, bodies and answers, drawn from the OpenAPI document",
          },
          { name: "OpenAPI", path: openApiPath, description: "the REST surface, every operation with its security" },
          { name: "Events", path: `${platformBase}/events`, description: "the platform's event log (list parameters)" },
          {
            name: "Event stream",
            path: `${platformBase}/events/stream`,
            description: "live events as server-sent events, resumable with Last-Event-ID",
          },
        ]
      : []),
    ...((parts.rest || parts.graph) && parts.auth?.mode === "development"
      ? [{ name: "Development token", path: "/dev/token?role=case_worker", description: "a token for any role, in development mode only" }]
      : []),
    {
      name: "Metrics",
      path: "/metrics",
      description:
        "Prometheus metrics of the whole platform, every process's (?scope=process: this process's alone; METRICS_TOKEN, or this machine only)",
    },
    { name: "Health", path: "/healthz", description: "the process answers" },
    { name: "Readiness", path: "/readyz", description: "the process can serve (its database or gateway reachable)" },
  ];
}
