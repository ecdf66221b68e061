import type { ListSpec } from "../list";
import type { z } from "zod";
import type { RouteAnswer } from "./answers";
import type { RouteArgument } from "./arguments";
import type { ResultType } from "./result";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type { ContentAnswer, RestRequest, RestResponse } from "./exchange";

/** What the OpenAPI document says of a route beyond its path, parameters and summary. */
export type RouteDocs = {
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

/**
 * One REST operation as a domain declares it: where it sits, the graph's root field it runs, where
 * that field's arguments are in the request, what it answers. Its GraphQL document, the OpenAPI
 * entry's derivable parts and the request's variables all come from this (`declareRoute`).
 */
export type RouteDeclaration = {
  method: HttpMethod;
  /** Path with `{param}` placeholders, as in the spec and OpenAPI. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** The root field the route runs, a query's or a mutation's. */
  operation: "query" | "mutation";
  field: string;
  /** The field's arguments, in the order the operation passes them. */
  args?: readonly RouteArgument[];
  /** What the field answers, from which its selection is derived (none for a scalar such as a delete's id). */
  result?: ResultType;
  /** How `data.result` becomes the HTTP answer. */
  answer: RouteAnswer;
  /**
   * A multipart upload (SPEC §4.2): the `file` part is streamed into the content store, scanned on the
   * way, before the operation runs; the text parts named here are the request's `body` and the staged
   * file's token its `content`. Should the operation fail, the staged bytes are removed.
   */
  upload?: { textFields: readonly string[]; fileRequired: true };
  /** What the OpenAPI document says beyond what the arguments, result and answer tell. */
  docs: Partial<RouteDocs> & Pick<RouteDocs, "errorStatuses">;
};

/**
 * A declared route with everything derived. The table of these drives the Fastify routes and the
 * OpenAPI document alike, so the two cannot drift apart.
 */
export type RestRoute = RouteDeclaration & {
  args: readonly RouteArgument[];
  /** The GraphQL operation; its root field is aliased `result`. */
  document: string;
  docs: RouteDocs;
};

/** What a deployment chooses of the REST surface (SPEC §9 overlays). */
export type RestSurfaceOptions = { platformBasePath: string };
