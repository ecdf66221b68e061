import { DEFAULT_LIMIT, MAX_LIMIT } from "@pap/kernel/list";
import type { AuthMode, Requirement } from "@pap/kernel/auth";
import type { RestRoute } from "@pap/kernel/rest";
import { z } from "zod";
import { operationSecurity, securitySchemes } from "./openapi-security";
import { changesARecord } from "./preconditions";

const errorEnvelope = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", description: "Machine-readable error code." },
    message: { type: "string", description: "Human-readable explanation." },
    details: {
      type: "array",
      items: { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } },
    },
  },
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
  503: "A service the operation needs (the virus scanner) is unreachable",
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

/**
 * The per-caller limits (packages/kernel/src/http/rate-limits.ts) stand before every operation, so
 * every operation may answer 429: described once and referred to from each.
 */
const tooManyRequests = {
  description:
    "Too many requests: the caller has made as many requests in the window as the deployment allows (or, for the event stream, holds as many live connections). Answered only where the deployment turns its limits on.",
  headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } } },
  content: errorContent,
};
const tooManyRequestsRef = { $ref: "#/components/responses/TooManyRequests" };

/** The answers every operation may give besides its own: no credential (401), not allowed (403), over its limits (429). */
function commonErrors(): Record<string, unknown> {
  return {
    401: { description: statusDescriptions[401], content: errorContent },
    403: { description: statusDescriptions[403], content: errorContent },
    429: tooManyRequestsRef,
  };
}

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

function listParameters(route: RestRoute) {
  const spec = route.docs.list;
  if (!spec) return [];
  return [
    {
      name: "q",
      in: "query",
      schema: { type: "string" },
      description: "Filter: space-separated conditions, ANDed (see README, 'The list query language').",
    },
    {
      name: "sort",
      in: "query",
      schema: { type: "string" },
      description: `Comma-separated fields, '-' for descending. Sortable: ${spec.sortable.join(", ")}. Default: ${spec.defaultSort}.`,
    },
    { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
    { name: "offset", in: "query", schema: { type: "integer", minimum: 0, default: 0 } },
  ];
}

function successContent(route: RestRoute) {
  const { response, list } = route.docs;
  if (route.docs.binary)
    return { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } };
  if (route.docs.successStatus === 204 || !response) return undefined;
  const item = jsonSchema(response, "output");
  const schema = list
    ? {
        type: "object",
        required: ["items", "total", "limit", "offset", "hasNext"],
        properties: {
          items: { type: "array", items: item },
          total: { type: "integer" },
          limit: { type: "integer" },
          offset: { type: "integer" },
          hasNext: { type: "boolean" },
        },
      }
    : item;
  return { "application/json": { schema } };
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
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
        400: { description: statusDescriptions[400], content: errorContent },
        ...commonErrors(),
        500: { description: statusDescriptions[500], content: errorContent },
      },
    },
  };
}

/** A JSON body, or an upload's multipart form: its text parts from the body schema, its `file` as binary. */
function requestBody(route: RestRoute) {
  const { body } = route.docs;
  if (!body) return undefined;
  const schema = jsonSchema(body, "input") as { properties?: Record<string, object> };
  if (!route.upload) return { required: !route.docs.bodyOptional, content: { "application/json": { schema } } };
  const form = {
    ...schema,
    properties: { ...schema.properties, file: { type: "string", contentMediaType: "application/octet-stream", description: "The file." } },
  };
  return { required: true, content: { "multipart/form-data": { schema: form, encoding: { metadata: { contentType: "text/plain" } } } } };
}

export type OpenApiOptions = {
  eventStreamPath?: string;
  /** What opening the event stream requires of its caller (the log's subscription's requirement). */
  eventStreamRequirement?: Requirement;
  /** What each route's operation requires of its caller, and how callers authenticate in this deployment. */
  requirementOf?: (route: RestRoute) => Requirement | undefined;
  authMode?: AuthMode;
};

/** OpenAPI 3.1 of the REST surface, generated from the same route table that serves it. */
export function openApiDocument(routes: readonly RestRoute[], options: OpenApiOptions = {}) {
  const { eventStreamPath, eventStreamRequirement, requirementOf, authMode = "jwt" } = options;
  const paths: Record<string, Record<string, unknown>> = {};
  if (eventStreamPath) paths[eventStreamPath] = eventStreamOperation(operationSecurity(eventStreamRequirement, authMode));
  for (const route of routes) {
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const responses: Record<string, unknown> = {
      [route.docs.successStatus]: { description: statusDescriptions[route.docs.successStatus] ?? "OK", content: successContent(route) },
    };
    for (const other of route.docs.otherSuccesses ?? [])
      responses[other.status] = { description: other.description, content: successContent(route) };
    // Every operation needs a credential: 401 without one; 403 when it names a caller the operation refuses.
    const { security, note } = operationSecurity(requirementOf?.(route), authMode);
    for (const status of [...new Set(route.docs.errorStatuses)].sort()) {
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
        ...listParameters(route),
        ...(route.docs.queryParameters ?? []).map(({ name, description }) => ({
          name,
          in: "query",
          schema: { type: "string" },
          description,
        })),
      ],
      ...(route.docs.body && { requestBody: requestBody(route) }),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Public Assistance Platform REST API",
      version: "0.1.0",
      description: "Each operation is served by translating it into one operation on the federated GraphQL graph.",
    },
    paths,
    components: {
      schemas: { Error: errorEnvelope },
      responses: { TooManyRequests: tooManyRequests },
      securitySchemes: securitySchemes(authMode),
    },
  };
}
