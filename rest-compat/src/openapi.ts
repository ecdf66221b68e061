import type { AuthMode, Requirement } from "@pap/kernel/auth";
import { isResource, pagedResource, type RestRoute } from "@pap/kernel/rest";
import { pascal, SchemaComponents, toJsonSchema } from "./openapi-components";
import { listParameters } from "./openapi-list";
import { operationSecurity, securitySchemes } from "./openapi-security";
import { changesARecord } from "./preconditions";

const errorEnvelope = {
  type: "object",
  description: "Every error answer: a machine-readable code, a message for people, and the fields at fault.",
  required: ["code", "message"],
  properties: {
    code: { type: "string", description: "Machine-readable error code." },
    message: { type: "string", description: "Human-readable explanation." },
    details: { type: "array", items: { $ref: "#/components/schemas/ErrorDetail" } },
  },
};
const errorDetail = {
  type: "object",
  description: "One field at fault and what is wrong with it.",
  required: ["field", "message"],
  properties: { field: { type: "string" }, message: { type: "string" } },
};

const statusDescriptions: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "Deleted",
  206: "Part of the content (one Range)",
  302: "Redirect to a signed, time-limited link to the content",
  304: "Not modified (If-None-Match matched the ETag)",
  400: "Malformed request or invalid parameters",
  401: "No credential, or one that is not valid",
  403: "The caller may not do this",
  410: "Gone: the document was destroyed",
  412: "The record has changed since the version If-Match names",
  428: "If-Match is required on changes in this deployment (REQUIRE_IF_MATCH)",
  413: "The request body is too large",
  415: "Unsupported content type",
  416: "Range not satisfiable",
  404: "Resource not found",
  409: "Conflict with the current state",
  422: "Well-formed but semantically invalid",
  429: "Too many requests",
  500: "Unexpected server error",
};

/** On a POST: the client's key for the request, so that a retry is answered the first answer instead of being done again. */
const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "A key of the caller's choosing (1 to 255 visible ASCII characters) for this request: a retry with the same key and the same request is answered the first answer (marked Idempotency-Replayed: true) instead of being done again; the same key with another request is 422.",
  schema: { type: "string" },
};

/** On a change of a record: the ETag it was read with, so that the change is refused (412) if it changed since. */
const ifMatchParameter = {
  name: "If-Match",
  in: "header",
  required: false,
  description: "The record's ETag as read: the change is refused with 412 if the record has changed since (`*`: any version).",
  schema: { type: "string" },
};

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const retryAfter = { $ref: "#/components/headers/RetryAfter" };

/**
 * The answers any operation may give besides its own, described once and referred to from each: no
 * credential (401), not allowed (403), over the caller's limits (429: the per-caller limits of
 * packages/kernel/src/http/rate-limits.ts stand before every operation), and the platform unable to
 * serve it now (503: its database failing over, or a service the operation needs unreachable).
 */
const commonResponses = {
  Unauthorized: { description: "No credential, or one that is not valid", content: errorContent },
  Forbidden: { description: "The caller may not do this", content: errorContent },
  TooManyRequests: {
    description:
      "Too many requests: the caller has made as many requests in the window as the deployment allows (or, for the event stream, holds as many live connections). Answered only where the deployment turns its limits on.",
    headers: { "Retry-After": retryAfter },
    content: errorContent,
  },
  ServiceUnavailable: {
    description:
      "The platform cannot serve this now: its database is unreachable (a failover or a restart) or a service the operation needs (the virus scanner) is. Retry after Retry-After seconds.",
    headers: { "Retry-After": retryAfter },
    content: errorContent,
  },
};

function commonErrors(): Record<string, unknown> {
  const ref = (name: keyof typeof commonResponses) => ({ $ref: `#/components/responses/${name}` });
  return { 401: ref("Unauthorized"), 403: ref("Forbidden"), 429: ref("TooManyRequests"), 503: ref("ServiceUnavailable") };
}

