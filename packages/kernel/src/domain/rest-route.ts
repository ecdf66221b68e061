import type { ListSpec } from "../list";
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a route handler sees of the HTTP request, already parsed by Fastify. */
export type RestRequest = {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** An upload route's staged file: the token naming the bytes already in the content store. */
  content?: string;
};

/** How a graph result becomes an HTTP answer. */
export type RestResponse = { status: number; body?: unknown; headers?: Record<string, string>; content?: ContentAnswer };

/** Bytes the transport streams from the content store as the answer (a version's, by its id). */
export type ContentAnswer = { key: string; fileName: string; mimeType: string; sizeBytes: number; contentHash: string };

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
  /**
   * A multipart upload (SPEC §4.2): the `file` part is streamed into the content store, scanned on the
   * way, before the operation runs; `variables` reads the text parts named here as `body` and the staged
   * file's token as `content`. Should the operation fail, the staged bytes are removed.
   */
  upload?: { textFields: readonly string[]; fileRequired: true };
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
    /** Other successful answers, with the same body (a submission that finds its call already pending: 200 beside 201). */
    otherSuccesses?: { status: number; description: string }[];
    errorStatuses: number[];
    /** The success answer is bytes (`application/octet-stream`), not JSON. */
    binary?: boolean;
  };
};

/** What a deployment chooses of the REST surface (SPEC §9 overlays). */
export type RestSurfaceOptions = { platformBasePath: string };

