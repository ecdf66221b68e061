import path from "node:path";
import type { FastifyInstance } from "fastify";
import type pg from "pg";

// The floor's `GET /platform/search`: the platform's own statement (loaded from its build: both send the same text), prepared on `pg`.

type Clause = { sql: string; values: unknown[] };
type PlatformSearch = {
  matchingStatement(visible: string): string;
  newestStatement(visible: string): string;
  visibility(visible: readonly { type: string }[], everything: boolean, first: number, indexed: boolean): Clause;
};

type Row = {
  type: string;
  id: string;
  title: string;
  attributes: { field: string; label: string | null; value: string; type: string }[];
  createdAt: number;
  updatedAt: number;
  score: number | null;
};
type Found = { rows: Row[]; counts: { type: string; count: number }[] };

// The kinds in the order the platform lists their facets, and each one's REST path (their domains' search projections).
const kinds = ["person", "case", "application", "task", "appointment"] as const;
const paths: Record<string, string> = {
  person: "/persons/",
  case: "/case-management/cases/",
  application: "/intake/applications/",
  task: "/workflow/tasks/",
  appointment: "/scheduling/appointments/",
};
const pageSize = 25;

export function registerFloorSearch(app: FastifyInstance, pool: pg.Pool, repositoryRoot: string): void {
  const platform = require(path.join(repositoryRoot, "subgraphs", "platform", "dist", "domain", "search.js")) as PlatformSearch;
  // The statement for each shape of visibility, made once, as the platform makes them.
  const statements = new Map<string, { name: string; text: string }>();
  const statementFor = (q: boolean, clause: Clause) => {
    const key = `${q}:${clause.sql}`;
    const text = () => (q ? platform.matchingStatement : platform.newestStatement)(clause.sql);
    if (!statements.has(key)) statements.set(key, { name: `floor_search_${statements.size}`, text: text() });
    return statements.get(key)!;
  };

  app.get<{ Querystring: { q?: string; types?: string } }>("/platform/search", async (request) => {
    const q = request.query.q?.trim();
    const wanted = new Set((request.query.types ?? "").split(",").filter((type) => (kinds as readonly string[]).includes(type)));
    const shown = wanted.size ? kinds.filter((kind) => wanted.has(kind)) : kinds;
    // The clause the platform words for a caller who may read each kind whole (domain/search.ts).
    const clause = platform.visibility(
      shown.map((type) => ({ type })),
      shown.length === kinds.length,
      q ? 4 : 3,
      !q,
    );
    const values = [...(q ? [q] : []), pageSize, 0, ...clause.values];
    const { rows } = await pool.query<Found>({ ...statementFor(Boolean(q), clause), values });
    const { rows: found, counts } = rows[0]!;
    const items = found.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      url: `${request.protocol}://${request.host}${paths[row.type]}${row.id}`,
      ...(row.score === null ? {} : { score: row.score }),
      attributes: row.attributes.map(({ field, label, value, type }) =>
        label === null ? { field, value, type } : { field, label, value, type },
      ),
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    }));
    const facets = shown.map((type) => ({ type, count: counts.find((count) => count.type === type)?.count ?? 0 }));
    const total = facets.reduce((sum, facet) => sum + facet.count, 0);
    return { items, total, limit: pageSize, offset: 0, hasNext: items.length < total, facets };
  });
}
