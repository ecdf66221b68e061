import { fieldNotSortable, invalidSortField } from "@pap/core";
import { declaredField, FIELD_NAME_PATTERN, lookupField, tieBreakerOf } from "./fields";
import { MAX_SORT_FIELDS, type ListSpec } from "./spec";

export type SortDirection = "asc" | "desc";
export type SortTerm = { field: string; direction: SortDirection };

/**
 * Parses `sort` ("-updatedAt,name"), falling back to the list's default sort, and appends the
 * tie-breaker ascending unless the caller already sorts on it, so paging is stable.
 */
export function parseSort(sort: string | null | undefined, spec: ListSpec): SortTerm[] {
  const text = sort?.trim() ? sort : spec.defaultSort;
  const parts = text.trim() === "" ? [] : text.split(",").map((part) => part.trim());

  if (parts.length > MAX_SORT_FIELDS) {
    const excess = parts[MAX_SORT_FIELDS] ?? "";
    throw invalidSortField(excess.replace(/^-/, ""), `sort accepts at most ${MAX_SORT_FIELDS} fields; got ${parts.length}`);
  }

  const terms: SortTerm[] = [];
  for (const part of parts) {
    if (part === "") throw invalidSortField("", "empty sort field; check for a stray comma");
    const descending = part.startsWith("-");
    const field = descending ? part.slice(1) : part;
    if (!FIELD_NAME_PATTERN.test(field)) {
      throw invalidSortField(
        field,
        `'${part}' is not a field name; use names like 'createdAt' or 'name.lastName', '-' first for descending`,
      );
    }
    if (terms.some((term) => term.field === field)) throw invalidSortField(field, `'${field}' appears more than once in sort`);
    if (!spec.sortable.includes(field)) {
      if (existsOnResource(spec, field)) throw fieldNotSortable(field, spec.sortable);
      throw invalidSortField(field, `'${field}' is not a field of ${spec.resource}`);
    }
    terms.push({ field, direction: descending ? "desc" : "asc" });
  }

  const tieBreaker = tieBreakerOf(spec);
  if (!terms.some((term) => term.field === tieBreaker)) terms.push({ field: tieBreaker, direction: "asc" });
  return terms;
}

// The tie-breaker (`id`) is on every resource even when no filter declares it.
const existsOnResource = (spec: ListSpec, field: string) =>
  field === tieBreakerOf(spec) || spec.unfilterable?.includes(field) === true || lookupField(spec, field) !== undefined;

/**
 * Turns sort terms into Prisma `orderBy`, one entry per Prisma field. Nullable fields state where NULLs
 * go (asc → last, desc → first) because Prisma only accepts `nulls` on optional fields.
 */
export function toOrderBy(terms: readonly SortTerm[], spec: ListSpec): Array<Record<string, unknown>> {
  return terms.flatMap((term) => orderByFor(term, spec));
}

function orderByFor(term: SortTerm, spec: ListSpec): Array<Record<string, unknown>> {
  const def = declaredField(spec, term.field);
  if (!def) {
    if (term.field === tieBreakerOf(spec)) return [nested(term.field, term.direction)];
    throw new Error(`list spec '${spec.resource}': cannot order by undeclared field '${term.field}'`);
  }
  if (def.kind === "json" || def.kind === "tags")
    throw new Error(
      `list spec '${spec.resource}': '${term.field}' is a ${def.kind === "json" ? "JSON path" : "string array"}, which Prisma cannot order by`,
    );
  if (def.relation?.many)
    throw new Error(`list spec '${spec.resource}': '${term.field}' lives on a to-many relation, which cannot be ordered by`);

  const sort: unknown = def.nullable ? { sort: term.direction, nulls: term.direction === "asc" ? "last" : "first" } : term.direction;
  const columns = def.sortBy ?? [def.column ?? term.field];
  return columns.map((column) => {
    const order = nested(column, sort);
    return def.relation ? { [def.relation.name]: order } : order;
  });
}

/** `owner.name` → `{ owner: { name: sort } }`, Prisma's shape for ordering through to-one relations. */
function nested(path: string, sort: unknown): Record<string, unknown> {
  return path.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), sort) as Record<string, unknown>;
}
