import fc from "fast-check";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from "graphql";
import { deepJson, maybeHugeString, wrongTypedValue, type Seeds } from "./values";

/** A GraphQL request: what to POST to /graphql (or a raw body), and the label failures are grouped by. */
export type GraphqlRequest = {
  label: string;
  payload?: unknown;
  raw?: { body: string | Buffer; contentType?: string };
  method?: "GET" | "POST";
  query?: string;
};

/** An enum value, written bare in a document. */
class EnumValue {
  constructor(readonly name: string) {}
}

/** A value as a GraphQL literal. Strings go through JSON, whose escapes GraphQL shares. */
function literal(value: unknown): string {
  if (value instanceof EnumValue) return value.name;
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "1e999";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, entry]) => `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(key) ? key : "_bad"}: ${literal(entry)}`)
    .join(", ")}}`;
}

/** Values the input type accepts (close enough), with real ids for ID arguments. */
function inputArb(type: GraphQLInputType, seeds: Seeds, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputArb(type.ofType, seeds, depth);
  if (isListType(type)) return fc.array(inputArb(type.ofType, seeds, depth + 1), { maxLength: 2 });
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => new EnumValue(value.name)));
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    if (depth > 3) return fc.constant({});
    return fc.record(Object.fromEntries(fields.map((field) => [field.name, inputArb(field.type, seeds, depth + 1)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
  }
  switch (getNamedType(type).name) {
    case "ID":
      return seeds.uuids.length ? fc.oneof(fc.constantFrom(...seeds.uuids), fc.uuid()) : fc.uuid();
    case "Int":
      return fc.integer({ min: -5, max: 120 });
    case "Float":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "Boolean":
      return fc.boolean();
    case "DateTime":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }).map((date) => date.toISOString());
    case "Date":
      return fc
        .date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case "JSON":
    case "JSONObject":
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    default:
      return fc.string({ maxLength: 20 });
  }
}

/** A wrong value for an input type: wrong kind, out of range, nasty text, or null where null is refused. */
const invalidInputArb: fc.Arbitrary<unknown> = fc.oneof(
  wrongTypedValue,
  maybeHugeString,
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    1e308,
    1.5,
    new EnumValue("NOT_A_VALUE"),
    new EnumValue("true"),
    [[[[[]]]]],
    { unknownField: 1 },
    null,
  ),
);

/** The selection of a few leaf fields (and one nested object) of a type, as a client would ask. */
function selectionFor(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (!isObjectType(named) || depth > 1) return "{ __typename }";
  const fields = Object.values(named.getFields()).filter((field) => field.args.every((arg) => !isNonNullType(arg.type)));
  const leaves = fields
    .filter((field) => isLeafType(getNamedType(field.type)))
    .slice(0, 4)
    .map((field) => field.name);
  const nested = fields.find((field) => isObjectType(getNamedType(field.type)));
  const parts = ["__typename", ...leaves, ...(nested ? [`${nested.name} ${selectionFor(nested.type, depth + 1)}`] : [])];
  return `{ ${parts.join(" ")} }`;
}

type Fault =
  | "none"
  | "wrong-value"
  | "missing-argument"
  | "unknown-argument"
  | "wrong-declared-type"
  | "undeclared"
  | "variables-not-object"
  | "extra-variable";

/**
 * Calls of one root field with generated arguments, inline or through variables: mostly well-formed
 * ones (to reach the resolvers), otherwise with one fault — a wrong value for one argument, one left
 * out, an unknown one, or variables declared with the wrong type, undeclared or sent wrong.
 */
export function rootFieldArb(
  operation: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  seeds: Seeds,
): fc.Arbitrary<GraphqlRequest> {
  const args = field.args;
  const values = fc.tuple(...args.map((arg) => inputArb(arg.type, seeds)));
  const modes = fc.tuple(...args.map(() => fc.constantFrom("inline", "variable")));
  const fault = fc.oneof(
    { weight: 5, arbitrary: fc.constant<Fault>("none") },
    {
      weight: 4,
      arbitrary: fc.constantFrom<Fault>(
        "wrong-value",
        "wrong-value",
        "missing-argument",
        "unknown-argument",
        "wrong-declared-type",
        "undeclared",
        "variables-not-object",
        "extra-variable",
      ),
    },
  );
  return fc
    .record({ values, modes, fault, target: fc.nat(), wrong: invalidInputArb, named: fc.boolean() })
    .map(({ values, modes, fault, target, wrong, named }) => {
      const faulty = args.length ? target % args.length : -1;
      const definitions: string[] = [];
      const variables: Record<string, unknown> = {};
      const written: string[] = [];
      args.forEach((arg, index) => {
        if (fault === "missing-argument" && index === faulty) return;
        const value = fault === "wrong-value" && index === faulty ? wrong : values[index];
        if (modes[index] === "inline") {
          written.push(`${arg.name}: ${literal(value)}`);
          return;
        }
        if (fault !== "undeclared" || index !== faulty)
          definitions.push(`$${arg.name}: ${fault === "wrong-declared-type" && index === faulty ? "Boolean" : arg.type.toString()}`);
        variables[arg.name] = value instanceof EnumValue ? value.name : value;
        written.push(`${arg.name}: $${arg.name}`);
      });
      if (fault === "unknown-argument" || (fault !== "none" && !args.length)) written.push(`unknownArgument: ${literal(wrong)}`);
      if (fault === "extra-variable") variables.notDeclared = "x";
      const call = `${field.name}${written.length ? `(${written.join(", ")})` : ""} ${selectionFor(field.type)}`;
      const header = `${operation}${named ? " Fuzz" : ""}${definitions.length ? `(${definitions.join(", ")})` : ""}`;
      return {
        label: `${operation} ${field.name}`,
        payload: {
          query: `${header} { ${call} }`,
          ...(named && { operationName: "Fuzz" }),
          variables: fault === "variables-not-object" ? "not an object" : variables,
        },
      };
    });
}

/** Requests about the document and the transport rather than any one field. */
export function documentRequests(schema: GraphQLSchema): GraphqlRequest[] {
  const query = (label: string, payload: unknown): GraphqlRequest => ({ label, payload });
  const aliases = (field: string, count = 1_000) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ")} }`;
  const nested = (depth: number) => `{ ${"a { ".repeat(depth)}b${" }".repeat(depth)} }`;
  const cyclic = (depth: number) => `{ cases { items { ${"members { person { cases { ".repeat(depth)}id${" } } }".repeat(depth)} } } }`;
  const createPerson = schema.getMutationType()?.getFields().createPerson ? "createPerson" : undefined;
  const requests: GraphqlRequest[] = [
    query("several operations, no operationName", { query: "query A { me { id } } query B { me { id } }" }),
    query("several operations, no operationName", { query: "query A { __typename } mutation B { __typename }" }),
    query("several operations, no operationName", { query: "{ __typename } { __typename }" }),
    query("several operations, no operationName", { query: "query A { __typename } query A { __typename }" }),
    query("unknown operationName", { query: "query A { __typename }", operationName: "Nope" }),
    query("unknown operationName", { query: "query A { me { id } } query B { __typename }", operationName: "C" }),
    query("unknown operationName", { query: "{ __typename }", operationName: "" }),
    query("operationName not a string", { query: "query A { __typename }", operationName: 42 }),
    query("1,000 aliases", { query: aliases("__typename") }),
    query("1,000 aliases", { query: aliases("me { id }") }),
    query("1,000 aliases", { query: aliases('policy(id: "7-cfr-273") { id }') }),
    query("1,000 aliases", { query: aliases("queues(limit: 1) { total }", 200) }),
    query("nested thousands deep", { query: nested(3_000) }),
    query("nested thousands deep", { query: nested(20_000) }),
    query("nested thousands deep", { query: cyclic(1_000) }),
    query("nested thousands deep", { query: cyclic(6) }),
    query("nested thousands deep", { query: `{ persons(q: ${"[".repeat(5_000)}${"]".repeat(5_000)}) { total } }` }),
    query("nested thousands deep", {
      query: `{ __schema { types { ${"fields { type { ofType { ".repeat(300)}name${" } } }".repeat(300)} } } }`,
    }),
    query("huge document", { query: `{ __typename ${"# comment\n".repeat(100_000)} }` }),
    query("huge document", { query: `{ ${"__typename ".repeat(100_000)} }` }),
    query("subscription over HTTP", { query: "subscription { events { id } }" }),
    query("invalid variables", { query: "query($x: Int) { persons(limit: $x) { total } }", variables: { x: "abc" } }),
    query("invalid variables", { query: "query($x: Int!) { persons(limit: $x) { total } }", variables: {} }),
    query("invalid variables", { query: "query($x: Int) { persons(limit: $x) { total } }", variables: [1] }),
    query("invalid variables", { query: "query($x: Int) { persons(limit: $x) { total } }", variables: '{"x":1}' }),
    query("invalid variables", { query: "query($x: Int) { persons(limit: $x) { total } }", variables: { x: 2 ** 31 } }),
    query("invalid variables", { query: "query($x: NoSuchType) { __typename }", variables: { x: 1 } }),
    query("invalid variables", { query: "query($x: String) { person(id: $x) { id } }", variables: { x: "\u0000" } }),
    query("invalid variables", { query: "query($x: ID!) { person(id: $x) { id } }", variables: { x: "\ud800" } }),
    query("invalid variables", { query: "query($x: ID!) { person(id: $x) { id } }", variables: { x: "x".repeat(5_000) } }),
    query("not a document", { query: 42 }),
    query("not a document", { query: "" }),
    query("not a document", { query: "{" }),
    query("not a document", { query: "\u0000" }),
    query("not a document", { query: '{ person(id: "\\ud800") { id } }' }),
    query("not a document", {}),
    query("not a document", { query: "{ __typename }", extensions: { persistedQuery: { version: 1, sha256Hash: "x" } } }),
    query("not a document", { extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } }),
    query("not a document", [{ query: "{ __typename }" }, { query: "{ me { id } }" }]),
    query("not a document", []),
  ];
  if (createPerson) {
    requests.push(
      {
        label: "invalid variables",
        raw: {
          body: `{"query":"mutation($a: JSON!) { createPerson(attributes: $a) { id } }","variables":{"a":${deepJson(10_000, "object")}}}`,
          contentType: "application/json",
        },
      },
      {
        label: "invalid variables",
        raw: {
          body: `{"query":"mutation($a: JSON!) { createPerson(attributes: $a) { id } }","variables":{"a":{"x":${deepJson(10_000, "array")}}}}`,
          contentType: "application/json",
        },
      },
      query("invalid variables", {
        query: "mutation($a: JSON!) { createPerson(attributes: $a) { id } }",
        variables: { a: { name: "\u0000" } },
      }),
      query("invalid variables", {
        query: "mutation($a: JSON!) { createPerson(attributes: $a) { id } }",
        variables: { a: { "\u0000": 1 } },
      }),
      query("invalid variables", {
        query: "mutation($a: JSON!) { createPerson(attributes: $a) { id } }",
        variables: { a: { x: "\ud800" } },
      }),
      query("invalid variables", { query: "mutation($a: JSON!) { createPerson(attributes: $a) { id } }", variables: { a: [1, 2] } }),
      query("invalid variables", { query: `mutation { createPerson(attributes: {a: ${"[".repeat(5_000)}${"]".repeat(5_000)}}) { id } }` }),
    );
  }
  // The transport: bodies and methods that are not a GraphQL POST.
  for (const [body, contentType] of [
    ["", "application/json"],
    ["{", "application/json"],
    ["null", "application/json"],
    ['"{ __typename }"', "application/json"],
    ['{"query":"{ __typename }"}', "text/plain"],
    ['{"query":"{ __typename }"}', "application/x-www-form-urlencoded"],
    ['{"query":"{ __typename }"}', "application/graphql"],
    ["{ __typename }", "application/graphql"],
    ['{"query":"{ __typename }"}', undefined],
    [deepJson(10_000, "array"), "application/json"],
    [deepJson(10_000, "object"), "application/json"],
    [Buffer.from([0x7b, 0x22, 0x71, 0x75, 0x65, 0x72, 0x79, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), "application/json"],
    [`{"query":"{ __typename }","x":"${"x".repeat(1_100_000)}"}`, "application/json"],
  ] as Array<[string | Buffer, string | undefined]>) {
    requests.push({ label: "not a GraphQL POST", raw: { body, contentType } });
  }
  for (const search of [
    "query=%7B__typename%7D",
    "query=%7Bme%7Bid%7D%7D",
    "query=mutation%7B__typename%7D",
    "query=%7B",
    "query=%FF%FE",
    "query=%00",
    "variables=%7B",
    "",
    `query=${"a".repeat(100_000)}`,
  ]) {
    requests.push({ label: "", method: "GET", query: search });
  }
  return requests;
}

export function rootFields(schema: GraphQLSchema): Array<{ operation: "query" | "mutation"; field: GraphQLField<unknown, unknown> }> {
  return [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ operation: "query" as const, field })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({ operation: "mutation" as const, field })),
  ];
}
