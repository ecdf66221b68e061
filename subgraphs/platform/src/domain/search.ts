import { Prisma } from "@pap/db";
import { badRequest, isUuid, permissionsOf, resolvePaging, searchTypes, type Page, type PermissionTable, type Principal, type RowReader, type SearchProjection, type SearchType } from "@pap/kernel";

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

/** Which records of one kind a caller may find: all of them, or those whose owner is the given id. */
type Visibility = { type: SearchType; owner?: string };

/**
 * What the caller may find, kind by kind, by the same permission the kind's own list asks for: a kind
 * it may not read is left out (not refused), and a reader of its own records only sees those.
 */
export function visibleKinds(principal: Principal, searchables: readonly Searchable[], wanted: ReadonlySet<SearchType>): Visibility[] {
  const visible: Visibility[] = [];
  for (const type of searchTypes) {
    const searchable = searchables.find((candidate) => candidate.projection.type === type);
    if (!searchable || !wanted.has(type)) continue;
    const held = permissionsOf(principal.roles, [searchable.permissions]);
    const { read } = searchable.projection;
    if (held.has(read.permission)) visible.push({ type });
    else if (read.own && held.has(read.own.permission)) {
      const owner = principal[read.own.principal];
      if (owner && isUuid(owner)) visible.push({ type, owner: owner.toLowerCase() });
    }
  }
  return visible;
}

/** The kinds asked for: unknown names are ignored, and asking for none that exist is asking for all. */
export function wantedTypes(types: readonly string[] | null | undefined): Set<SearchType> {
  const known = (types ?? []).flatMap((value) => value.split(",")).map((value) => value.trim().toLowerCase()).filter((value): value is SearchType => (searchTypes as readonly string[]).includes(value));
  return new Set(known.length ? known : searchTypes);
}

function queryText(q: string | null | undefined): string | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (text.length > MAX_QUERY_LENGTH) throw badRequest("Invalid search parameters.", [{ field: "q", message: `must be at most ${MAX_QUERY_LENGTH} characters` }]);
  return text;
}

const visibilitySql = (visible: readonly Visibility[], all: boolean): Prisma.Sql => {
  if (all) return Prisma.sql`TRUE`;
  const whole = visible.filter((kind) => kind.owner === undefined).map((kind) => kind.type);
  const clauses = [
    ...(whole.length ? [Prisma.sql`d.type = ANY(${whole}::text[])`] : []),
    ...visible.filter((kind) => kind.owner !== undefined).map((kind) => Prisma.sql`(d.type = ${kind.type} AND d."ownerId" = ${kind.owner}::uuid)`),
  ];
  return Prisma.sql`(${Prisma.join(clauses, " OR ")})`;
};

/**
 * How a query's words may match, from the most precise reading to the most forgiving; a search takes
 * the first that finds anything. Whole words (`ana lopez`), each word as a word's beginning (`ana lop`),
 * both from the full-text index; then, for a typo, titles (names) close to the query by trigram word
 * similarity (pg_trgm's threshold, 0.6: "Kowalsky" finds "Kowalski"), from the titles' trigram index.
 * Trying the precise reading first keeps a common word from costing a pass over the table: whole
 * words let the index skip through its lists, a prefix has to collect every document it begins.
 *
 * Relevance in (0, 1]. A words match: the trigram similarity of query and title (1 when the title is
 * the query), or the full-text cover density rank (normalized to below 1) where that is higher. A
 * typo's match: how close the query is to a stretch of the title. Every match scores above 0.
 */
const readings = [
  {
    match: (q: string) => Prisma.sql`d.terms @@ search_words_query(${q})`,
    score: (q: string) => Prisma.sql`round(greatest(ts_rank_cd(d.terms, search_words_query(${q}), 32), similarity(${q}, d.title))::numeric, 4)::float8`,
  },
  {
    match: (q: string) => Prisma.sql`d.terms @@ search_prefix_query(${q})`,
    score: (q: string) => Prisma.sql`round(greatest(ts_rank_cd(d.terms, search_prefix_query(${q}), 32), similarity(${q}, d.title))::numeric, 4)::float8`,
  },
  {
    match: (q: string) => Prisma.sql`${q} <% d.title`,
    score: (q: string) => Prisma.sql`round(word_similarity(${q}, d.title)::numeric, 4)::float8`,
  },
];

