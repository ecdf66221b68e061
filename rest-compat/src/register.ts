import { bearerChallenge, envelopeFromGraphQLError, pickForwardedHeaders, unauthenticated, type Authenticator, type GraphExecutor, type GraphSubscriber } from "@pap/kernel";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { openApiDocument } from "./openapi";
import type { RestRequest } from "./route";
import { registerEventStream } from "./event-stream";
import { restOptionsFromEnv, restRoutes, type RestOptions } from "./routes";

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** What rest-compat needs of the platform: the graph to run operations on, and the process's authenticator. */
export type RestGraph = { execute: GraphExecutor; subscribe: GraphSubscriber; authenticate: Authenticator };

/**
 * Serves the REST surface on a Fastify app, each request becoming one operation on the graph, and
 * the event stream as one subscription on it.
 */

export function registerRestRoutes(app: FastifyInstance, graph: RestGraph, options: RestOptions = restOptionsFromEnv()): void {
  const routes = restRoutes(options);
  const execute = graph.execute;
  // The graph decides what a caller may do; a caller with no credential at all is turned away here
  // first, so that it learns nothing from how its request would have been validated.
  const authenticate = graph.authenticate;
  // The router prefers the static `stream` segment to the `{eventId}` parameter, so the two never clash.
  const streamPath = `${options.platformBasePath}/events/stream`;
  registerEventStream(app, graph, { path: streamPath, heartbeatMs: options.heartbeatMs });
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      handler: async (request, reply) => {
        if ((await authenticate(pickForwardedHeaders(request.headers))).kind === "unauthenticated") {
          throw unauthenticated("This needs a signed-in caller: send 'Authorization: Bearer <token>'.", "missing_token");
        }
        const restRequest = toRestRequest(request);
        const result = await execute({ query: route.document, variables: route.variables(restRequest), headers: request.headers });
        const firstError = result.errors?.[0];
        if (firstError) {
          const { status, envelope } = envelopeFromGraphQLError(firstError);
          if (status >= 500) request.log.error({ graphqlErrors: result.errors }, "graph operation failed");
          if (status === 401) reply.header("www-authenticate", bearerChallenge(envelope.details?.[0]?.message));
          return reply.code(status).send(envelope);
        }
        const answer = route.respond(result.data?.result, { ...restRequest, url: request.url });
        if (answer.headers) reply.headers(answer.headers);
        reply.code(answer.status);
        return answer.body === undefined ? reply.send() : reply.send(answer.body);
      },
    });
  }
  const document = openApiDocument(routes, streamPath);
  app.get("/openapi.json", async () => document);
}

function toRestRequest(request: FastifyRequest): RestRequest {
  return {
    params: request.params as Record<string, string>,
    query: request.query as Record<string, unknown>,
    body: request.body,
  };
}
