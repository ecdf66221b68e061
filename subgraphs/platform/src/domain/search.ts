import { badRequest, isUuid } from "@pap/core";
import { resolvePaging, type Page } from "@pap/kernel/list";
import { searchTypes, type SearchProjection, type SearchType } from "@pap/kernel/search";
import {
  agreementOf,
  permissionsHeldBy,
  type CallerAccount,
  type CountyReach,
  type PermissionTable,
  type Principal,
} from "@pap/kernel/auth";
import type { RowReader } from "@pap/db";

/** One kind of record search spans, with the permission table of the domain that owns it. */
export type Searchable = { projection: SearchProjection; permissions: PermissionTable };

export type SearchRequest = { q?: string | null; types?: readonly string[] | null; limit?: number | null; offset?: number | null };

export type SearchAttributeValue = { field: string; label: string; value: string; type: string };

export type SearchHit = {
  id: string;
  type: SearchType;
  title: string;
  /** The record's REST path; the transport makes it absolute. */
  path: string;
  /** Relevance in (0, 1] when the search has words; none without (results are then newest first). */
  score: number | null;
  attributes: SearchAttributeValue[];
  createdAt: Date;
  updatedAt: Date;
};

export type SearchResults = Page & { items: SearchHit[]; total: number; hasNext: boolean; facets: { type: SearchType; count: number }[] };

/** Longer text is no longer a search for something: refused rather than matched against every document. */
export const MAX_QUERY_LENGTH = 200;

/** The caller's user account, looked up only when a kind's own records belong to accounts (intake's applications). */
export type AccountOf = () => Promise<CallerAccount | null>;

/** Which records of one kind a caller may find: all of them, those whose owner is the given id, or those of the given counties. */
type Visibility = { type: SearchType; owner?: string; counties?: readonly string[] };

/**
 * What the caller may find, kind by kind, by the same permission the kind's own list asks for: a kind
 * it may not read is left out (not refused), and a reader of its own records only sees those. A
 * partner finds nothing: its agreement covers programs, which the index does not hold, and finding a
 * name across programs is what the agreement withholds (docs/partner-scoping.md).
 */
export async function visibleKinds(
  principal: Principal,
  searchables: readonly Searchable[],
  wanted: ReadonlySet<SearchType>,
  account: AccountOf,
  reach: CountyReach = undefined,
): Promise<Visibility[]> {
  const visible: Visibility[] = [];
  if (agreementOf(principal)) return visible;
  for (const type of searchTypes) {
    const searchable = searchables.find((candidate) => candidate.projection.type === type);
    if (!searchable || !wanted.has(type)) continue;
    const held = permissionsHeldBy(principal, searchable.permissions);
    const { read } = searchable.projection;
    if (held.has(read.permission)) {
      // A confined caller finds a kind's records by their county; a kind the index holds no county for
      // (persons, who belong to several) is left out for them rather than shown whole.
      if (!reach) visible.push({ type });
      else if (searchable.projection.county) visible.push({ type, counties: reach });
    } else if (read.own && held.has(read.own.permission)) {
      const owner = read.own.principal === "personId" ? principal.personId : (await account())?.id;
      if (owner && isUuid(owner)) visible.push({ type, owner: owner.toLowerCase() });
    }
  }
  return visible;
}

/** The kinds asked for: unknown names are ignored, and asking for none that exist is asking for all. */
export function wantedTypes(types: readonly string[] | null | undefined): Set<SearchType> {
  const known = (types ?? [])
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter((value): value is SearchType => (searchTypes as readonly string[]).includes(value));
  return new Set(known.length ? known : searchTypes);
}

function queryText(q: string | null | undefined): string | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (text.length > MAX_QUERY_LENGTH)
    throw badRequest("Invalid search parameters.", [{ field: "q", message: `must be at most ${MAX_QUERY_LENGTH} characters` }]);
  return text;
}

/**
 * The visibility clause for one shape of caller (every kind; whole kinds only; whole kinds and some
 * kinds limited to the caller's own records), its values as parameters from `first` on. The statement
 * text depends only on the shape, so each shape is one prepared statement whatever the caller.
 *
 * `indexed: false` words the same clause so that no index can answer it, for searches with words: their
 * matches come from the full-text or trigram index and are few, and a plan that ANDs them with the
 * kinds' or owners' index (100,000 entries for `person`) cost 18 ms instead of 0.3. Worded so, the plan
 * for given values is never estimated cheaper than the generic one, so a prepared search settles on
 * the generic plan (no planning) after its first runs.
 */
