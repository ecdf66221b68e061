import { ApiError, etagOf, notFound } from "@pap/core";
import type { RestRequest, RestResponse } from "./exchange";

/** How a record is shown over REST, when not as the graph gives it (a free-form record spread out, absent attributes left out). */
// Declared as a method's type, whose parameter TypeScript checks both ways: a shape may take the
// narrower record its route selects, and is called with the record the graph answered.
export type RestShape = { show(record: Record<string, unknown>): unknown }["show"];

/**
 * The 404 a route answers when its result is null: the record's name, and its id as the path names it
 * (a parameter, `of application <id>`, or a fixed word); or, where no id names it (the caller's own
 * account), a message of its own.
 */
export type Missing = { name?: string } & ({ param: string; ofParent?: boolean } | { id: string } | { message: string });

/**
 * How `data.result` becomes the HTTP answer. Plain data, read by `answerOf`; a route whose answer is
 * its own (a status chosen by the result, bytes, a redirect) names the function that makes it.
 */
export type RouteAnswer =
  /** One record, shown (`toRest`); 404 when there is none (`missing`); 201 with its Location when `located`. */
  | { kind: "record"; status: 200 | 201; missing?: Missing; located?: boolean; toRest?: RestShape }
  /** A page of records, each shown. */
  | { kind: "page"; toRest?: RestShape }
  /** 204; 404 first when there is no result and `missing` says so. */
  | { kind: "nothing"; missing?: Missing }
  | { kind: "own"; respond: (result: unknown, request: RestRequest & { url: string }) => RestResponse };

/** The record, 404 when there is none (naming it by the path parameter, or by the word given). */
export const found = (missing: string | Missing, options: { toRest?: RestShape } = {}): RouteAnswer => ({
  kind: "record",
  status: 200,
  missing: typeof missing === "string" ? { param: missing } : missing,
  ...options,
});

/** The record as the graph answers it (200, or 201 for a record created where no Location is given). */
export const shown = (options: { status?: 200 | 201; toRest?: RestShape } = {}): RouteAnswer => ({
  kind: "record",
  status: options.status ?? 200,
  ...(options.toRest && { toRest: options.toRest }),
});

/** 201 with the new record and its Location (the request's path and the record's id). */
export const created = (options: { toRest?: RestShape } = {}): RouteAnswer => ({ kind: "record", status: 201, located: true, ...options });

/** The page, each record shown. */
export const listed = (options: { toRest?: RestShape } = {}): RouteAnswer => ({ kind: "page", ...options });

/** 204; with `missing`, 404 when the graph answered none. */
export const noContent = (missing?: string | Missing): RouteAnswer => ({
  kind: "nothing",
  ...(missing && { missing: typeof missing === "string" ? { param: missing } : missing }),
});

/** An answer the route makes itself, by the named function given. */
export const answeredBy = (respond: (result: unknown, request: RestRequest & { url: string }) => RestResponse): RouteAnswer => ({
  kind: "own",
  respond,
});

/** The HTTP answer to a graph result. */
export function answerOf(answer: RouteAnswer, result: unknown, request: RestRequest & { url: string }): RestResponse {
  switch (answer.kind) {
    case "record":
      return recordAnswer(answer, result, request);
    case "page":
      return pageAnswer(result, answer.toRest);
    case "nothing":
      if (answer.missing) present(answer.missing, result, request);
      return { status: 204 };
    case "own":
      return answer.respond(result, request);
  }
}

/** The result, or the 404 the route answers without one. */
function present(missing: Missing, result: unknown, request: RestRequest): Record<string, unknown> {
  if (result !== null && result !== undefined) return result as Record<string, unknown>;
  if ("message" in missing) throw new ApiError(404, "NOT_FOUND", missing.message);
  const id =
    "id" in missing
      ? missing.id
      : missing.ofParent
        ? `of ${missing.param.replace(/Id$/, "")} ${request.params[missing.param] ?? ""}`
        : (request.params[missing.param] ?? "");
  throw notFound(missing.name ?? "Record", id);
}

function recordAnswer(
  answer: Extract<RouteAnswer, { kind: "record" }>,
  result: unknown,
  request: RestRequest & { url: string },
): RestResponse {
  const record = answer.missing ? present(answer.missing, result, request) : (result as Record<string, unknown>);
  const body = answer.toRest ? answer.toRest(record) : record;
  // The version the client sends back in If-Match to change this record (core/src/preconditions).
  const etag = etagOf(record);
  const headers: Record<string, string> = etag ? { etag } : {};
  if (answer.located) headers.location = `${request.url.split("?")[0]}/${(body as { id: string }).id}`;
  return { status: answer.status, body, ...(Object.keys(headers).length > 0 && { headers }) };
}

function pageAnswer(result: unknown, toRest: RestShape | undefined): RestResponse {
  const page = result as { items: Record<string, unknown>[] };
  return { status: 200, body: { ...page, items: toRest ? page.items.map((item) => toRest(item)) : page.items.slice() } };
}
