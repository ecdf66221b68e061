/**
 * Cross-resource search (SPEC §4.1 `/search`, resources.md §10): the kinds of record it spans, in the
 * order its facets list them.
 */
export const searchTypes = ["person", "case", "application", "task", "appointment"] as const;
export type SearchType = (typeof searchTypes)[number];

export const isSearchType = (value: string): value is SearchType => (searchTypes as readonly string[]).includes(value);

/**
 * A stored column as search reads it: text as it is (enums and ids too), a list of values joined, an
 * instant as its UTC date. Columns come from the declaring domain's code, never from a request.
 */
export type SearchColumn = { column: string; as?: "text" | "list" | "date" };

/** One attribute a result shows (SearchResult.attributes): `field` as the resource names it. */
export type SearchAttribute = SearchColumn & { field: string; label: string };

/**
 * How one domain's records appear in search, declared once as data beside the resource
 * (`contract/search.ts`); the events package keeps the documents current from it, the platform's
 * search reads and authorizes with it.
 */
export type SearchProjection = {
  type: SearchType;
  /** The table the records live in (its `@@map`); its `id`, `createdAt` and `updatedAt` are the document's. */
  table: string;
  /**
   * The event types (without a deployment's prefix; one ending in `.` names every type it starts
   * with) whose subject is a record of this kind: after each, that record's document is derived again.
   */
  events: readonly string[];
  /** A result's title: these columns' values, joined by `separator` (a space); the id when all are empty. */
  title: { columns: readonly SearchColumn[]; separator?: string };
  /** What a result shows, each searchable too. */
  attributes: readonly SearchAttribute[];
  /** Columns that find the record without being shown. */
  alsoSearched?: readonly SearchColumn[];
  /** The record's REST path, `{id}` standing for its id. */
  path: string;
  /**
   * Who sees these records in search: holders of the resource list's own read permission; and, where
   * the resource has one, holders of its own-records permission, for records whose `owner` column is
   * the caller's (`principal`: the token's person id, or the caller's user account's id).
   */
  read: { permission: string; own?: { permission: string; owner: string; principal: "personId" | "account" } };
  /** The column holding the record's county (county scoping): a caller confined to counties finds only those counties' records. */
  county?: string;
};

/** Declares one kind of record's search projection (typed; the data is used as given). */
export const defineSearchProjection = (projection: SearchProjection): SearchProjection => projection;