export function visibility(
  visible: readonly Visibility[],
  everything: boolean,
  first: number,
  indexed: boolean,
): { sql: string; values: unknown[] } {
  if (everything) return { sql: "TRUE", values: [] };
  const whole = visible.filter((kind) => kind.owner === undefined && kind.counties === undefined).map((kind) => kind.type);
  const owned = visible.filter((kind): kind is Visibility & { owner: string } => kind.owner !== undefined);
  const countied = visible.filter((kind): kind is Visibility & { counties: readonly string[] } => kind.counties !== undefined);
  const clauses: string[] = [];
  const values: unknown[] = [];
  const parameter = (value: unknown) => `$${first + values.push(value) - 1}`;
  if (whole.length) {
    const kinds = `${parameter(whole)}::text[]`;
    clauses.push(indexed ? `d.type = ANY(${kinds})` : `array_position(${kinds}, d.type) IS NOT NULL`);
  }
  for (const kind of owned) {
    const type = parameter(kind.type);
    const owner = `${parameter(kind.owner)}::uuid`;
    clauses.push(
      indexed ? `(d.type = ${type} AND d."ownerId" = ${owner})` : `(d.type = ${type} AND d."ownerId" IS NOT DISTINCT FROM ${owner})`,
    );
  }
  for (const kind of countied) {
    const type = parameter(kind.type);
    const counties = `${parameter(kind.counties)}::text[]`;
    clauses.push(
      indexed
        ? `(d.type = ${type} AND d.county = ANY(${counties}))`
        : `(d.type = ${type} AND array_position(${counties}, d.county) IS NOT NULL)`,
    );
  }
  return { sql: `(${clauses.join(" OR ")})`, values };
}

/** A document as a result shows it; instants as milliseconds since the epoch (cheaper to read than text). */
const RESULT_COLUMNS = `type, id::text AS id, title, attributes, (extract(epoch FROM "createdAt") * 1000)::float8 AS "createdAt", (extract(epoch FROM "updatedAt") * 1000)::float8 AS "updatedAt", score`;

/** The order of results: best first, newest first among equals (and without words). */
const ORDER = `score DESC NULLS LAST, "createdAt" DESC, type, id`;

const DOCUMENT = `d.type, d.id, d.title, d.attributes, d."createdAt", d."updatedAt"`;

/**
 * How a query's words may match, from the most precise reading to the most forgiving; a search takes
 * the first that finds anything. Whole words (`ana lopez`), each word as a word's beginning (`ana lop`),
 * both from the full-text index; then, for a typo, titles (names) close to the query by trigram word
 * similarity (pg_trgm's threshold, 0.6: "Kowalsky" finds "Kowalski"), from the titles' trigram index.
 * Trying the precise reading first keeps a common word from costing a pass over the table: whole
 * words let the index skip through its lists, a prefix has to collect every document it begins.
 *
 * All three readings are one statement: a reading runs only when the ones before it found nothing
 * (each later one is guarded by `NOT EXISTS` over the earlier ones, which PostgreSQL evaluates once,
 * before scanning), so a search costs one round trip and, prepared, no planning. Each reading's
 * query is worked out once per search (a sub-select), not once per matching document.
 *
 * Relevance in (0, 1]. A words match: the trigram similarity of query and title (1 when the title is
 * the query), or the full-text cover density rank (normalized to below 1) where that is higher. A
 * typo's match: how close the query is to a stretch of the title. Every match scores above 0.
 * `$1` is the query, `$2`/`$3` the page, the visibility's values follow.
 */
