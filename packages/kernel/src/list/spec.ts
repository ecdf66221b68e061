/**
 * How one list operation's resource is filtered and sorted. Each subgraph declares one of these per
 * list; the query language, sort parser and pager read nothing else, so every list behaves the same.
 */
export type FieldKind = "string" | "enum" | "uuid" | "datetime" | "date" | "integer" | "number" | "boolean" | "json" | "tags";

/**
 * Kind "tags" is a string-array column (a user's roles, their counties): `field:v` matches rows whose
 * array holds a value matching v, `field:v1,v2` any of them, `field:*` a non-empty array.
 */
export type FieldDef = {
  kind: FieldKind;
  /** Prisma field holding the value; defaults to the public name (must be given for dotted names). */
  column?: string;
  /** For kind "json": the path inside the JSON column. */
  path?: readonly string[];
  /** For kind "enum": the allowed values; for kind "tags", the values the array may hold (optional). */
  values?: readonly string[];
  /** The column may hold NULL (negations then keep NULL rows, since "not X" is true of a missing value). */
  nullable?: boolean;
  /** The value lives on related rows (e.g. case members); `many` relations match when any row matches. */
  relation?: { name: string; many: boolean };
  /** Prisma fields to order by when sorting on this field, when they differ from `column`. */
  sortBy?: readonly string[];
  /**
   * For kind "string": the column also has a substring index (`SubstringIndexed` in where-sql.ts), which
   * finds a long contains, starts-with or ends-with in time that does not grow with the table. A
   * migration creates it as `<table>_<column>_pieces_by_hand`; test/lists/indexes.test.ts holds each
   * declared one to existing and being chosen.
   */
  substringIndex?: boolean;
};

/** The columns of a list's fields that have a substring index. */
export const substringIndexedColumns = (spec: ListSpec): ReadonlySet<string> =>
  new Set(
    Object.entries(spec.fields)
      .filter(([, field]) => field.substringIndex)
      .map(([name, field]) => field.column ?? name),
  );

export type ListSpec = {
  /** Human name of the listed resource, used in messages ("cases"). */
  resource: string;
  /** Public field names (dot notation for nested ones) → where their values live. */
  fields: Record<string, FieldDef>;
  /**
   * Free-form resources: any field name not declared above is a path inside this JSON column
   * (`name.lastName` → attributes #> '{name,lastName}').
   */
  freeForm?: { column: string };
  /**
   * Fields the resource has that lists neither filter nor sort by (a JSON payload, a string array):
   * named here so that sorting by one is FIELD_NOT_SORTABLE, not INVALID_SORT_FIELD.
   */
  unfilterable?: readonly string[];
  /** Fields a bare term (no `field:`) searches; a row matches when any of them matches. */
  fullText: readonly string[];
  /** Field names accepted by `sort`. */
  sortable: readonly string[];
  /** Sort applied without `sort`, in the same syntax ("-updatedAt", "priority,-createdAt"). */
  defaultSort: string;
  /** Appended ascending to every sort so pages are stable; defaults to "id". */
  tieBreaker?: string;
  /**
   * `Prisma.AnyNull` from @pap/db; required when the spec has json fields or `freeForm`. It is the only
   * filter Prisma compiles to `IS NULL` on a JSON path, which "field absent" and the negations need to
   * keep rows where the path is missing; the kernel cannot import the generated client to get it.
   */
  anyNull?: unknown;
};

/** The list arguments every list operation takes, already typed (GraphQL) or parsed (REST). */
export type ListArgs = { q?: string | null; sort?: string | null; limit?: number | null; offset?: number | null };

export type Page = { limit: number; offset: number };

export type ListEnvelope<T> = { items: T[]; total: number; limit: number; offset: number; hasNext: boolean };

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
export const MAX_SORT_FIELDS = 5;