/** An operation's answer captured from the running platform (test/contract/openapi-examples.test.ts keeps them true). */
export type OperationExample = { request?: unknown; status: number; response?: unknown };
export type OperationExamples = Readonly<Record<string, OperationExample>>;

/** The names an operation's schemas go by: the resource's own where it answers one, else the operation's. */
function namesOf(route: RestRoute) {
  const own = pascal(route.operationId);
  const resource = isResource(route.result) ? route.result : pagedResource(route.result);
  const item = resource?.name ?? `${own}Result`;
  return { own, item, page: `${item}Page`, body: route.upload ? `${own}Form` : `${own}Body` };
}

function successContent(route: RestRoute, components: SchemaComponents, example: OperationExample | undefined) {
  const { response, list } = route.docs;
  if (route.docs.binary)
    return { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } };
  if (route.docs.successStatus === 204 || !response) return undefined;
  const names = namesOf(route);
  const item = components.zod(response, "output", names.item, `${names.own}Result`);
  const schema = list
    ? components.add(
        {
          type: "object",
          description: "One page of the list.",
          required: ["items", "total", "limit", "offset", "hasNext"],
          properties: {
            items: { type: "array", items: item },
            total: { type: "integer", description: "Every match, not only this page's." },
            limit: { type: "integer" },
            offset: { type: "integer" },
            hasNext: { type: "boolean" },
          },
        },
        names.page,
        `${names.own}Page`,
      )
    : item;
  return { "application/json": { schema, ...(example?.response !== undefined && { example: example.response }) } };
}

/**
 * The event stream is not a graph operation with a JSON answer, so it is described by hand; who may
 * open it is what the log's subscription requires, checked before the stream opens.
 */
function eventStreamOperation(access: { security: object[]; note?: string }) {
  const parameter = (name: string, description: string, where = "query") => ({ name, in: where, schema: { type: "string" }, description });
  return {
    get: {
      operationId: "streamEvents",
      summary: "Live events as server-sent events, resumable with Last-Event-ID",
      ...(access.note && { description: access.note }),
      tags: ["Platform"],
      security: access.security,
      parameters: [
        parameter("Last-Event-ID", "Position (the `id:` of the last frame received): missed events are replayed first.", "header"),
        parameter("lastEventId", "Same as the Last-Event-ID header, for clients that cannot set headers."),
        parameter("type", "Exact types or prefixes ending in '*', comma-separated."),
        parameter("source", "Producing domain's base path."),
        parameter("subject", "Id of the entity."),
      ],
      responses: {
        200: {
          description:
            "An open stream: `: connected`, then one frame per event (`id: <position>`, `data: <Event JSON>`), and a `: heartbeat` comment every 30 s.",
          content: {
            "text/event-stream": {
              schema: { type: "string", description: "Server-sent event frames (the HTML living standard's `text/event-stream`)." },
              example: ': connected\n\nid: 42\ndata: {"id":"…","type":"intake.application.submitted",…}\n\n',
            },
          },
        },
        400: { description: statusDescriptions[400], content: errorContent },
        ...commonErrors(),
        500: { description: statusDescriptions[500], content: errorContent },
      },
    },
  };
}

/** A JSON body, or an upload's multipart form: its text parts from the body schema, its `file` as binary. */
function requestBody(route: RestRoute, components: SchemaComponents, example: OperationExample | undefined) {
  const { body } = route.docs;
  if (!body) return undefined;
  const names = namesOf(route);
  const schema = toJsonSchema(body, "input") as { properties?: Record<string, object> };
  if (!route.upload) {
    const ref = components.add(schema, names.body, names.body);
    const sample = example?.request !== undefined && { example: example.request };
    return { required: !route.docs.bodyOptional, content: { "application/json": { schema: ref, ...sample } } };
  }
  const form = {
    ...schema,
    properties: { ...schema.properties, file: { type: "string", contentMediaType: "application/octet-stream", description: "The file." } },
  };
  const ref = components.add(form, names.body, names.body);
  return { required: true, content: { "multipart/form-data": { schema: ref, encoding: { metadata: { contentType: "text/plain" } } } } };
}

