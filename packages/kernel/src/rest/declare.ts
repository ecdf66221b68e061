import { z } from "zod";
import type { RouteAnswer } from "./answers";
import type { RouteArgument, RouteVariable } from "./arguments";
import { isResource, pagedResource, selectionOfResult, type ResultType } from "./result";
import type { RestRoute, RouteDeclaration, RouteDocs } from "./route";

/**
 * A route with what its declaration implies: the GraphQL document that calls its root field with its
 * arguments and selects its result, the name and REST shape of the record it answers, and the
 * OpenAPI entry's list, query parameters, body, response and success status (each unless declared).
 */
export function declareRoute(declaration: RouteDeclaration): RestRoute {
  const args = declaration.args ?? [];
  const answer = answerOfResult(declaration.answer, declaration.result);
  return {
    ...declaration,
    args,
    answer,
    document: graphDocument(
      declaration.operation,
      declaration.field,
      args.flatMap((argument) => argument.variables),
      declaration.result === undefined ? undefined : selectionOfResult(declaration.result),
    ),
    docs: docsOf(declaration, args, answer),
  };
}

/**
 * `mutation ($id: ID!, $input: TaskUpdateInput!) { result: updateTask(id: $id, input: $input) { … } }`:
 * the root field aliased `result`, called with each variable as its argument, selecting `selection`.
 */
export function graphDocument(
  operation: "query" | "mutation" | "subscription",
  field: string,
  variables: readonly RouteVariable[],
  selection: string | undefined,
): string {
  const declared = variables.length ? ` (${variables.map(({ variable, type }) => `$${variable}: ${type}`).join(", ")})` : "";
  const passed = variables.length ? `(${variables.map(({ variable, argument }) => `${argument}: $${variable}`).join(", ")})` : "";
  return `${operation}${declared} { result: ${field}${passed}${selection ? ` { ${selection} }` : ""} }`;
}

/** The answer's record named and shaped as the result's resource is, unless the route says otherwise. */
function answerOfResult(answer: RouteAnswer, result: ResultType | undefined): RouteAnswer {
  const resource = isResource(result) ? result : pagedResource(result);
  if (!resource || answer.kind === "own") return answer;
  const toRest = "toRest" in answer ? answer.toRest : undefined;
  const missing = "missing" in answer ? answer.missing : undefined;
  return {
    ...answer,
    ...(!toRest && resource.toRest && answer.kind !== "nothing" && { toRest: resource.toRest }),
    ...(missing && { missing: { name: resource.name, ...missing } }),
  };
}

const successOf = (answer: RouteAnswer): number | undefined =>
  answer.kind === "record" ? answer.status : answer.kind === "page" ? 200 : answer.kind === "nothing" ? 204 : undefined;

/** What the OpenAPI entry derives from the route: its list, filters, body, response and success status; the declaration's docs win. */
function docsOf(declaration: RouteDeclaration, args: readonly RouteArgument[], answer: RouteAnswer): RouteDocs {
  const sources = args.map((argument) => argument.from);
  const list = sources.flatMap((source) => (source.kind === "list" && source.spec ? [source.spec] : []))[0];
  const queryParameters = sources.flatMap((source) => {
    if (source.kind === "list") return source.filters.map(({ name, description }) => ({ name, description }));
    if (source.kind === "query-text") return [{ name: source.name, description: source.description }];
    if (source.kind === "query-fields")
      return Object.entries(source.fields).map(([name, field]) => ({ name, description: field.queryDescription ?? field.description }));
    return [];
  });
  const body = sources.flatMap((source) => (source.kind === "resource-body" ? [source.schema] : []))[0];
  const { result } = declaration;
  const response = isResource(result) ? result.response : result instanceof z.ZodType ? result : pagedResource(result)?.response;
  const successStatus = declaration.docs.successStatus ?? successOf(answer);
  if (successStatus === undefined)
    throw new Error(`${declaration.method} ${declaration.path}: an answer of its own needs docs.successStatus`);
  return {
    ...(list && { list }),
    ...(queryParameters.length > 0 && { queryParameters }),
    ...(body && { body }),
    // An answer of bytes or of nothing has no JSON schema.
    ...(response && successStatus !== 204 && !declaration.docs.binary && { response }),
    ...declaration.docs,
    successStatus,
  };
}
