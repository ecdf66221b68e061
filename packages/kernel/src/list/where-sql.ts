import type { RowReader } from "@pap/db";
import type { PageFetch, PageQuery } from "./list-query";
import { substringIndexedColumns, type ListSpec } from "./spec";
import type { Where } from "./where-compiler";

/**
 * The list compiler's `where` and `orderBy` (Prisma's shapes) as SQL for the driver, for the forms
 * that are plain column conditions: AND, OR, NOT, equality, `in`, comparisons, NULL checks and the
 * case-insensitive LIKE of contains / starts-with / ends-with. Anything else the compiler can emit
 * (a JSON path, a relation, an array column) answers `undefined`, and the caller runs the list
 * through Prisma as before. The SQL is what Prisma's own is for these forms, so both answer alike
 * (`test/list.driver.test.ts` compares them query by query).
 */

/** The columns a statement may name: a table's plain scalar columns, under their own names. */
export type PlainColumns = ReadonlySet<string>;

/**
 * Columns with a substring index beside their trigram one (`FieldDef.substringIndex`): a GIN index over
 * the lowercased value's pieces of `SUBSTRING_PIECE_LENGTH` characters, `text_pieces(lower(column))`,
 * and a B-tree over `length(lower(column))` for the values too long to be cut (migration
 * `20261130043000_person_email_substrings`). A trigram index finds a long value by its rarest trigram
 * and checks every row holding it, and at a million e-mail addresses even the rarest trigram of one is
 * held by thousands (17 ms for one address, against 0.5 at 10,000); a twelve-character piece is held
 * by a handful at either size.
 */
export type SubstringIndexed = ReadonlySet<string>;

/** The pieces' length, and the longest value cut into pieces, as the migration's `text_pieces` has them. */
const SUBSTRING_PIECE_LENGTH = 12;
const LONGEST_PIECED_VALUE = 256;

const noSubstringIndexes: SubstringIndexed = new Set();

/** Each list's substring-indexed columns, worked out once per declaration. */
const substringIndexesBySpec = new WeakMap<ListSpec, SubstringIndexed>();
const substringIndexesOf = (spec: ListSpec): SubstringIndexed => {
  let columns = substringIndexesBySpec.get(spec);
  if (!columns) substringIndexesBySpec.set(spec, (columns = substringIndexedColumns(spec)));
  return columns;
};

type Params = unknown[];

const UNSUPPORTED = Symbol("unsupported");
type Compiled = string | typeof UNSUPPORTED;

const quoted = (column: string) => `"${column}"`;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function parameter(params: Params, value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

const COMPARISONS: Record<string, string> = { gt: ">", gte: ">=", lt: "<", lte: "<=" };

/** Prisma's patterns for its text filters, the value escaped by the compiler (`escapeLike`). */
const PATTERNS: Record<string, (at: string) => string> = {
  contains: (at) => `('%' || ${at} || '%')`,
  startsWith: (at) => `(${at} || '%')`,
  endsWith: (at) => `('%' || ${at})`,
};

/** The text a LIKE pattern's value stands for (the compiler's `escapeLike` undone). */
const unescapedLike = (value: string) => value.replace(/\\(.)/gs, "$1");

/**
 * A contains / starts-with / ends-with on a substring-indexed column, when the value is long enough to
 * hold a piece: the LIKE is the match itself, and a row matching it either holds every piece of the
 * value's cover (pieces end to end, the last flush with its end), which the pieces' index is asked, or
 * is too long to have been cut, which the length index is asked. The LIKE is written over
 * `column || ''` so that the planner cannot AND the column's trigram index in as well, which would
 * bring back the cost the pieces avoid.
 */
function substringCondition(column: string, like: string, pattern: string, value: string, params: Params): string | undefined {
  const text = unescapedLike(value);
  if ([...text].length < SUBSTRING_PIECE_LENGTH) return undefined;
  const at = quoted(column);
  const pieces = `text_pieces(lower(${at})) @> text_piece_cover(lower(${parameter(params, text)}))`;
  return `((${at} || '') ${like} ${pattern} AND (${pieces} OR length(lower(${at})) > ${LONGEST_PIECED_VALUE}))`;
}

function columnCondition(column: string, filter: unknown, params: Params, substrings: boolean): Compiled {
  const at = quoted(column);
  if (filter === null) return `${at} IS NULL`;
  if (typeof filter !== "object" || filter instanceof Date) return `${at} = ${parameter(params, filter)}`;
  if (Array.isArray(filter)) return UNSUPPORTED;
  const options = filter as Record<string, unknown>;
  const like = options.mode === "insensitive" ? "ILIKE" : "LIKE";
  const parts: string[] = [];
  for (const [operator, value] of Object.entries(options)) {
    if (operator === "mode") continue;
    if (operator === "equals") parts.push(value === null ? `${at} IS NULL` : `${at} = ${parameter(params, value)}`);
    else if (operator === "not" && value === null) parts.push(`${at} IS NOT NULL`);
    else if (operator === "in" && Array.isArray(value)) parts.push(value.length ? `${at} = ANY(${parameter(params, value)})` : "FALSE");
    else if (PATTERNS[operator] && typeof value === "string") {
      const pattern = PATTERNS[operator](parameter(params, value));
      parts.push((substrings && substringCondition(column, like, pattern, value, params)) || `${at} ${like} ${pattern}`);
    } else if (COMPARISONS[operator] && value !== null && value !== undefined)
      parts.push(`${at} ${COMPARISONS[operator]} ${parameter(params, value)}`);
    else return UNSUPPORTED;
  }
  return joined(parts, "AND", "TRUE");
}

const joined = (parts: readonly string[], operator: "AND" | "OR", empty: string) =>
  parts.length === 0 ? empty : parts.length === 1 ? parts[0]! : `(${parts.join(` ${operator} `)})`;

function condition(where: Where, columns: PlainColumns, params: Params, substrings: SubstringIndexed): Compiled {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === "AND" || key === "OR" || key === "NOT") {
      const inner: string[] = [];
      for (const item of listOf(value)) {
        const compiled = condition(item as Where, columns, params, substrings);
        if (compiled === UNSUPPORTED) return UNSUPPORTED;
        inner.push(compiled);
      }
      // Prisma's AND of nothing is true and OR of nothing false; NOT of several is none of them.
      if (key === "AND") parts.push(joined(inner, "AND", "TRUE"));
      else if (key === "OR") parts.push(joined(inner, "OR", "FALSE"));
      else
        parts.push(
          joined(
            inner.map((part) => `NOT ${part}`),
            "AND",
            "TRUE",
          ),
        );
      continue;
    }
    if (!columns.has(key)) return UNSUPPORTED;
    const compiled = columnCondition(key, value, params, substrings.has(key));
    if (compiled === UNSUPPORTED) return UNSUPPORTED;
    parts.push(compiled);
  }
  return joined(parts, "AND", "TRUE");
}