type Row = { type: SearchType; id: string; title: string; attributes: SearchAttributeValue[]; createdAt: Date; updatedAt: Date; score: number | null };
type Found = { rows: Row[]; counts: { type: SearchType; count: number }[] };

// Search is a hot read: its statements go through the driver (`Database.read`), not Prisma's raw-query path.
const run = <T>(read: RowReader, statement: Prisma.Sql) => read<T>(statement.text, statement.values);

/**
 * The matches of one reading, scored, in one statement: the page, best first (newest first among
 * equals), and the count of each kind, over the same matches read once.
 */
async function matching(read: RowReader, visibility: Prisma.Sql, match: Prisma.Sql, score: Prisma.Sql, page: Page): Promise<Found> {
  const [answer] = await run<{ rows: (Omit<Row, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string })[]; counts: Found["counts"] }>(read, Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT d.type, d.id, d.title, d.attributes, d."createdAt", d."updatedAt", ${score} AS score
      FROM search_document d WHERE ${visibility} AND ${match})
    SELECT
      (SELECT coalesce(json_agg(p ORDER BY p.score DESC, p."createdAt" DESC, p.type, p.id), '[]') FROM (
        SELECT type, id::text AS id, title, attributes, "createdAt", "updatedAt", score FROM m
        ORDER BY score DESC, "createdAt" DESC, type, id LIMIT ${page.limit} OFFSET ${page.offset}) p) AS rows,
      (SELECT coalesce(json_agg(f), '[]') FROM (SELECT type, count(*)::int AS count FROM m GROUP BY type) f) AS counts`);
  const rows = answer!.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }));
  return { rows, counts: answer!.counts };
}

/** Without words: the newest records first (from the creation-time index), and the count of each kind. */
async function newest(read: RowReader, visibility: Prisma.Sql, page: Page): Promise<Found> {
  const [rows, counts] = await Promise.all([
    run<Row>(read, Prisma.sql`
      SELECT d.type, d.id::text AS id, d.title, d.attributes, d."createdAt", d."updatedAt", NULL::float8 AS score
      FROM search_document d WHERE ${visibility}
      ORDER BY d."createdAt" DESC, d.type, d.id LIMIT ${page.limit} OFFSET ${page.offset}`),
    run<Found["counts"][number]>(read, Prisma.sql`SELECT d.type, count(*)::int AS count FROM search_document d WHERE ${visibility} GROUP BY d.type`),
  ]);
  return { rows, counts };
}

/**
 * One page of the documents the caller may find, best match first (newest first among equals, and
 * without words), with a count per kind over every match; `total` is their sum.
 */
export async function search(read: RowReader, principal: Principal, searchables: readonly Searchable[], request: SearchRequest): Promise<SearchResults> {
  const page = resolvePaging(request);
  const q = queryText(request.q);
  const wanted = wantedTypes(request.types);
  const visible = visibleKinds(principal, searchables, wanted);
  if (!visible.length) return { items: [], total: 0, facets: [], hasNext: false, ...page };
  const everything = visible.length === searchTypes.length && visible.every((kind) => kind.owner === undefined);
  const visibility = visibilitySql(visible, everything);
  let found: Found = { rows: [], counts: [] };
  if (!q) found = await newest(read, visibility, page);
  else {
    for (const reading of readings) {
      found = await matching(read, visibility, reading.match(q), reading.score(q), page);
      if (found.counts.length) break;
    }
  }
  const { rows, counts } = found;
  const facets = visible.map(({ type }) => ({ type, count: counts.find((row) => row.type === type)?.count ?? 0 }));
  const total = facets.reduce((sum, facet) => sum + facet.count, 0);
  const paths = new Map(searchables.map(({ projection }) => [projection.type, projection.path]));
  const items = rows.map((row) => ({ ...row, path: (paths.get(row.type) ?? "").replace("{id}", row.id) }));
  return { items, total, facets, hasNext: page.offset + items.length < total, ...page };
}
