import type { z } from "zod";
import type { ListSpec } from "../list";
import type { Resource } from "../resource";
import { graphTypeNameOf, type FieldDeclaration } from "../resource";
import type { RestRequest } from "./exchange";

/** One variable of a route's operation: its name, the root field's argument it is passed as, and its GraphQL type. */
export type RouteVariable = { variable: string; argument: string; type: string };

/** A list's query parameter beside the list ones: the field it filters, and what its value must be. */
export type ListFilter = { name: string; description: string; values: "uuid" | readonly string[] };

/**
 * A query parameter passed to the graph as the argument of the same name, declared as a field: its
 * kind gives the value's check and its GraphQL type. `description` is the graph argument's;
 * `queryDescription` what the REST documentation says, when it says more.
 */
export type QueryField = FieldDeclaration & { description: string; queryDescription?: string };

/**
 * Where in the request an argument's value is. Plain data, read by `variablesOf` (variables.ts), so
 * that what a route passes is declared next to its path and followed from the handler into one named reader.
 */
export type ArgumentSource =
  /** A path parameter (`""` when missing); `whenGiven`: left out when the path has no such parameter. */
  | { kind: "path"; param: string; whenGiven?: boolean }
  /** A value fixed by the route (a machine action's name). */
  | { kind: "value"; value: unknown }
  /** The staged upload's token. */
  | { kind: "content" }
  /** The body, a JSON object; `optional`: an absent or empty body is `{}`. */
  | { kind: "object-body"; optional?: boolean }
  /** A resource's create or update body (or what `bodyOf` makes of the request): read-only fields dropped, then checked by its schema. */
  | { kind: "resource-body"; representation: z.ZodType; schema: z.ZodType; nonEmpty: boolean; bodyOf?: (request: RestRequest) => unknown }
  /** A machine part's action body at its parent's path: the part named by `partField`, the rest the action's body. */
  | { kind: "part-body"; partField: string }
  /** `q`, `sort`, `limit`, `offset` (`sort` checked but not passed when `sorted` is false), with filters added to `q`. */
  | { kind: "list"; spec?: ListSpec; filters: readonly ListFilter[]; sorted: boolean }
  /** A query parameter taken as text when given once as text. */
  | { kind: "query-text"; name: string; description: string }
  /** Query parameters declared as fields, checked together (400 naming each malformed one). */
  | { kind: "query-fields"; fields: Readonly<Record<string, QueryField>>; message: string }
  /** Read by the domain's own named function (a body with rules of its own). */
  | { kind: "read"; read: (request: RestRequest) => unknown };

/** One argument of the route's root field (or, for the list parameters and declared filters, several), and where its value is. */
export type RouteArgument = { variables: readonly RouteVariable[]; from: ArgumentSource };

const one = (argument: string, type: string, from: ArgumentSource, variable = argument): RouteArgument => ({
  variables: [{ variable, argument, type }],
  from,
});

/** A path parameter as the argument of the same name (or `argument`), an `ID!` unless `type` says otherwise. */
export function pathArgument(
  param: string,
  options: { argument?: string; variable?: string; type?: string; whenGiven?: boolean } = {},
): RouteArgument {
  return one(
    options.argument ?? param,
    options.type ?? "ID!",
    { kind: "path", param, ...(options.whenGiven && { whenGiven: true }) },
    options.variable,
  );
}

/** A value the route fixes. */
export const valueArgument = (argument: string, type: string, value: unknown): RouteArgument =>
  one(argument, type, { kind: "value", value });

/** The staged upload's token (`content: String!`). */
export const contentArgument = (argument = "content"): RouteArgument => one(argument, "String!", { kind: "content" });

/** The body as a JSON object (`JSONObject!`); optional: an absent body is `{}` (`JSONObject`). */
export const objectBodyArgument = (argument: string, options: { optional?: boolean } = {}): RouteArgument =>
  one(argument, options.optional ? "JSONObject" : "JSONObject!", { kind: "object-body", ...(options.optional && { optional: true }) });

/** The name the graph gives a resource's input type (`inputTypeOf`): `TaskCreateInput`, `TaskUpdateInput`. */
const inputTypeName = (resource: Resource, on: "create" | "update") => `${resource.name}${on === "create" ? "Create" : "Update"}Input`;

/**
 * A resource's create or update body as `input: <Name>CreateInput!` (or the argument and type given:
 * a free-form record's `attributes: JSONObject!`). An update must name a field, and so must a body
 * that is not the request's JSON (`bodyOf`: an upload's text parts) when `nonEmpty` says so.
 */
export function resourceBodyArgument(
  resource: Resource,
  on: "create" | "update",
  options: { argument?: string; variable?: string; type?: string; nonEmpty?: boolean; bodyOf?: (request: RestRequest) => unknown } = {},
): RouteArgument {
  const schema = on === "create" ? resource.createBody : resource.updateBody;
  const from: ArgumentSource = {
    kind: "resource-body",
    representation: resource.response,
    schema,
    nonEmpty: options.nonEmpty ?? on === "update",
    ...(options.bodyOf && { bodyOf: options.bodyOf }),
  };
  return one(options.argument ?? "input", options.type ?? `${inputTypeName(resource, on)}!`, from, options.variable ?? "input");
}

/** A part's action at its parent's path: `<partField>: $partId` named in the body, `body: $body` the rest of it. */
export const partBodyArguments = (partField: string): RouteArgument => ({
  variables: [
    { variable: "partId", argument: partField, type: "ID" },
    { variable: "body", argument: "body", type: "JSONObject" },
  ],
  from: { kind: "part-body", partField },
});

/** The list parameters (`sort` left out for a list with an order of its own), filters added to `q`. */
export function listQueryArguments(spec?: ListSpec, options: { sorted?: boolean; filters?: readonly ListFilter[] } = {}): RouteArgument {
  const sorted = options.sorted ?? true;
  const names: [string, string][] = [
    ["q", "String"],
    ...(sorted ? [["sort", "String"] as [string, string]] : []),
    ["limit", "Int"],
    ["offset", "Int"],
  ];
  return {
    variables: names.map(([name, type]) => ({ variable: name, argument: name, type })),
    from: { kind: "list", ...(spec && { spec }), filters: options.filters ?? [], sorted },
  };
}

/** A query parameter passed as text (`String`), documented with `description`. */
export const queryTextArgument = (name: string, description: string): RouteArgument =>
  one(name, "String", { kind: "query-text", name, description });

/** Query parameters declared as fields, each passed as the argument of its name; a malformed one is a 400 (`message`, each named). */
export function queryFieldArguments(fields: Readonly<Record<string, QueryField>>, message: string): RouteArgument {
  return {
    variables: Object.entries(fields).map(([name, field]) => ({ variable: name, argument: name, type: graphTypeNameOf(field) })),
    from: { kind: "query-fields", fields, message },
  };
}

/** An argument the domain reads with a named function of its own (the caller's own preferences, an upload's text parts). */
export const readArgument = (argument: string, type: string, read: (request: RestRequest) => unknown): RouteArgument =>
  one(argument, type, { kind: "read", read });
