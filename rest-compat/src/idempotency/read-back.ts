import { ApiError, envelopeFromGraphQLError } from "@pap/core";
import type { GraphExecutor } from "@pap/kernel/graphql";
import { answerOf, selectionOfResult, variablesOf, type RestRequest, type RestRoute } from "@pap/kernel/rest";
import type { FastifyRequest } from "fastify";
import type { JsonAnswer } from "../answer";

/**
 * How a POST's result is read back when its change committed but its answer was lost: the GET route
 * of the same record. For a create (`201`), the GET at `<its path>/{id}`, the id being the record the
 * change created; for an action (`<path>/{id}/<verb>`, 200), the GET at `<path>/{id}`. Either must
 * answer what the POST answers (the same result type), so that the read is the answer the POST would give.
 */
export type ReadBack = { get: RestRoute; status: number; located: boolean; createdParam?: string };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const sameResult = (one: RestRoute, other: RestRoute) =>
  one.result !== undefined &&
  other.result !== undefined &&
  (one.result === other.result || selectionOfResult(one.result) === selectionOfResult(other.result));

/** The read-back of each POST route that has one; a POST without one is answered 409 IDEMPOTENCY_RESULT_UNAVAILABLE then. */
export function readBackRoutes(routes: readonly RestRoute[]): Map<RestRoute, ReadBack> {
  const gets = routes.filter((route) => route.method === "GET");
  const found = new Map<RestRoute, ReadBack>();
  for (const post of routes) {
    if (post.method !== "POST" || post.answer.kind !== "record") continue;
    const { status, located = false } = post.answer;
    if (status === 201) {
      // The record under its own path, or (created under a parent: a document's new version) under its
      // collection's top-level path, named by its id alone.
      const under = new RegExp(`^${escaped(post.path)}/\\{(\\w+)\\}$`);
      const alone = new RegExp(`^[^{}]*/${escaped(post.path.split("/").pop()!)}/\\{(\\w+)\\}$`);
      const get =
        gets.find((candidate) => under.test(candidate.path) && sameResult(candidate, post)) ??
        gets.find((candidate) => alone.test(candidate.path) && sameResult(candidate, post));
      if (get) found.set(post, { get, status, located, createdParam: (under.exec(get.path) ?? alone.exec(get.path))![1]! });
    } else {
      const record = /^(.*\/\{\w+\})\/[^/{}]+$/.exec(post.path)?.[1];
      const get = record && gets.find((candidate) => candidate.path === record && sameResult(candidate, post));
      if (get) found.set(post, { get, status, located: false });
    }
  }
  return found;
}

/**
 * The POST's result as it now is, read with the caller's own credentials; none when it cannot be read
 * (no read-back route, no record created, the read refused): an answer of 5xx when reading failed on
 * the server's side, which a retry may try again.
 */
export async function readResultBack(
  execute: GraphExecutor,
  readBack: ReadBack | undefined,
  request: FastifyRequest,
  subject: string | null,
): Promise<JsonAnswer | undefined> {
  if (!readBack || (readBack.createdParam && !subject)) return undefined;
  const { get } = readBack;
  const params = { ...(request.params as Record<string, string>), ...(readBack.createdParam && { [readBack.createdParam]: subject! }) };
  const restRequest: RestRequest = { params, query: {}, body: undefined };
  // The request's headers carry no claim here (answer-once sets it for a run only): the read changes nothing.
  const result = await execute({
    query: get.document,
    variables: variablesOf(get.args, restRequest),
    headers: request.headers,
    label: get.operationId,
  });
  const firstError = result.errors?.[0];
  if (firstError) {
    const { status, envelope } = envelopeFromGraphQLError(firstError);
    return status >= 500 ? { status, headers: {}, body: envelope } : undefined;
  }
  const path = request.url.split("?")[0]!;
  let answer: ReturnType<typeof answerOf>;
  try {
    answer = answerOf(get.answer, result.data?.result, Object.assign(restRequest, { url: path }));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return undefined;
    throw error;
  }
  if (answer.status !== 200 || answer.content) return undefined;
  const headers = { ...answer.headers, ...(readBack.located && { location: `${path}/${subject}` }) };
  return { status: readBack.status, headers, body: answer.body };
}
