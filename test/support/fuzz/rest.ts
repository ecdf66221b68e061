import fc from "fast-check";
import { dereferenced } from "../openapi-refs";
import type { RawRequest } from "./http";
import {
  deepJson,
  encodeSegment,
  maybeHugeString,
  MEGABYTE,
  nastyString,
  pathIdArb,
  propertiesOf,
  validArb,
  wrongTypedValue,
  type JsonSchema,
  type Seeds,
} from "./values";

type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema?: JsonSchema; description?: string };

/** One operation of /openapi.json, as the fuzzer uses it. */
export type Operation = {
  method: string;
  template: string;
  key: string;
  pathParams: string[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  /** Field names a `q` or `sort` could name: the listed items' properties and the documented sortable fields. */
  fields: string[];
  sortable: string[];
};

type OpenApi = { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: any; responses?: any }>> };

/** The operations of the document, its `$ref`s resolved so that each schema is a plain tree to generate from. */
export function operationsOf(document: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(dereferenced(document).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema as JsonSchema | undefined;
      const listItem = operation.responses?.["200"]?.content?.["application/json"]?.schema?.properties?.items?.items as
        | JsonSchema
        | undefined;
      const sortable = /Sortable: ([^.]*)\./.exec(parameters.find((p) => p.name === "sort")?.description ?? "")?.[1]?.split(", ") ?? [];
      operations.push({
        method: method.toUpperCase(),
        template,
        key: `${method.toUpperCase()} ${template}`,
        pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === "query"),
        headerParams: parameters.filter((p) => p.in === "header"),
        body: bodySchema && { schema: bodySchema, required: Boolean(operation.requestBody.required) },
        fields: [...new Set([...Object.keys(propertiesOf(listItem).properties), ...sortable])],
        sortable,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------
// Headers

export type Credentials = { admin: string; caseWorker: string; applicant: string; apiKey: string };

/**
 * The headers that get an operation past authentication: an administrator's token, or for the one
 * operation that refuses every user token (the identity provider's), the API key.
 */
export const primaryCredential = (credentials: Credentials, apiKeyOnly: boolean): Record<string, string> =>
  apiKeyOnly ? { "x-api-key": credentials.apiKey } : { authorization: credentials.admin };

/** Mostly the primary credential (so requests get past authorization), sometimes every other kind of caller. */
function authArb(credentials: Credentials, primary: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constant(primary) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<Record<string, string>>(
        {},
        { authorization: credentials.caseWorker },
        { authorization: credentials.applicant },
        { "x-api-key": credentials.apiKey },
        { authorization: credentials.admin, "x-api-key": credentials.apiKey },
        { authorization: "Bearer " },
        { authorization: "Bearer not.a.jwt" },
        { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." },
        { authorization: "Basic dXNlcjpwYXNz" },
        { authorization: `${credentials.admin}x` },
        { authorization: `Bearer ${"a".repeat(5_000)}` },
        { "x-api-key": "wrong" },
      ),
    },
  );
}

/** Extra headers a client might send: garbage trace context, odd accepts, forwarding headers. */
const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { traceparent: "garbage" },
      { traceparent: "00-00000000000000000000000000000000-0000000000000000-00" },
      { traceparent: `00-${"f".repeat(32)}-${"f".repeat(16)}-ff` },
      { traceparent: "x".repeat(4_000) },
      { accept: "text/html" },
      { accept: "application/xml;q=1, */*;q=0" },
      { "accept-encoding": "gzip, br, zstd" },
      { "last-event-id": "-1" },
      { "last-event-id": "99999999999999999999999999" },
      { "x-forwarded-for": "1.2.3.4, <script>" },
      { "x-caller-id": "admin", "x-caller-roles": "state_admin" },
      { "x-http-method-override": "DELETE" },
      { "x-apollo-operation-name": "x" },
      { cookie: "a=b; ".repeat(100) },
    ),
  },
);

// ---------------------------------------------------------------------------------------------------
// Query strings

