import { Prisma, type PrismaClient } from "@pap/db";
import { badRequest, isUuid, permissionsOf, resolvePaging, searchTypes, type Page, type PermissionTable, type Principal, type SearchProjection, type SearchType } from "@pap/kernel";

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

/** A document matches when every word of the query begins one of its words (full text, prefix matching, its GIN index). */
const wordsMatch = (q: string) => Prisma.sql`d.terms @@ search_prefix_query(${q})`;

/**
 * When no document has the words, a typo is forgiven: titles (names) close to the query, by trigram
 * word similarity (pg_trgm's default threshold, 0.6: "Lopes" finds "Ana Lopez"), from the title's
 * trigram index.
 */
const titleNear = (q: string) => Prisma.sql`${q} <% d.title`;

/**
 * Relevance in (0, 1]. A words match: the trigram similarity of query and title (1 when the title is
 * the query), or the full-text cover density rank (normalized to below 1) where that is higher, so a
 * record whose text holds the words close together outranks one that holds them apart. A typo's
 * match: how close the query is to a stretch of the title. Every match scores above 0.
 */
const wordsScore = (q: string) => Prisma.sql`round(greatest(ts_rank_cd(d.terms, search_prefix_query(${q}), 32), similarity(${q}, d.title))::numeric, 4)::float8`;
const nearScore = (q: string) => Prisma.sql`round(word_similarity(${q}, d.title)::numeric, 4)::float8`;

type Row = { type: SearchType; id: string; title: string; attributes: SearchAttributeValue[]; createdAt: Date; updatedAt: Date; score: number | null };

/**
 * One page of the documents the caller may find, best match first (newest first among equals, and
 * without words), with a count per kind over every match; `total` is their sum.
 */
export async function search(db: PrismaClient, principal: Principal, searchables: readonly Searchable[], request: SearchRequest): Promise<SearchResults> {
  const page = resolvePaging(request);
  const q = queryText(request.q);
  const wanted = wantedTypes(request.types);
  const visible = visibleKinds(principal, searchables, wanted);
  if (!visible.length) return { items: [], total: 0, facets: [], hasNext: false, ...page };
  const everything = visible.length === searchTypes.length && visible.every((kind) => kind.owner === undefined);
  const visibility = visibilitySql(visible, everything);
  const find = (match: Prisma.Sql, score: Prisma.Sql) =>
    Promise.all([
      db.$queryRaw<Row[]>`
        SELECT d.type, d.id::text AS id, d.title, d.attributes, d."createdAt", d."updatedAt", ${score} AS score
        FROM search_document d WHERE ${visibility} AND ${match}
        ORDER BY score DESC NULLS LAST, d."createdAt" DESC, d.type, d.id
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      db.$queryRaw<{ type: SearchType; count: bigint }[]>`SELECT d.type, count(*) AS count FROM search_document d WHERE ${visibility} AND ${match} GROUP BY d.type`,
    ]);
  let [rows, counts] = q ? await find(wordsMatch(q), wordsScore(q)) : await find(Prisma.sql`TRUE`, Prisma.sql`NULL::float8`);
  if (q && counts.length === 0) [rows, counts] = await find(titleNear(q), nearScore(q));
  const facets = visible.map(({ type }) => ({ type, count: Number(counts.find((row) => row.type === type)?.count ?? 0) }));
  const total = facets.reduce((sum, facet) => sum + facet.count, 0);
  const paths = new Map(searchables.map(({ projection }) => [projection.type, projection.path]));
  const items = rows.map((row) => ({ ...row, path: (paths.get(row.type) ?? "").replace("{id}", row.id) }));
  return { items, total, facets, hasNext: page.offset + items.length < total, ...page };
}
