import { z } from "zod";
import { badRequest, isUuid } from "@pap/core";
import { listParamsFromQuery } from "../list";
import { valueCheck } from "../resource";
import { detailsFromZod, parseBody, requireObjectBody, serverSetFields, withoutReadOnlyFields } from "../validation";
import type { ArgumentSource, RouteArgument } from "./arguments";
import type { RestRequest } from "./route";

/** The operation's variables for a request: every argument read, in the route's order; a malformed one throws its ApiError. */
export function variablesOf(args: readonly RouteArgument[], request: RestRequest): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const argument of args) Object.assign(variables, argumentValues(argument, request));
  return variables;
}

/** The variables one argument fills. */
function argumentValues({ variables, from }: RouteArgument, request: RestRequest): Record<string, unknown> {
  const [first] = variables;
  const single = (value: unknown) => ({ [first!.variable]: value });
  switch (from.kind) {
    case "path":
      return from.whenGiven && request.params[from.param] === undefined ? {} : single(request.params[from.param] ?? "");
    case "value":
      return single(from.value);
    case "content":
      return single(request.content ?? "");
    case "object-body":
      return single(from.optional ? optionalObjectBody(request.body) : requireObjectBody(request.body));
    case "resource-body":
      return single(resourceBody(from, from.bodyOf ? from.bodyOf(request) : request.body));
    case "part-body":
      return partBody(from.partField, request.body);
    case "list":
      return listValues(from, request.query);
    case "query-text":
      return single(queryText(request.query, from.name));
    case "query-fields":
      return queryFieldValues(from, request.query);
    case "read":
      return single(from.read(request));
  }
}

/** An action's body is optional; when sent it must be a JSON object. Its fields are judged by the machine, after the state and the caller's role. */
const optionalObjectBody = (body: unknown) => (body === undefined || body === null || body === "" ? {} : requireObjectBody(body));

/** The fields a resource's representation shows that its body cannot write, worked out once per body (each is one resource's). */
const serverSetByBody = new WeakMap<z.ZodType, string[]>();

/**
 * A write's JSON body: an object (non-empty for a partial update), without the fields the
 * representation shows but the body cannot write (a client sending back what it read is not refused
 * for them), then checked by the body's schema.
 */
function resourceBody(source: { representation: z.ZodType; schema: z.ZodType; nonEmpty: boolean }, body: unknown): unknown {
  let serverSet = serverSetByBody.get(source.schema);
  if (!serverSet) serverSetByBody.set(source.schema, (serverSet = serverSetFields(source.representation, source.schema)));
  return parseBody(source.schema, withoutReadOnlyFields(requireObjectBody(body, { nonEmpty: source.nonEmpty }), serverSet));
}

/** A body field naming a record, passed to the graph as an ID: a number is taken as written, anything else that is not text is named as sent (and named nothing). */
const namedId = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === "string" || typeof value === "number"
      ? String(value)
      : JSON.stringify(value);

function partBody(partField: string, body: unknown): Record<string, unknown> {
  const { [partField]: named, ...rest } = optionalObjectBody(body);
  const partId = namedId(named);
  return { ...(partId !== undefined && { partId }), body: rest };
}

/**
 * The list parameters, each filter given as a query parameter (`?applicationId=…`, SPEC §4) added
 * to `q` as the condition `<name>:<value>`, where it can also be written. A filter's value that is
 * not of its kind is a 400, before the paging is looked at.
 */
function listValues(source: Extract<ArgumentSource, { kind: "list" }>, query: Record<string, unknown>): Record<string, unknown> {
  const conditions: string[] = [];
  for (const filter of source.filters) {
    const value = query[filter.name];
    if (value === undefined) continue;
    const valid = typeof value === "string" && (filter.values === "uuid" ? isUuid(value) : filter.values.includes(value));
    if (!valid) {
      const expected = filter.values === "uuid" ? "a uuid" : `one of: ${filter.values.join(", ")}`;
      throw badRequest(`Invalid '${filter.name}' parameter.`, [{ field: filter.name, message: `must be ${expected}, given once` }]);
    }
    conditions.push(`${filter.name}:${filter.values === "uuid" ? value.toLowerCase() : value}`);
  }
  const { sort, ...unsorted } = listParamsFromQuery(query);
  // A list with an order of its own still refuses a malformed `sort`, and then does not pass it.
  const listed: Record<string, unknown> = source.sorted && sort !== undefined ? { ...unsorted, sort } : unsorted;
  if (!conditions.length) return listed;
  return { ...listed, q: [listed.q, ...conditions].filter(Boolean).join(" ") };
}

const queryText = (query: Record<string, unknown>, name: string) => {
  const value = query[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * A query parameter is text: a numeric or boolean field's is read as its value here ("25" → 25,
 * "true" → true), and anything else is left as sent, for the field's check to refuse by name.
 */
export function fromQueryText(kind: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if ((kind === "integer" || kind === "number") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (kind === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The checks of declared query fields, built once per declaration. */
const fieldChecks = new WeakMap<object, z.ZodType>();

function queryFieldValues(
  source: Extract<ArgumentSource, { kind: "query-fields" }>,
  query: Record<string, unknown>,
): Record<string, unknown> {
  let check = fieldChecks.get(source.fields);
  if (!check)
    fieldChecks.set(
      source.fields,
      (check = z.strictObject(
        Object.fromEntries(Object.entries(source.fields).map(([name, field]) => [name, valueCheck(field, "update").optional()])),
      )),
    );
  const given = Object.fromEntries(
    Object.entries(source.fields)
      .filter(([name]) => query[name] !== undefined)
      .map(([name, field]) => [name, fromQueryText(field.kind, query[name])]),
  );
  const parsed = check.safeParse(given);
  if (!parsed.success) throw badRequest(source.message, detailsFromZod(parsed.error));
  return parsed.data as Record<string, unknown>;
}