/** `q` expressions: mostly well-formed ones over the list's fields (to reach the SQL), and every way to break the grammar. */
function qArb(fields: string[], seeds: Seeds): fc.Arbitrary<string> {
  const field = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(fields.length ? fields : ["id"])) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("name.lastName", "address.city", "members.personId", "a.b.c.d.e.f", "x", "", "__proto__", "attributes"),
    },
  );
  const value = fc.oneof(
    fc.constantFrom(
      "smith",
      "act*",
      "*ive",
      '"ana lopez"',
      "2026-06-01",
      "06075,06001",
      "true",
      "1",
      "*",
      "-1",
      "1e999",
      "2026-13-45",
      "me",
    ),
    ...(seeds.uuids.length ? [fc.constantFrom(...seeds.uuids)] : []),
    fc.string({ maxLength: 12 }),
  );
  const op = fc.oneof(
    { weight: 4, arbitrary: fc.constant("") },
    { weight: 2, arbitrary: fc.constantFrom(">", ">=", "<", "<=") },
    { weight: 1, arbitrary: fc.constantFrom(">>", "=", "!", "<>") },
  );
  const condition = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom("", "", "-"), field, op, value)
        .map(([negate, name, comparison, text]) => `${negate}${name}:${comparison}${text}`),
    },
    { weight: 2, arbitrary: value },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '"unterminated',
        "status:",
        ":x",
        ":",
        ">",
        "-",
        "--x",
        "a:b:c",
        "status:a,,b",
        'status:"a',
        "*",
        "**",
        "(",
        ")",
        "\\",
        "%",
        "_",
        "\u0000",
        "\ud800",
        "' OR 1=1 --",
        "status:;drop table person",
        `a:${"b".repeat(3_000)}`,
      ),
    },
    { weight: 1, arbitrary: nastyString },
  );
  return fc.array(condition, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));
}

function sortArb(sortable: string[], fields: string[]): fc.Arbitrary<string> {
  const field = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(sortable.length ? sortable : ["id"])) },
    { weight: 1, arbitrary: fc.constantFrom(...(fields.length ? fields : ["id"]), "name.lastName", "a.b.c", "nope", "") },
  );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .array(
          fc.tuple(fc.constantFrom("", "-", "-", "+", "--"), field).map(([sign, name]) => sign + name),
          { minLength: 1, maxLength: 3 },
        )
        .map((parts) => parts.join(",")),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "name; DROP TABLE person",
        "createdAt desc",
        "1",
        "name)",
        '"name"',
        "-",
        ",",
        ",,,",
        "createdAt,createdAt",
        "createdAt,updatedAt,id,-createdAt,-updatedAt,-id",
        "a".repeat(5_000),
        "createdAt\u0000",
        "(select 1)",
        "id::text",
        "name->>'x'",
      ),
    },
    { weight: 1, arbitrary: nastyString },
  );
}

const pageNumberArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 120 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "-1",
      "0",
      "101",
      "1.5",
      "abc",
      "",
      " 1",
      "1e3",
      "0x10",
      "NaN",
      "Infinity",
      "99999999999999999999999",
      "9007199254740993",
      "-0",
      "1,2",
      "\u0000",
      "٣",
    ),
  },
);

const otherParamArb = fc.oneof(
  fc.constantFrom(
    "2026-01-01",
    "2026-01-01T00:00:00Z",
    "not-a-date",
    "persons.*",
    "*",
    "/persons",
    "queueId",
    "programType",
    "snap",
    "1",
    "-1",
    "99999999999999999999",
  ),
  fc.uuid(),
  nastyString,
);

/** A parameter other than the list's own: a seeded value of that name when there is one, else anything. */
const namedParamArb = (name: string, seeds: Seeds) => {
  const known = seeds.byName[name] ?? [];
  return known.length
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: otherParamArb })
    : otherParamArb;
};

