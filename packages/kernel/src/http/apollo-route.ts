import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { queryLimitsFromEnv, refuseDeepText } from "../graphql/limits";
import { admitOperation, type OperationParams, type TrustedOperations } from "../graphql/trusted-operations";

/**
 * The request as Apollo is to see it, its operations resolved against the trusted documents (a GET's
 * in its query string, a POST's in its body, one operation or a batch), or the first refusal.
 */
function admitted(
  request: FastifyRequest,
  trusted: TrustedOperations,
): { search: string; body: unknown } | { refused: { code: string; message: string } } {
  const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  if (request.method === "GET") {
    const admission = admitOperation(Object.fromEntries(new URLSearchParams(search)), trusted);
    if ("refused" in admission) return admission;
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(admission.params)) if (typeof value === "string") params.set(name, value);
    return { search: `?${params}`, body: request.body };
  }
  const entries = Array.isArray(request.body) ? request.body : [request.body];
  const resolved: unknown[] = [];
  for (const entry of entries) {
    // Not an operation at all: Apollo refuses it as it refuses it elsewhere; the others are still checked.
    if (!entry || typeof entry !== "object") {
      resolved.push(entry);
      continue;
    }
    const admission = admitOperation(entry as OperationParams, trusted);
    if ("refused" in admission) return admission;
    resolved.push(admission.params);
  }
  return { search, body: Array.isArray(request.body) ? resolved : resolved[0] };
}

/** The document text a GraphQL HTTP request carries: in the body (one operation or a batch) or in the query string. */
function documentsOf(request: FastifyRequest): string[] {
  const fromBody = (Array.isArray(request.body) ? request.body : [request.body]).map(
    (entry) => (entry as { query?: unknown } | undefined)?.query,
  );
  return [...fromBody, (request.query as { query?: unknown } | undefined)?.query].filter(
    (query): query is string => typeof query === "string",
  );
}

/**
 * Serves an Apollo Server through Fastify using Apollo's own HTTP entry point
 * (`executeHTTPGraphQLRequest`), so the gateway and the subgraph servers share one HTTP stack,
 * one logger and one error envelope with the REST routes. A document nested absurdly deep is refused
 * here, before Apollo parses it (parsing recurses, and Apollo would answer a failure there with 500).
 */
export function mountApollo<C extends BaseContext>(
  app: FastifyInstance,
  server: ApolloServer<C>,
  options: {
    path: string;
    context: (request: FastifyRequest) => Promise<C>;
    /** Answers a browser's `GET` of the path (HTML asked for, no query): the IDE's page. */
    browserPage?: (reply: FastifyReply) => FastifyReply;
    /** The operations this graph runs by hash (GRAPHQL_TRUSTED_DOCUMENTS), and whether it runs only these. */
    trusted?: TrustedOperations;
  },
): void {
  const limits = queryLimitsFromEnv();
  app.route({
    method: ["GET", "POST"],
    url: options.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const asksForPage =
        request.method === "GET" &&
        (request.query as { query?: unknown } | undefined)?.query === undefined &&
        String(request.headers.accept ?? "").includes("text/html");
      if (asksForPage && options.browserPage) return options.browserPage(reply);
      const tooDeep = documentsOf(request)
        .map((query) => refuseDeepText(query, limits))
        .find(Boolean);
      if (tooDeep)
        return reply.code(400).send({ errors: [{ message: tooDeep.message, extensions: { code: "QUERY_TOO_DEEP", status: 400 } }] });
      const resolved = options.trusted
        ? admitted(request, options.trusted)
        : { search: request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "", body: request.body };
      if ("refused" in resolved)
        return reply
          .code(400)
          .send({ errors: [{ message: resolved.refused.message, extensions: { code: resolved.refused.code, status: 400 } }] });
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const response = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: request.method.toUpperCase(),
          headers,
          search: resolved.search,
          body: resolved.body,
        },
        context: () => options.context(request),
      });
      for (const [name, value] of response.headers) reply.header(name, value);
      reply.code(response.status ?? 200);
      if (response.body.kind === "complete") return reply.send(response.body.string);
      // Incremental delivery (@defer) streams chunks as Apollo produces them.
      const chunks = response.body.asyncIterator;
      reply.hijack();
      reply.raw.writeHead(response.status ?? 200, Object.fromEntries(response.headers));
      for await (const chunk of chunks) reply.raw.write(chunk);
      reply.raw.end();
      return reply;
    },
  });
}
