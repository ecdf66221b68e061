import type { ListSpec } from "../list";
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a route handler sees of the HTTP request, already parsed by Fastify. */
export type RestRequest = {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
};

/** How a graph result becomes an HTTP answer. */
export type RestResponse = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * One REST operation and its translation into one GraphQL operation. The table of these drives the
 * Fastify routes and the OpenAPI document alike, so the two cannot drift apart.
 */
export type RestRoute = {
  method: HttpMethod;
  /** Path with `{param}` placeholders, as in the spec and OpenAPI. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The GraphQL operation; its root field is aliased `result`. */
  document: string;
  /** Builds the operation's variables; throws ApiError for bad parameters or bodies. */
  variables(request: RestRequest): Record<string, unknown>;
  /** Turns `data.result` into the HTTP answer. */
  respond(result: unknown, request: RestRequest & { url: string }): RestResponse;
  /** For the OpenAPI document. */
  docs: {
    list?: ListSpec;
    /** Query parameters beside the list ones (filters). */
    queryParameters?: { name: string; description: string }[];
    body?: z.ZodType;
    /** The body may be left out altogether (a task action whose fields are all optional). */
    bodyOptional?: boolean;
    response?: z.ZodType;
    successStatus: number;
    errorStatuses: number[];
  };
};

/** What a deployment chooses of the REST surface (SPEC §9 overlays). */
export type RestSurfaceOptions = { platformBasePath: string };