/** One query parameter as `name=value`, already encoded, or a raw fragment that does not decode. */
function queryParamArb(parameter: Parameter, operation: Operation, seeds: Seeds): fc.Arbitrary<string> {
  const valueArb =
    parameter.name === "q"
      ? qArb(operation.fields, seeds)
      : parameter.name === "sort"
        ? sortArb(operation.sortable, operation.fields)
        : parameter.name === "limit" || parameter.name === "offset"
          ? pageNumberArb
          : namedParamArb(parameter.name, seeds);
  return fc.oneof(
    { weight: 8, arbitrary: valueArb.map((value) => `${parameter.name}=${encodeSegment(value)}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${parameter.name}`,
        `${parameter.name}=%`,
        `${parameter.name}=%ZZ`,
        `${parameter.name}=%FF%FE`,
        `${parameter.name}=%00`,
        `${parameter.name}[]=1`,
        `${parameter.name}[a]=b`,
        `${parameter.name}=1&${parameter.name}=2`,
        `${parameter.name}=\u00ff\u00fe`,
      ),
    },
  );
}

function queryStringArb(operation: Operation, seeds: Seeds): fc.Arbitrary<string> {
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
    fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
  // Each parameter now and then, so that a request often has only a few and all of them valid.
  const own = operation.queryParams.map((parameter) => sometimes(queryParamArb(parameter, operation, seeds), 3));
  const unknown = sometimes(
    fc.constantFrom("unknown=1", "=x", "&&&", "__proto__[x]=1", "constructor[prototype][x]=1", "a=%E0%A4%A", "+=+"),
    9,
  );
  return fc
    .tuple(fc.tuple(...own), unknown)
    .map(([parts, extra]) => [...parts, extra].filter((part): part is string => part !== null).join("&"));
}

// ---------------------------------------------------------------------------------------------------
// Bodies

type Body = { body?: string | Buffer; contentType?: string };

const json = (value: unknown): Body => ({ body: JSON.stringify(value), contentType: "application/json" });

/** Takes a valid object and breaks it one way: a field's type, a required field, an unknown field, a nasty string. */
function brokenObjectArb(schema: JsonSchema, seeds: Seeds): fc.Arbitrary<unknown> {
  const { properties, required } = propertiesOf(schema);
  const names = Object.keys(properties);
  const base = validArb(schema, seeds).map((value) =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {},
  );
  const mutations: Array<fc.Arbitrary<unknown>> = [
    fc
      .tuple(base, fc.string({ maxLength: 12 }), wrongTypedValue)
      .map(([object, key, value]) => ({ ...object, [key || "unknownField"]: value })),
    // defineProperty, so that `__proto__` becomes a key of the JSON rather than the object's prototype.
    fc
      .tuple(base, fc.constantFrom("__proto__", "constructor", "id", "createdAt", "", "\u0000", "a.b", "$where"))
      .map(([object, key]) => Object.defineProperty({ ...object }, key, { value: { polluted: true }, enumerable: true })),
  ];
  if (names.length) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...names), wrongTypedValue).map(([object, name, value]) => ({ ...object, [name]: value })),
    );
    mutations.push(
      fc.tuple(base, fc.constantFrom(...names), maybeHugeString).map(([object, name, value]) => ({ ...object, [name]: value })),
    );
  } else {
    // A free-form body (a person): its fields are whatever the client sends.
    mutations.push(
      fc.tuple(base, fc.string({ maxLength: 8 }), maybeHugeString).map(([object, key, value]) => ({ ...object, [key]: value })),
    );
    mutations.push(
      fc
        .tuple(base, fc.string({ maxLength: 8 }), wrongTypedValue)
        .map(([object, key, value]) => ({ ...object, [key]: { nested: [value, { value }] } })),
    );
  }
  if (required.length)
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...required))
        .map(([object, name]) => Object.fromEntries(Object.entries(object).filter(([key]) => key !== name))),
    );
  return fc.oneof(...mutations);
}

