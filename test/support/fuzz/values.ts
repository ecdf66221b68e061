import fc from "fast-check";

/** Real ids of records seeded before generation, so generated requests also reach existing rows. */
export type Seeds = {
  /** Known values, mostly ids, by the name of the parameter or body field that takes them: personId, caseId, type, … */
  byName: Record<string, string[]>;
  /** Every seeded uuid, for any uuid-shaped field. */
  uuids: string[];
};

export const MEGABYTE = 1_000_000;

/**
 * Builds text nested `depth` levels deep without recursion (neither here nor in JSON.stringify), so
 * the server is the only one who could overflow a stack on it.
 */
export const deepJson = (depth: number, kind: "array" | "object" = "array") =>
  kind === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Strings that break naive handling: NUL, lone surrogates, huge, control and SQL-looking text. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\ud800\u0000",
    "\u202e\u200b\ufeff",
    "%00",
    "%FF%FE",
    "' OR 1=1 --",
    "'; DROP TABLE person; --",
    "\\",
    '"',
    "$1",
    "%s%s%n",
    "{{7*7}}",
    "../../etc/passwd",
    "null",
    "undefined",
    "NaN",
    "__proto__",
    "constructor",
    "\r\n\r\n",
    "😀".repeat(50),
    "Ω≈ç√∫",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer({ min: 256, max: 5_000 }).map((length) => "x".repeat(length)),
);

/** Occasionally a 1 MB string: rare, so the run stays fast, yet every run carries a few. */
export const maybeHugeString = fc.oneof(
  { weight: 15, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constant("é".repeat(MEGABYTE / 2)) },
);

/** A value of some JSON type, to put where another type belongs. */
export const wrongTypedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, true, false, null, [], {}, [null], { "": "" }, "", "1", "true"),
  fc.integer(),
  fc.double({ noNaN: true }),
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.string(), { maxLength: 3 }),
);

/** Ids for path parameters: real ones mixed with every way an id can be wrong. */
export function pathIdArb(name: string, seeds: Seeds): fc.Arbitrary<string> {
  const real = seeds.byName[name] ?? [];
  const encoded = (text: string) => encodeSegment(text);
  return fc.oneof(
    ...(real.length ? [{ weight: 6, arbitrary: fc.constantFrom(...real) }] : []),
    ...(seeds.uuids.length ? [{ weight: 1, arbitrary: fc.constantFrom(...seeds.uuids) }] : []),
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "%00",
        "a%00b",
        "%FF%FE",
        "%ff",
        "%",
        "%zz",
        "%C0%AE",
        "%ED%A0%80",
        "\u00ff\u00fe",
        "\u00c3\u0028",
        "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "00000000-0000-4000-8000-00000000ad01",
        "9".repeat(40),
        "-1",
        "0",
        "1e400",
        "..",
        "%2e%2e",
        "%2F",
        "%20",
        "null",
        "__proto__",
        "constructor",
        "me",
        "x".repeat(5_000),
        encoded("' OR 1=1 --"),
        encoded("{00000000-0000-4000-8000-000000000000}"),
        "not-a-uuid",
      ),
    },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.replace(/-/g, "")) },
    { weight: 1, arbitrary: nastyString.map(encoded) },
  );
}

/**
 * encodeURIComponent refuses lone surrogates; a client can still send their WTF-8 bytes, so encode
 * those by hand.
 */
export function encodeSegment(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// JSON Schema (as /openapi.json carries it) to arbitraries

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  not?: JsonSchema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Values the schema accepts, or close to it (real ids where a uuid field's name matches a seed). */
export function validArb(schema: JsonSchema, seeds: Seeds, fieldName = ""): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validArb(alternative, seeds, fieldName)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validArb({ ...schema, type }, seeds, fieldName)));
  switch (schema.type) {
    case "string":
      return stringArb(schema, seeds, fieldName);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case "number":
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(validArb(schema.items ?? {}, seeds, fieldName), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case "object":
      return objectArb(schema, seeds);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArb(schema: JsonSchema, seeds: Seeds, fieldName: string): fc.Arbitrary<string> {
  const known = seeds.byName[fieldName];
  const generated = generatedString(schema, seeds, fieldName);
  return known?.length && schema.format !== "uuid" ? fc.oneof(fc.constantFrom(...known), generated) : generated;
}

function generatedString(schema: JsonSchema, seeds: Seeds, fieldName: string): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 40;
  switch (schema.format) {
    case "uuid": {
      const real = seeds.byName[fieldName] ?? seeds.uuids;
      return real.length ? fc.oneof(fc.constantFrom(...real), fc.uuid()) : fc.uuid();
    }
    case "date":
      return fc
        .date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case "date-time":
      return fc.date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }).map((date) => date.toISOString());
    case "email":
      return fc.nat(1_000_000).map((n) => `fuzz${n}@example.org`);
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, max));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 40) });
}

function objectArb(schema: JsonSchema, seeds: Seeds): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {}).filter(([, property]) => !isNever(property));
  if (!properties.length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
  const required = new Set(schema.required ?? []);
  return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, validArb(property, seeds, name)])), {
    requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
  });
}

/** `{ not: {} }`: a field the schema forbids (PATCH naming what only actions change). */
const isNever = (schema: JsonSchema) => schema.not !== undefined && Object.keys(schema.not).length === 0;

/** Properties of an object schema (following anyOf to the first object alternative). */
export function propertiesOf(schema: JsonSchema | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!schema) return { properties: {}, required: [] };
  const object = schema.properties ? schema : (schema.anyOf ?? schema.oneOf ?? []).find((alternative) => alternative.properties);
  return { properties: object?.properties ?? {}, required: object?.required ?? [] };
}
