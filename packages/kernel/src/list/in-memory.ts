import { declaredField } from "./fields";
import { listEnvelope, resolvePaging } from "./paging";
import { parseQuery } from "./query-parser";
import { parseSort, toOrderBy, type SortTerm } from "./sort";
import type { FieldDef, ListArgs, ListEnvelope, ListSpec } from "./spec";
import { compileWhere, parseDate, type Where } from "./where-compiler";

type Row = Record<string, unknown>;

/**
 * `findPage` for lists computed in the process (a handful of metrics) rather than read from a table:
 * the same `q`, `sort` and paging, applied to `rows`. Values are read by public field name (dots walk
 * nested objects); `column`, `relation` and `sortBy` are ignored. Invalid arguments throw the same
 * ApiErrors as the SQL path, because `q` goes through the same compiler: the Prisma `where` it
 * produces is then evaluated here, so the two paths cannot drift apart in what they accept or match.
 */
export function findPageInMemory<T extends Record<string, unknown>>(spec: ListSpec, args: ListArgs, rows: readonly T[]): ListEnvelope<T> {
  const local = inMemorySpec(spec);
  // Same order as buildListQuery, so a request with several mistakes is refused for the same one.
  const where = compileWhere(parseQuery(args.q ?? ""), local);
  const terms = parseSort(args.sort, spec);
  toOrderBy(terms, spec); // refuses the same misdeclared sorts (tags, to-many) the SQL path does
  const page = resolvePaging(args);

  const matching = rows.filter((row) => holds(where, row, local));
  const sorted = [...matching].sort((a, b) => compareRows(a, b, terms, spec));
  return listEnvelope(sorted.slice(page.offset, page.offset + page.limit), matching.length, page);
}

/**
 * The spec the compiler sees: every field keyed by its public name (so the `where` names what the rows
 * hold) and nullable. In SQL a non-nullable column holds no NULLs; in memory any value may be missing,
 * and a nullable field gets explicit IS NULL branches in exists and negations, so missing values behave
 * as the docs promise (a negation keeps them) and two-valued logic below gives SQL's three-valued answers.
 */
function inMemorySpec(spec: ListSpec): ListSpec {
  const usesJson = spec.freeForm !== undefined || Object.values(spec.fields).some((def) => def.kind === "json");
  if (usesJson) throw new Error(`list spec '${spec.resource}': json fields and freeForm are not supported in memory`);
  const fields = Object.fromEntries(
    Object.entries(spec.fields).map(([name, def]): [string, FieldDef] => [
      name,
      { kind: def.kind, nullable: true, ...(def.values ? { values: def.values } : {}) },
    ]),
  );
  return { ...spec, fields };
}

/** Evaluates the subset of Prisma's `where` that compileWhere emits for plain (non-JSON) fields. */
function holds(where: Where, row: Row, spec: ListSpec): boolean {
  return Object.entries(where).every(([key, condition]) => {
    // Prisma's AND of nothing is true and OR of nothing false; every/some agree.
    if (key === "AND") return (condition as Where[]).every((inner) => holds(inner, row, spec));
    if (key === "OR") return (condition as Where[]).some((inner) => holds(inner, row, spec));
    if (key === "NOT") return !holds(condition as Where, row, spec);
    const def = declaredField(spec, key);
    if (!def) throw new Error(`list spec '${spec.resource}': cannot evaluate '${key}' in memory`);
    return fieldHolds(def, valueAt(row, key), condition);
  });
}

function fieldHolds(def: FieldDef, value: unknown, filter: unknown): boolean {
  if (filter === null) return value == null;
  return Object.entries(filter as Record<string, unknown>).every(([operator, operand]) => {
    if (operator === "mode") return true; // read alongside the text operators
    if (operator === "not" && operand === null) return value != null;
    // A missing array has no elements, so it is "absent" for `-tags:*` like an empty one.
    if (operator === "isEmpty") return (Array.isArray(value) ? value.length === 0 : value == null) === operand;
    if (value == null) return false; // SQL: a comparison with NULL is never true
    const insensitive = (filter as Record<string, unknown>).mode === "insensitive";
    switch (operator) {
      case "contains":
      case "startsWith":
      case "endsWith": {
        const fold = (text: string) => (insensitive ? text.toLowerCase() : text);
        // The compiler escaped the text for LIKE; in memory it is matched literally.
        const [haystack, needle] = [fold(String(value)), fold(String(operand).replace(/\\([\\%_])/g, "$1"))];
        return operator === "startsWith"
          ? haystack.startsWith(needle)
          : operator === "endsWith"
            ? haystack.endsWith(needle)
            : haystack.includes(needle);
      }
      case "equals":
        return scalar(def, value) === scalar(def, operand);
      case "in":
        return (operand as unknown[]).some((candidate) => scalar(def, value) === scalar(def, candidate));
      case "hasSome":
        return Array.isArray(value) && value.some((element) => (operand as unknown[]).includes(element));
      case "gt":
        return compareValues(def, value, operand) > 0;
      case "gte":
        return compareValues(def, value, operand) >= 0;
      case "lt":
        return compareValues(def, value, operand) < 0;
      case "lte":
        return compareValues(def, value, operand) <= 0;
      default:
        // Fail loudly if the compiler learns an operator this evaluator does not, rather than mismatch.
        throw new Error(`list filter '${operator}' is not supported in memory`);
    }
  });
}

function valueAt(row: Row, name: string): unknown {
  return name
    .split(".")
    .reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Row)[key] : undefined), row);
}

/** The value as SQL compares it: instants by time (rows may hold Dates or ISO strings), uuids without case. */
function scalar(def: FieldDef | undefined, value: unknown): unknown {
  if (def?.kind === "datetime" || def?.kind === "date")
    return value instanceof Date ? value.getTime() : typeof value === "string" ? instantOf(value) : value;
  if (def?.kind === "uuid" && typeof value === "string") return value.toLowerCase();
  return value;
}

function instantOf(text: string): number {
  try {
    // The query's own date reader, so an offset-less date-time is UTC here as it is in `q`.
    return parseDate({ name: "" }, text, 0).instant.getTime();
  } catch {
    throw new Error(`in-memory list value '${text}' is not an ISO 8601 date or date-time`);
  }
}

// Postgres orders text by the database collation (en_US: linguistic, case mostly ignored), not by code
// point; ICU's English collation is the nearest JavaScript has.
const collator = new Intl.Collator("en");

function compareValues(def: FieldDef | undefined, a: unknown, b: unknown): number {
  // Postgres orders enums by declaration, which the spec's values are expected to follow.
  if (def?.kind === "enum" && def.values) {
    const [rankA, rankB] = [def.values.indexOf(a as string), def.values.indexOf(b as string)];
    if (rankA >= 0 && rankB >= 0) return rankA - rankB;
  }
  const [x, y] = [scalar(def, a), scalar(def, b)];
  if (typeof x === "string" && typeof y === "string" && def?.kind !== "uuid") return collator.compare(x, y);
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}

/** NULLs sort as larger than any value, Postgres's default: last ascending, first descending. */
function compareRows(a: Row, b: Row, terms: readonly SortTerm[], spec: ListSpec): number {
  for (const term of terms) {
    const [x, y] = [valueAt(a, term.field), valueAt(b, term.field)];
    const sign = term.direction === "asc" ? 1 : -1;
    if (x == null || y == null) {
      if (x == null && y == null) continue;
      return (x == null ? 1 : -1) * sign;
    }
    const order = compareValues(declaredField(spec, term.field), x, y);
    if (order !== 0) return order * sign;
  }
  return 0;
}