/** Bodies that are not a valid object at all: wrong JSON, wrong bytes, wrong content type, too deep, too big. */
const wholeBodyArb: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom<Body>(
    {},
    { body: "", contentType: "application/json" },
    { body: "   ", contentType: "application/json" },
    { body: "null", contentType: "application/json" },
    { body: "1", contentType: "application/json" },
    { body: '"text"', contentType: "application/json" },
    { body: "true", contentType: "application/json" },
    { body: "[]", contentType: "application/json" },
    { body: "[{}]", contentType: "application/json" },
    { body: "{", contentType: "application/json" },
    { body: '{"a":', contentType: "application/json" },
    { body: "{'a':1}", contentType: "application/json" },
    { body: '{"a":1,}', contentType: "application/json" },
    { body: '{"a":1}{"b":2}', contentType: "application/json" },
    { body: '{"a":1e400,"b":-1e400}', contentType: "application/json" },
    { body: '{"a":NaN}', contentType: "application/json" },
    { body: '{"a":1,"a":2}', contentType: "application/json" },
    { body: '{"__proto__":{"admin":true}}', contentType: "application/json" },
    { body: '{"constructor":{"prototype":{"admin":true}}}', contentType: "application/json" },
    { body: "\ufeff{}", contentType: "application/json" },
    { body: '{"a":"\\u0000"}', contentType: "application/json" },
    { body: '{"a":"\\ud800"}', contentType: "application/json" },
    { body: '{"\\u0000":1}', contentType: "application/json" },
    { body: '{"\\ud800":"x"}', contentType: "application/json" },
    { body: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
    { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: "multipart/form-data; boundary=x" },
    { body: "<a>1</a>", contentType: "application/xml" },
    { body: "{}", contentType: "text/plain" },
    { body: "{}", contentType: "application/json; charset=latin1" },
    { body: "{}", contentType: "application/json; charset=utf-16" },
    { body: "{}", contentType: "application/merge-patch+json" },
    { body: "{}", contentType: "application/json, text/plain" },
    { body: "{}", contentType: ";;;" },
    { body: "{}", contentType: "application/" },
    { body: "{}" },
    { body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: "application/json" },
    { body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), contentType: "application/json" },
    { body: Buffer.from([0xc0, 0xaf, 0x00, 0xff]), contentType: "application/json" },
    { body: Buffer.from([0x00, 0x7b, 0x00, 0x7d]), contentType: "application/json" },
    { body: deepJson(10_000, "array"), contentType: "application/json" },
    { body: deepJson(10_000, "object"), contentType: "application/json" },
    { body: `{"a":${deepJson(10_000, "object")}}`, contentType: "application/json" },
    { body: `{"a":${deepJson(100, "array")}}`, contentType: "application/json" },
    { body: deepJson(200_000, "array"), contentType: "application/json" },
  ),
  fc.string({ unit: "binary", maxLength: 60 }).map((text) => ({ body: text, contentType: "application/json" })),
  fc.uint8Array({ maxLength: 60 }).map((bytes) => ({ body: Buffer.from(bytes), contentType: "application/json" })),
);

/** An empty object, or rarely (each costs a megabyte) a body just under the 1 MiB limit or one over it. */
const emptyOrHugeBodyArb: fc.Arbitrary<Body> = fc.oneof(
  { weight: 29, arbitrary: fc.constant<Body>({ body: "{}", contentType: "application/json" }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Body>(
      json({ a: "x".repeat(MEGABYTE) }),
      json({ a: "x".repeat(1_100_000) }),
      json({ a: Array.from({ length: 100_000 }, (_, i) => i) }),
    ),
  },
);

function bodyArb(operation: Operation, seeds: Seeds): fc.Arbitrary<Body> {
  const schema = operation.body?.schema;
  if (!schema) {
    // Operations without a body get one anyway now and then (a GET with a body, a DELETE with JSON).
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<Body>({}) },
      { weight: 1, arbitrary: wholeBodyArb },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json) },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: validArb(schema, seeds).map(json) },
    { weight: 6, arbitrary: brokenObjectArb(schema, seeds).map(json) },
    { weight: 3, arbitrary: wholeBodyArb },
    { weight: 1, arbitrary: fc.oneof(fc.array(validArb(schema, seeds), { maxLength: 2 }), wrongTypedValue).map(json) },
    { weight: 1, arbitrary: emptyOrHugeBodyArb },
  );
}