/** `ORDER BY` for entries of one column each (`{ column: "asc" }` or `{ column: { sort, nulls } }`); a relation's answers undefined. */
function orderBy(entries: PageQuery["orderBy"], columns: PlainColumns): string | undefined {
  const terms: string[] = [];
  for (const entry of entries) {
    const pairs = Object.entries(entry);
    if (pairs.length !== 1) return undefined;
    const [column, order] = pairs[0]!;
    if (!columns.has(column)) return undefined;
    if (order === "asc" || order === "desc") terms.push(`${quoted(column)} ${order.toUpperCase()}`);
    else if (order && typeof order === "object" && ["asc", "desc"].includes((order as { sort?: string }).sort ?? "")) {
      const { sort, nulls } = order as { sort: string; nulls?: string };
      terms.push(`${quoted(column)} ${sort.toUpperCase()}${nulls === "first" || nulls === "last" ? ` NULLS ${nulls.toUpperCase()}` : ""}`);
    } else return undefined;
  }
  return terms.length ? terms.join(", ") : undefined;
}

export type SqlStatement = { text: string; params: unknown[] };

/** The page's statement and the count's, over `table`, or undefined when the query holds a form only Prisma runs. */
export function pageStatements(
  table: string,
  query: PageQuery,
  columns: PlainColumns,
  substrings: SubstringIndexed = noSubstringIndexes,
): { items: SqlStatement; count(): SqlStatement } | undefined {
  const params: Params = [];
  const where = condition(query.where, columns, params, substrings);
  const order = orderBy(query.orderBy, columns);
  if (where === UNSUPPORTED || order === undefined) return undefined;
  const from = `FROM ${quoted(table)} WHERE ${where}`;
  const paging = params.length;
  return {
    items: {
      text: `SELECT * ${from} ORDER BY ${order} LIMIT $${paging + 1} OFFSET $${paging + 2}`,
      params: [...params, query.take, query.skip],
    },
    count: () => ({ text: `SELECT count(*)::int AS count ${from}`, params }),
  };
}

/**
 * A list's `findPage` calls: through the driver (`RowReader`) when its query is plain column
 * conditions, through `prisma` (its model's delegate) otherwise. `scope` is what the caller may see,
 * ANDed to the query's own conditions either way. Rows come back with the columns' own names: only
 * for tables whose columns the driver returns as Prisma does (see `createRowByIdLoader`). Columns the
 * list's declaration gives a substring index (`FieldDef.substringIndex`) are looked up through it.
 */
export function listThroughDriver<T>(
  read: RowReader,
  table: string,
  columns: PlainColumns,
  scope: Where,
  prisma: PageFetch<T>,
): PageFetch<T> {
  const scoped = (where: Where): Where => ({ AND: [where, scope] });
  let counted: (() => SqlStatement) | undefined;
  return {
    async items(query, spec) {
      const page = { where: scoped(query.where), orderBy: query.orderBy, skip: query.skip, take: query.take };
      const statements = pageStatements(table, page, columns, substringIndexesOf(spec));
      counted = statements?.count;
      return statements ? read<T>(statements.items.text, statements.items.params) : prisma.items(page, spec);
    },
    async total(where) {
      if (!counted) return prisma.total(scoped(where));
      const { text, params } = counted();
      const [row] = await read<{ count: number }>(text, params);
      return row?.count ?? 0;
    },
  };
}
