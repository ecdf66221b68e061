import { DATABASE_RETRY_AFTER_SECONDS, envelopeFromGraphQLError, preconditionRequired } from "@pap/core";
import { changedRecordParam, changesARecord, refuseForeignIfMatch } from "./preconditions";
import {
  bearerChallenge,
  notSignedIn,
  refusal,
  type Authenticator,
  type AuthMode,
  type Requirement,
  type RequirementLookup,
} from "@pap/kernel/auth";
import type { DomainContract } from "@pap/kernel/domain";
import {
  idempotencyClaimHeader,
  pickForwardedHeaders,
  type GraphExecutor,
  type GraphResult,
  type GraphSubscriber,
} from "@pap/kernel/graphql";
import { type RestRequest, type RestResponse, type RestRoute, answerOf, variablesOf } from "@pap/kernel/rest";
import type { ConnectionLimiter } from "@pap/kernel/http";
import type { ContentSettings } from "@pap/content";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { openApiDocument } from "./openapi";
import { readOperationExamples } from "./openapi-examples";
import { registerEventStream } from "./event-stream";
import { sendContent, signedContentPrefix, signedLinkHandler } from "./content/download";
import { receiveUpload, type ReceivedUpload } from "./content/upload";
import { sendAnswer, type JsonAnswer } from "./answer";
import { answerOnce } from "./idempotency/answer-once";
import { readBackRoutes, readResultBack, type ReadBack } from "./idempotency/read-back";
import type { IdempotencyStore } from "./idempotency/store";
import { restOptionsFromEnv, restRoutes, type RestOptions } from "./routes";

/** Where the REST surface's OpenAPI document is served (the API reference page draws it from there). */
export const openApiPath = "/openapi.json";

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * What rest-compat needs of the platform: the graph to run operations on, the process's
 * authenticator, and what each root field requires of its caller (as the subgraphs declare it).
 */
export type RestGraph = {
  execute: GraphExecutor;
  subscribe: GraphSubscriber;
  authenticate: Authenticator;
  requirementOf: RequirementLookup;
  /** Where Idempotency-Keys are kept: without one, a POST's key is not honoured. */
  idempotency?: IdempotencyStore;
};

/** Content settings, for the routes that take or give a document's bytes. */
type Content = (() => ContentSettings) | undefined;

/**
 * Serves the REST surface of the registered domains on a Fastify app, each request becoming one
 * operation on the graph, and the event stream as one subscription on it.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  graph: RestGraph,
  domains: readonly DomainContract[],
  {
    options = restOptionsFromEnv(),
    connections,
    content,
    authMode,
  }: { options?: RestOptions; connections?: ConnectionLimiter; content?: () => ContentSettings; authMode?: AuthMode } = {},
): void {
  const routes = restRoutes(domains, options);
  // The router prefers the static `stream` segment to the `{eventId}` parameter, so the two never clash.
  const streamPath = `${options.platformBasePath}/events/stream`;
  const streamRequirement = graph.requirementOf("subscription", "events");
  registerEventStream(app, graph, {
    path: streamPath,
    heartbeatMs: options.heartbeatMs,
    connections,
    admit: (request) => admit(graph.authenticate, streamRequirement, request),
  });
  if (content) {
    // Parts are read one by one in the upload handler (files streamed, never buffered); the limits
    // bound what a body may hold beyond the one file.
    void app.register(multipart, { limits: { files: 2, fields: 20, fieldSize: 64 * 1024, parts: 24, headerPairs: 50 } });
    app.get(`${signedContentPrefix}/:versionId/:fileName`, signedLinkHandler(content));
  }
  const readBacks = readBackRoutes(routes);
  for (const route of routes) serveRoute(app, graph, route, content, options.requireIfMatch === true, readBacks.get(route));
  const document = openApiDocument(routes, {
    eventStreamPath: streamPath,
    eventStreamRequirement: streamRequirement,
    requirementOf: (route) => requirementOfRoute(graph, route),
    authMode,
    examples: readOperationExamples(),
  });
  app.get(openApiPath, async () => document);
}

/** What the route's root field requires of its caller, as the subgraph declaring it says. */
const requirementOfRoute = (graph: RestGraph, route: RestRoute) => graph.requirementOf(route.operation, route.field);