// ---------------------------------------------------------------------------------------------------
// Whole requests

export type GeneratedRequest = RawRequest & { key: string };

function pathArb(operation: Operation, seeds: Seeds): fc.Arbitrary<string> {
  if (!operation.pathParams.length) return fc.constant(operation.template);
  return fc
    .tuple(...operation.pathParams.map((name) => pathIdArb(name, seeds)))
    .map((values) => operation.pathParams.reduce((path, name, index) => path.replace(`{${name}}`, values[index]!), operation.template));
}

/** Requests for one operation: its method and path, generated parameters, body and headers. */
export function requestArb(
  operation: Operation,
  seeds: Seeds,
  credentials: Credentials,
  primary: Record<string, string>,
): fc.Arbitrary<GeneratedRequest> {
  const headerParams = fc.tuple(
    ...operation.headerParams.map((parameter) =>
      fc.option(
        namedParamArb(parameter.name, seeds)
          .filter((value) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value))
          .map((value) => [parameter.name, value] as const),
      ),
    ),
  );
  return fc
    .record({
      path: pathArb(operation, seeds),
      query: queryStringArb(operation, seeds),
      body: bodyArb(operation, seeds),
      auth: authArb(credentials, primary),
      extra: extraHeadersArb,
      headerParams,
    })
    .map(({ path, query, body, auth, extra, headerParams }) => ({
      key: operation.key,
      method: operation.method,
      path: query ? `${path}?${query}` : path,
      headers: {
        ...auth,
        ...extra,
        ...Object.fromEntries(headerParams.filter((entry) => entry !== null)),
        ...(body.contentType && { "content-type": body.contentType }),
      },
      body: body.body,
    }));
}

/** The operation's path with the first seeded id for each parameter. */
export const seededPath = (operation: Operation, seeds: Seeds) =>
  operation.template.replace(/\{(\w+)\}/g, (_, name: string) => seeds.byName[name]?.[0] ?? "00000000-0000-4000-8000-000000000000");

/**
 * Requests every operation gets once, whatever the random draw: each body field with a wrong type,
 * each required field missing, the oversized URL cases (a 100 KB query, a 5,000-character id) and
 * methods the path does not serve.
 */
export function systematicRequests(operation: Operation, seeds: Seeds, headers: Record<string, string>): GeneratedRequest[] {
  const path = seededPath(operation, seeds);
  const request = (path: string, body?: unknown): GeneratedRequest => ({
    key: operation.key,
    method: operation.method,
    path,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const requests = [
    request(`${path}?q=${"a".repeat(100_000)}`),
    request(`${path}?${"x=1&".repeat(25_000)}`),
    { ...request(path, {}), method: "PUT" },
    { ...request(path), method: "OPTIONS" },
  ];
  if (operation.pathParams.length)
    requests.push(
      request(operation.template.replace(/\{(\w+)\}/g, "x".repeat(5_000))),
      request(operation.template.replace(/\{(\w+)\}/g, "x".repeat(100_000))),
    );
  const schema = operation.body?.schema;
  if (schema) {
    const { properties, required } = propertiesOf(schema);
    const [valid] = fc.sample(validArb(schema, seeds), { seed: 1, numRuns: 1 }) as Array<Record<string, unknown>>;
    for (const name of Object.keys(properties)) {
      for (const wrong of [12345, true, null, ["x"], { x: 1 }, "\u0000", "x".repeat(5_000)])
        requests.push(request(path, { ...valid, [name]: wrong }));
    }
    for (const name of required)
      requests.push(request(path, Object.fromEntries(Object.entries(valid ?? {}).filter(([key]) => key !== name))));
  }
  return requests;
}