export type OpenApiOptions = {
  eventStreamPath?: string;
  /** What opening the event stream requires of its caller (the log's subscription's requirement). */
  eventStreamRequirement?: Requirement;
  /** What each route's operation requires of its caller, and how callers authenticate in this deployment. */
  requirementOf?: (route: RestRoute) => Requirement | undefined;
  authMode?: AuthMode;
  /** Real answers of the platform per operationId, shown as each operation's examples. */
  examples?: OperationExamples;
};

/** OpenAPI 3.1 of the REST surface, generated from the same route table that serves it. */
export function openApiDocument(routes: readonly RestRoute[], options: OpenApiOptions = {}) {
  const { eventStreamPath, eventStreamRequirement, requirementOf, authMode = "jwt", examples = {} } = options;
  const components = new SchemaComponents();
  components.add(errorEnvelope, "Error", "Error");
  components.add(errorDetail, "ErrorDetail", "ErrorDetail");
  const paths: Record<string, Record<string, unknown>> = {};
  if (eventStreamPath) paths[eventStreamPath] = eventStreamOperation(operationSecurity(eventStreamRequirement, authMode));
  for (const route of routes) {
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const example = examples[route.operationId];
    const exampleOf = (status: number) => (example?.status === status ? example : undefined);
    const success = (status: number, description: string) => ({
      description,
      content: successContent(route, components, exampleOf(status)),
    });
    const responses: Record<string, unknown> = {
      [route.docs.successStatus]: success(route.docs.successStatus, statusDescriptions[route.docs.successStatus] ?? "OK"),
    };
    for (const other of route.docs.otherSuccesses ?? []) responses[other.status] = success(other.status, other.description);
    // Every operation needs a credential: 401 without one; 403 when it names a caller the operation refuses.
    const { security, note } = operationSecurity(requirementOf?.(route), authMode);
    for (const status of [...new Set(route.docs.errorStatuses)].filter((status) => status !== 503).sort()) {
      if (status === 302) {
        responses[status] = { description: statusDescriptions[status], headers: { Location: { schema: { type: "string" } } } };
        continue;
      }
      responses[status] = { description: statusDescriptions[status] ?? "Error", content: errorContent };
    }
    const versioned = changesARecord(route);
    if (versioned) for (const status of [412, 428]) responses[status] = { description: statusDescriptions[status], content: errorContent };
    Object.assign(responses, commonErrors());
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(note && { description: note }),
      tags: [route.tag],
      security,
      parameters: [
        ...pathParameters,
        ...(versioned ? [ifMatchParameter] : []),
        ...(route.method === "POST" && !route.upload ? [idempotencyKeyParameter] : []),
        ...listParameters(route.docs.list),
        ...(route.docs.queryParameters ?? []).map(({ name, description }) => ({
          name,
          in: "query",
          schema: { type: "string" },
          description,
        })),
      ],
      ...(route.docs.body && { requestBody: requestBody(route, components, example) }),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Public Assistance Platform REST API",
      version: "0.1.0",
      description: "Each operation is served by translating it into one operation on the federated GraphQL graph.",
      license: { name: "Apache 2.0", identifier: "Apache-2.0" },
    },
    servers: [
      {
        url: "{origin}",
        description: "The platform: PUBLIC_BASE_URL of the deployment (by default http://HOST:PORT).",
        variables: { origin: { default: "http://127.0.0.1:4000", description: "Scheme, host and port the platform answers on." } },
      },
    ],
    paths,
    components: {
      schemas: components.all(),
      responses: commonResponses,
      headers: { RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } } },
      securitySchemes: securitySchemes(authMode),
    },
  };
}