/** One route on the Fastify app: its caller admitted on request, before the body is even read (a refused caller's body is never parsed). */
function serveRoute(
  app: FastifyInstance,
  graph: RestGraph,
  route: RestRoute,
  content: Content,
  requireIfMatch: boolean,
  readBack: ReadBack | undefined,
): void {
  if ((route.upload || route.docs.binary) && !content)
    throw new Error(`${route.method} ${route.path} handles documents' bytes: the REST surface needs the content settings`);
  // The graph decides what a caller may do. The same requirement is checked here first, before the
  // request is validated, so that a caller who may not run the operation learns nothing from how
  // its request would have been validated (401/403 before 400/422).
  const requirement = requirementOfRoute(graph, route);
  const needsIfMatch = requireIfMatch && changesARecord(route);
  const changedParam = changedRecordParam(route);
  app.route({
    method: route.method,
    url: fastifyPath(route.path),
    onRequest: async (request) => {
      // The claim header is the platform's own (answer-once sets it for a request with a key): a client's is dropped.
      delete request.headers[idempotencyClaimHeader];
      await admit(graph.authenticate, requirement, request);
      const ifMatch = request.headers["if-match"];
      if (needsIfMatch && !ifMatch) throw preconditionRequired();
      if (changedParam) refuseForeignIfMatch(ifMatch, (request.params as Record<string, string>)[changedParam]);
    },
    handler: (request, reply) =>
      graph.idempotency && route.method === "POST" && request.headers["idempotency-key"] !== undefined
        ? answerRetriable(graph.idempotency, graph, route, content, readBack, request, reply)
        : answerRequest(graph, route, content, request, reply),
  });
}

/**
 * A POST sent with an Idempotency-Key (answer-once.ts). An upload is received first, so that a retry
 * is known by what it carries (its fields and its file's digest); a retry that is not run discards the
 * bytes it staged.
 */
async function answerRetriable(
  store: IdempotencyStore,
  graph: RestGraph,
  route: RestRoute,
  content: Content,
  readBack: ReadBack | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const readResult = (subject: string | null) => readResultBack(graph.execute, readBack, request, subject);
  if (!route.upload)
    return answerOnce(store, graph.authenticate, request, reply, {
      run: () => routeAnswer(graph, route, content, request),
      readBack: readResult,
    });
  const upload = await receiveUpload(request, content!());
  const { contentId, ...file } = upload.staged;
  return answerOnce(store, graph.authenticate, request, reply, {
    run: () => routeAnswer(graph, route, content, request, upload),
    readBack: readResult,
    fingerprinted: { body: { fields: upload.fields, file }, notRun: () => content!().store.delete(contentId) },
  });
}

type RouteAnswer = JsonAnswer | { headers: Record<string, string>; content: NonNullable<RestResponse["content"]> };

async function answerRequest(graph: RestGraph, route: RestRoute, content: Content, request: FastifyRequest, reply: FastifyReply) {
  const answer = await routeAnswer(graph, route, content, request);
  if ("content" in answer) return sendContent(request, reply.headers(answer.headers), content!(), answer.content);
  return sendAnswer(reply, answer);
}

/**
 * One request: its upload staged, the route's variables read from it (`variablesOf`), its operation
 * run on the graph, and the result answered as the route declares (`answerOf`).
 */
async function routeAnswer(
  graph: RestGraph,
  route: RestRoute,
  content: Content,
  request: FastifyRequest,
  received?: ReceivedUpload,
): Promise<RouteAnswer> {
  const upload: ReceivedUpload | undefined = route.upload ? (received ?? (await receiveUpload(request, content!()))) : undefined;
  const restRequest = upload ? { ...toRestRequest(request), body: upload.fields, content: upload.token } : toRestRequest(request);
  let result: GraphResult;
  try {
    result = await graph.execute({
      query: route.document,
      variables: variablesOf(route.args, restRequest),
      headers: request.headers,
      label: route.operationId,
    });
  } catch (error) {
    if (upload) await content!().store.delete(upload.staged.contentId);
    throw error;
  }
  const firstError = result.errors?.[0];
  // Staged bytes no version took are removed: a refused upload leaves nothing behind.
  if (firstError && upload) await content!().store.delete(upload.staged.contentId);
  if (firstError) {
    const { status, envelope } = envelopeFromGraphQLError(firstError);
    if (status === 503) request.log.warn({ graphqlErrors: result.errors }, "graph operation met an unavailable database");
    else if (status >= 500) request.log.error({ graphqlErrors: result.errors }, "graph operation failed");
    const headers: Record<string, string> =
      status === 401
        ? { "www-authenticate": bearerChallenge(envelope.details?.[0]?.message) }
        : status === 503
          ? { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) }
          : {};
    return { status, headers, body: envelope };
  }
  const answer = answerOf(route.answer, result.data?.result, Object.assign(restRequest, { url: request.url }));
  if (answer.content) return { headers: answer.headers ?? {}, content: answer.content };
  return { status: answer.status, headers: answer.headers ?? {}, body: answer.body };
}

/** The check a request passes before anything about it is read: a credential (401), and the requirement's grant (403). */
async function admit(authenticate: Authenticator, requirement: Requirement | undefined, request: FastifyRequest): Promise<void> {
  const principal = await authenticate(pickForwardedHeaders(request.headers));
  const refused = requirement ? refusal(requirement, principal) : principal.kind === "unauthenticated" ? notSignedIn(principal) : undefined;
  if (refused) throw refused;
}

function toRestRequest(request: FastifyRequest): RestRequest {
  return {
    params: request.params as Record<string, string>,
    query: request.query as Record<string, unknown>,
    body: request.body,
  };
}
