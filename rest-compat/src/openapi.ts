import { DEFAULT_LIMIT, MAX_LIMIT } from "@pap/kernel";
import { z } from "zod";
import type { RestRoute } from "./route";

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
  400: "Malformed request or invalid parameters",
  404: "Resource not found",
  409: "Conflict with the current state",
  422: "Well-formed but semantically invalid",
  500: "Unexpected server error",
};

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

function listParameters(route: RestRoute) {
  const spec = route.docs.list;
  if (!spec) return [];
  return [
    { name: "q", in: "query", schema: { type: "string" }, description: "Filter: space-separated conditions, ANDed (see README, 'The list query language')." },
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
  if (route.docs.successStatus === 204 || !response) return undefined;
  const item = jsonSchema(response, "output");
  const schema = list
    ? {
        type: "object",
        required: ["items", "total", "limit", "offset", "hasNext"],
        properties: { items: { type: "array", items: item }, total: { type: "integer" }, limit: { type: "integer" }, offset: { type: "integer" }, hasNext: { type: "boolean" } },
      }
    : item;
  return { "application/json": { schema } };
}

/** OpenAPI 3.1 of the REST surface, generated from the same route table that serves it. */
export function openApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
    const responses: Record<string, unknown> = {
      [route.docs.successStatus]: { description: statusDescriptions[route.docs.successStatus] ?? "OK", content: successContent(route) },
    };
    for (const status of route.docs.errorStatuses) {
      responses[status] = { description: statusDescriptions[status] ?? "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: [
        ...pathParameters,
        ...listParameters(route),
        ...(route.docs.queryParameters ?? []).map(({ name, description }) => ({ name, in: "query", schema: { type: "string" }, description })),
      ],
      ...(route.docs.body && { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.docs.body, "input") } } } }),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Public Assistance Platform REST API", version: "0.1.0", description: "Each operation is served by translating it into one operation on the federated GraphQL graph." },
    paths,
    components: { schemas: { Error: errorEnvelope } },
  };
}
