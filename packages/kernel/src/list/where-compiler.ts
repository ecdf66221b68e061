import { ApiError, invalidQuery, isUuid } from "@pap/core";
import { lookupField, type ResolvedField } from "./fields";
import type { CompareNode, ComparisonOperator, ExistsNode, MatchNode, QueryNode, QueryValue, TermNode, ValueMatch } from "./query-parser";
import type { ListSpec } from "./spec";

/** A Prisma `where` object; callers cast it to their model's WhereInput. */
export type Where = Record<string, unknown>;

type FieldNode = MatchNode | CompareNode | ExistsNode;

/**
 * Compiles parsed `q` conditions to a Prisma `where`: `{ AND: [...] }` with one entry per condition,
 * or `{}` when there are none.
 */
export function compileWhere(nodes: readonly QueryNode[], spec: ListSpec): Where {
  if (nodes.length === 0) return {};
  return { AND: nodes.map((node) => compileNode(node, spec)) };
}

function compileNode(node: QueryNode, spec: ListSpec): Where {
  if (node.kind === "term") return compileTerm(node, spec);
  const field = lookupField(spec, node.field);
  if (!field) {
    const known = Object.keys(spec.fields);
    throw invalidQuery(`unknown field '${node.field}' for ${spec.resource}; known fields: ${known.join(", ") || "none"}`, node.position);
  }
  return compileField(field, node, node.negated, spec);
}

// Prisma's OR of nothing is false and AND of nothing is true (verified: `1=0` / `1=1`), which is exactly
// what a bare term needs when no full-text field can hold it.
const anyOf = (conditions: Where[]): Where => (conditions.length === 1 ? (conditions[0] as Where) : { OR: conditions });
const allOf = (conditions: Where[]): Where => (conditions.length === 1 ? (conditions[0] as Where) : { AND: conditions });

/**
 * A bare term matches when any full-text field would match `field:term`. Fields whose kind cannot hold
 * the term (a name against a uuid) are skipped rather than failing the whole query. The negation is
 * built field by field (De Morgan) so each field keeps its own NULL and JSON handling.
 */
function compileTerm(node: TermNode, spec: ListSpec): Where {
  const conditions: Where[] = [];
  for (const name of spec.fullText) {
    const field = lookupField(spec, name);
    if (!field) throw new Error(`list spec '${spec.resource}': full-text field '${name}' is not a field`);
    const asField: MatchNode = { kind: "match", field: name, values: [node.value], negated: node.negated, position: node.position };
    try {
      conditions.push(compileField(field, asField, node.negated, spec));
    } catch (error) {
      if (error instanceof ApiError && error.code === "INVALID_QUERY") continue;
      throw error;
    }
  }
  return node.negated ? allOf(conditions) : anyOf(conditions);
}

function compileField(field: ResolvedField, node: FieldNode, negated: boolean, spec: ListSpec): Where {
  if (field.relation) {
    // "Not X" on a to-many relation means no related row is X, not "some row is not X".
    const inner = compileOnRow(field, node, false, spec);
    const { name, many } = field.relation;
    if (many) return { [name]: negated ? { none: inner } : { some: inner } };
    return { [name]: negated ? { isNot: inner } : { is: inner } };
  }
  return compileOnRow(field, node, negated, spec);
}

function compileOnRow(field: ResolvedField, node: FieldNode, negated: boolean, spec: ListSpec): Where {
  if (field.kind === "json") return compileJson(field, node, negated, spec);
  const column = field.column;
  if (node.kind === "exists" && field.kind === "tags") return negated ? { [column]: { isEmpty: true } } : { [column]: { isEmpty: false } };
  if (node.kind === "exists") {
    // Prisma rejects null checks on required columns, and there the answer is known anyway.
    if (!field.nullable) return negated ? { OR: [] } : {};
    return negated ? { [column]: null } : { [column]: { not: null } };
  }
  const condition = node.kind === "compare" ? compareColumn(field, node) : matchColumn(field, node);
  if (!negated) return condition;
  // SQL's NOT over a NULL column is NULL, so without this a missing value would be "neither X nor not X".
  return field.nullable ? { OR: [{ NOT: condition }, { [column]: null }] } : { NOT: condition };
}

// ---------------------------------------------------------------------------------------------------
// Plain columns