export const matchingStatement = (visible: string) => `
  WITH words AS MATERIALIZED (
    SELECT ${DOCUMENT}, round(greatest(ts_rank_cd(d.terms, (SELECT search_words_query($1)), 32), similarity($1, d.title))::numeric, 4)::float8 AS score
    FROM search_document d WHERE ${visible} AND d.terms @@ (SELECT search_words_query($1))),
  prefixes AS MATERIALIZED (
    SELECT ${DOCUMENT}, round(greatest(ts_rank_cd(d.terms, (SELECT search_prefix_query($1)), 32), similarity($1, d.title))::numeric, 4)::float8 AS score
    FROM search_document d WHERE NOT EXISTS (SELECT FROM words) AND ${visible} AND d.terms @@ (SELECT search_prefix_query($1))),
  near AS MATERIALIZED (
    SELECT ${DOCUMENT}, round(word_similarity($1, d.title)::numeric, 4)::float8 AS score
    FROM search_document d WHERE NOT EXISTS (SELECT FROM words) AND NOT EXISTS (SELECT FROM prefixes) AND ${visible} AND $1 <% d.title),
  m AS (SELECT * FROM words UNION ALL SELECT * FROM prefixes UNION ALL SELECT * FROM near)
  SELECT
    (SELECT coalesce(json_agg(p ORDER BY ${ORDER}), '[]') FROM (SELECT ${RESULT_COLUMNS} FROM m ORDER BY ${ORDER} LIMIT $2 OFFSET $3) p) AS rows,
    (SELECT coalesce(json_agg(f), '[]') FROM (SELECT type, count(*)::int AS count FROM m GROUP BY type) f) AS counts`;

/**
 * Without words: the newest records first (from the creation-time index), and the count of each
 * kind, in one statement. `$1`/`$2` are the page, the visibility's values follow.
 */
export const newestStatement = (visible: string) => `
  SELECT
    (SELECT coalesce(json_agg(p ORDER BY ${ORDER}), '[]') FROM (
      SELECT ${RESULT_COLUMNS} FROM (SELECT ${DOCUMENT}, NULL::float8 AS score FROM search_document d WHERE ${visible}
        ORDER BY d."createdAt" DESC, d.type, d.id::text LIMIT $1 OFFSET $2) newest) p) AS rows,
    (SELECT coalesce(json_agg(f), '[]') FROM (SELECT d.type, count(*)::int AS count FROM search_document d WHERE ${visible} GROUP BY d.type) f) AS counts`;

type Row = {
  type: SearchType;
  id: string;
  title: string;
  attributes: SearchAttributeValue[];
  createdAt: number;
  updatedAt: number;
  score: number | null;
};
type Found = { rows: Row[]; counts: { type: SearchType; count: number }[] };

/**
 * One page of the documents the caller may find, best match first (newest first among equals, and
 * without words), with a count per kind over every match; `total` is their sum. One statement, run
 * through the driver (`Database.read`, prepared on PostgreSQL): search is a hot read.
 */
export async function search(
  read: RowReader,
  principal: Principal,
  searchables: readonly Searchable[],
  request: SearchRequest,
  account: AccountOf,
  reach: CountyReach = undefined,
): Promise<SearchResults> {
  const page = resolvePaging(request);
  const q = queryText(request.q);
  const wanted = wantedTypes(request.types);
  const visible = await visibleKinds(principal, searchables, wanted, account, reach);
  if (!visible.length) return { items: [], total: 0, facets: [], hasNext: false, ...page };
  const everything =
    visible.length === searchTypes.length && visible.every((kind) => kind.owner === undefined && kind.counties === undefined);
  const [found] = q
    ? await answer(read, matchingStatement, visibility(visible, everything, 4, false), [q, page.limit, page.offset])
    : await answer(read, newestStatement, visibility(visible, everything, 3, true), [page.limit, page.offset]);
  const { rows, counts } = found!;
  const facets = visible.map(({ type }) => ({ type, count: counts.find((row) => row.type === type)?.count ?? 0 }));
  const total = facets.reduce((sum, facet) => sum + facet.count, 0);
  const items: SearchHit[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    path: pathOf(searchables, row.type, row.id),
    score: row.score,
    attributes: row.attributes,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  }));
  return { items, total, facets, hasNext: page.offset + items.length < total, ...page };
}

const statements = new Map<string, string>();

/** Runs the statement for the caller's shape of visibility, its text made once per shape. */
function answer(read: RowReader, statement: (visible: string) => string, clause: { sql: string; values: unknown[] }, values: unknown[]) {
  const key = `${statement === matchingStatement ? "m" : "n"}:${clause.sql}`;
  let text = statements.get(key);
  if (text === undefined) statements.set(key, (text = statement(clause.sql)));
  return read<Found>(text, [...values, ...clause.values]);
}

const pathOf = (searchables: readonly Searchable[], type: SearchType, id: string) => {
  for (const { projection } of searchables) if (projection.type === type) return projection.path.replace("{id}", id);
  return "";
};