function matchColumn(field: ResolvedField, node: MatchNode): Where {
  const column = field.column;
  switch (field.kind) {
    case "string":
      return anyOf(
        node.values.map((value) => ({ [column]: { [textOperator(value.match)]: escapeLike(value.text), mode: "insensitive" } })),
      );
    case "enum": {
      const matching = field.values.filter((candidate) => node.values.some((value) => textMatches(candidate, value)));
      return { [column]: { in: matching } };
    }
    case "uuid":
      return equalsOrIn(
        column,
        node.values.map((value) => {
          const text = exactText(field, value, node.position);
          if (!isUuid(text))
            throw invalidQuery(`'${field.name}' expects a UUID such as 123e4567-e89b-12d3-a456-426614174000; got '${text}'`, node.position);
          return text.toLowerCase();
        }),
      );
    case "integer":
    case "number":
      return equalsOrIn(
        column,
        node.values.map((value) => parseNumber(field, exactText(field, value, node.position), node.position)),
      );
    case "boolean": {
      const wanted = [...new Set(node.values.map((value) => parseBoolean(field, exactText(field, value, node.position), node.position)))];
      return anyOf(wanted.map((flag) => ({ [column]: { equals: flag } })));
    }
    case "datetime":
    case "date":
      return anyOf(
        node.values.map((value) => {
          const parsed = parseDate(field, exactText(field, value, node.position), node.position);
          // A bare day means the whole day, so `createdAt:2026-01-05` finds rows created at any time that day.
          if (parsed.dayOnly) return { [column]: { gte: parsed.instant, lt: new Date(parsed.instant.getTime() + DAY_MS) } };
          return { [column]: { equals: parsed.instant } };
        }),
      );
    case "tags":
      return { [column]: { hasSome: tagsMatching(field, node) } };
    case "json":
      throw new Error("json fields are compiled by compileJson");
  }
}

/**
 * The array values a tags condition looks for. With declared values it matches like an enum
 * (`role:admin` finds county_admin and state_admin); without, values are compared exactly, since
 * Prisma offers no contains-match inside an array.
 */
function tagsMatching(field: ResolvedField, node: MatchNode): string[] {
  if (field.values.length) return field.values.filter((candidate) => node.values.some((value) => textMatches(candidate, value)));
  return node.values.map((value) => exactText(field, value, node.position));
}

function compareColumn(field: ResolvedField, node: CompareNode): Where {
  const column = field.column;
  switch (field.kind) {
    case "string":
      return { [column]: { [node.operator]: node.value } };
    case "integer":
    case "number":
      return { [column]: { [node.operator]: parseNumber(field, node.value, node.position) } };
    case "datetime":
    case "date":
      return { [column]: { [node.operator]: parseDate(field, node.value, node.position).instant } };
    case "enum":
    case "uuid":
    case "boolean":
    case "tags":
      throw invalidQuery(
        `'${field.name}' cannot be compared with ${OPERATOR_TEXT[node.operator]}; use '${field.name}:value' or '${field.name}:v1,v2'`,
        node.position,
      );
    case "json":
      throw new Error("json fields are compiled by compileJson");
  }
}

const equalsOrIn = (column: string, values: unknown[]): Where =>
  values.length === 1 ? { [column]: { equals: values[0] } } : { [column]: { in: values } };

// ---------------------------------------------------------------------------------------------------
// JSON paths
//
// Prisma's JSON string filters and comparisons only match values of one JSON type (it adds
// `jsonb_typeof(...) = 'string'` / `'number'`), and under NOT it keeps that type guard: NOT string_contains
// means "a string that does not contain". A missing path makes every filter NULL, which NOT cannot turn
// true. So a negation is built as the complement within each scalar type plus "missing or JSON null"
// (`equals: AnyNull`, the one filter that compiles to IS NULL). Objects and arrays at the path are
// matched by no value condition and kept by no negation.

type JsonType = "string" | "number" | "boolean";
type JsonBranches = Record<JsonType, Where[]>;

function compileJson(field: ResolvedField, node: FieldNode, negated: boolean, spec: ListSpec): Where {
  const at = (filter: Where): Where => ({ [field.column]: { path: [...field.path], ...filter } });

  if (node.kind === "exists") {
    const missing = at({ equals: anyNullOf(spec) });
    return negated ? missing : { NOT: missing };
  }

  const branches: JsonBranches = { string: [], number: [], boolean: [] };
  if (node.kind === "compare") {
    const number = toNumber(node.value);
    if (number === undefined) branches.string.push(at({ [node.operator]: node.value }));
    else branches.number.push(at({ [node.operator]: number }));
  } else {
    for (const value of node.values) {
      branches.string.push(at({ [jsonTextOperator(value.match)]: escapeLike(value.text), mode: "insensitive" }));
      // An unadorned value may also be a JSON number or boolean (`age:30`, `isHomeless:true`).
      if (value.match !== "plain") continue;
      const number = toNumber(value.text);
      if (number !== undefined) branches.number.push(at({ equals: number }));
      const flag = BOOLEAN_TEXT[value.text.toLowerCase()];
      if (flag !== undefined) branches.boolean.push(at({ equals: flag }));
    }
  }

  if (!negated) return anyOf([...branches.string, ...branches.number, ...branches.boolean]);

  const anyOfType: Record<JsonType, Where> = {
    string: at({ string_contains: "" }),
    number: { OR: [at({ lt: 0 }), at({ gte: 0 })] },
    boolean: { OR: [at({ equals: true }), at({ equals: false })] },
  };
  const complement = (type: JsonType): Where =>
    branches[type].length ? { AND: [anyOfType[type], { NOT: anyOf(branches[type]) }] } : anyOfType[type];
  return { OR: [complement("string"), complement("number"), complement("boolean"), at({ equals: anyNullOf(spec) })] };
}

function anyNullOf(spec: ListSpec): unknown {
  if (spec.anyNull === undefined) {
    throw new Error(`list spec '${spec.resource}' filters JSON paths but has no anyNull; set anyNull: Prisma.AnyNull (from @pap/db)`);
  }
  return spec.anyNull;
}

const jsonTextOperator = (match: ValueMatch) =>
  match === "startsWith" ? "string_starts_with" : match === "endsWith" ? "string_ends_with" : "string_contains";

// ---------------------------------------------------------------------------------------------------
// Values

const textOperator = (match: ValueMatch) => (match === "plain" ? "contains" : match);

function textMatches(candidate: string, value: QueryValue): boolean {
  const haystack = candidate.toLowerCase();
  const needle = value.text.toLowerCase();
  if (value.match === "startsWith") return haystack.startsWith(needle);
  if (value.match === "endsWith") return haystack.endsWith(needle);
  return haystack.includes(needle);
}

/** Prisma passes contains/startsWith/endsWith to LIKE unescaped, so `%` and `_` would act as wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

function exactText(field: ResolvedField, value: QueryValue, position: number): string {
  if (value.match !== "plain") throw invalidQuery(`'${field.name}' matches exact values only; wildcards are not supported`, position);
  return value.text;
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const BOOLEAN_TEXT: Record<string, boolean | undefined> = { true: true, false: false };
const OPERATOR_TEXT: Record<ComparisonOperator, string> = { gt: ">", gte: ">=", lt: "<", lte: "<=" };

function toNumber(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

function parseNumber(field: ResolvedField, text: string, position: number): number {
  if (field.kind === "integer") {
    const number = INTEGER.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(number)) throw invalidQuery(`'${field.name}' expects an integer; got '${text}'`, position);
    return number;
  }
  const number = toNumber(text);
  if (number === undefined) throw invalidQuery(`'${field.name}' expects a number; got '${text}'`, position);
  return number;
}

function parseBoolean(field: ResolvedField, text: string, position: number): boolean {
  const flag = BOOLEAN_TEXT[text.toLowerCase()];
  if (flag === undefined) throw invalidQuery(`'${field.name}' expects true or false; got '${text}'`, position);
  return flag;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * ISO 8601 dates and date-times, checked strictly (JavaScript's Date would roll 2026-02-30 over to March).
 * A date-time without an offset is read as UTC so results do not depend on the server's time zone.
 */
export function parseDate(field: Pick<ResolvedField, "name">, text: string, position: number): { instant: Date; dayOnly: boolean } {
  const fail = () =>
    invalidQuery(`'${field.name}' expects an ISO 8601 date (2026-01-05) or date-time (2026-01-05T10:00:00Z); got '${text}'`, position);
  const day = DATE_ONLY.exec(text);
  const time = day ? undefined : DATE_TIME.exec(text);
  const parts = day ?? time;
  if (!parts) throw fail();
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const midnight = new Date(Date.UTC(year, month - 1, date));
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== date) throw fail();
  if (day) return { instant: midnight, dayOnly: true };

  const [hour, minute, second] = [Number(parts[4]), Number(parts[5]), Number(parts[6] ?? "0")];
  if (hour > 23 || minute > 59 || second > 59) throw fail();
  const fraction = parts[7] ? `.${parts[7].slice(0, 3).padEnd(3, "0")}` : "";
  const zone = parts[8];
  const offset = !zone || zone === "Z" || zone === "z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  if (offset !== "Z" && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4, 6)) > 59)) throw fail();
  const iso = `${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6] ?? "00"}${fraction}${offset}`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw fail();
  return { instant, dayOnly: false };
}
