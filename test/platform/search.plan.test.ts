/**
 * Search is answered by its indexes (issue 15): over the documents of 100,000 persons and 100,000
 * tasks, PostgreSQL's planner reads the full-text index for a search with words, the titles' trigram index for a typo, and the
 * creation-time index for the newest records, in the very statements the platform sends: planned for
 * their values, and as the plan a prepared statement settles on (for a search with words, the generic
 * one: no planning at all).
 */
import { Client } from "pg";
import { systemPrincipal, type Principal } from "@pap/kernel/auth";
import { openDatabase, type Database } from "@pap/db";
import { searchIndexOf } from "@pap/events";
import { domains } from "@pap/gateway";
import { search, type Searchable } from "@pap/platform";
import { createTestDatabase } from "../support/platform";
import { preparedPlanOf, indexScanOf as scanOf, planOf, seedPersons, seedTasks, type Statement } from "../support/plans";

jest.setTimeout(300_000);

let database: Database;
let client: Client;
const sent: Statement[] = [];
const searchables: Searchable[] = domains.flatMap((domain) =>
  (domain.search ?? []).map((projection) => ({ projection, permissions: domain.permissions })),
);

/** The statement one search answers from: the page and the facets at once. */
async function searchStatements(
  principal: Principal,
  request: Parameters<typeof search>[3],
): Promise<{ statement: Statement; result: Awaited<ReturnType<typeof search>> }> {
  const start = sent.length;
  // Each caller here is taken to have the user account its id names (search asks it of an applicant only).
  const result = await search(database.read, principal, searchables, request, async () => (principal.id ? { id: principal.id } : null));
  const statements = sent.slice(start).filter((statement) => /search_document/.test(statement.sql));
  expect(statements).toHaveLength(1);
  expect(statements[0]!.sql).toMatch(/LIMIT[\s\S]*GROUP BY/);
  return { statement: statements[0]!, result };
}

/** The plan for the statement's values, and the one it settles on prepared. */
const plans = async (statement: Statement) => [await planOf(client, statement), await preparedPlanOf(client, statement)];

beforeAll(async () => {
  const url = await createTestDatabase("search-plan");
  database = await openDatabase(
    { kind: "postgres", url, poolSize: 2 },
    { migrate: false, onQuery: (sql, params) => void sent.push({ sql, params: JSON.parse(params) }) },
  );
  client = new Client({ connectionString: url });
  await client.connect();
  await seedPersons(client);
  await seedTasks(client);
  // The documents, derived as the platform derives them at start for records written by SQL.
  await searchIndexOf(searchables.map((searchable) => searchable.projection)).catchUp(database.prisma);
  await client.query("ANALYZE search_document");
});

afterAll(async () => {
  await client?.end();
  await database?.close();
});

it("derived one document per record", async () => {
  const { rows } = await client.query(`SELECT type, count(*)::int AS n FROM search_document GROUP BY type ORDER BY type`);
  expect(rows).toEqual([
    { type: "person", n: 100_000 },
    { type: "task", n: 100_000 },
  ]);
});

describe("on 200,000 documents the planner answers search from the indexes", () => {
  it.each([
    ["a surname", "Kowalski0007", "search_document_terms_idx"],
    ["a first and last name", "Carla Garcia0042", "search_document_terms_idx"],
    ["an e-mail address", "person4242@example.org", "search_document_terms_idx"],
    ["a name's beginning", "okafor004", "search_document_terms_idx"],
    ["a task's words", "residency 99998", "search_document_terms_idx"],
    ["a typo (no document has the words: titles close to them)", "Kowalsky0007", "search_document_title_trgm"],
  ])("%s (%s)", async (_what, q, index) => {
    const { statement, result } = await searchStatements(systemPrincipal, { q });
    for (const text of await plans(statement)) {
      expect(text).toMatch(scanOf(index));
      expect(text).not.toMatch(/Seq Scan on "?search_document"?/);
    }
    expect(result.total).toBeGreaterThan(0);
  });

  it("finds the best match first, and forgives a typo", async () => {
    const exact = await searchStatements(systemPrincipal, { q: "Carla Garcia0042" });
    expect(exact.result.items[0]).toMatchObject({ type: "person", title: "Carla Garcia0042", score: 1 });
    const typo = await searchStatements(systemPrincipal, { q: "Kowalsky0007" });
    expect(typo.result.items[0]).toMatchObject({ type: "person", title: expect.stringMatching(/ Kowalski0007$/) });
    expect(typo.result.total).toBe(20);
  });

  it("lists the newest records through the creation-time index", async () => {
    const { statement } = await searchStatements(systemPrincipal, { limit: 25 });
    for (const text of await plans(statement)) expect(text).toMatch(scanOf("search_document_createdAt_idx"));
  });

  it("limits a search to some kinds without leaving the indexes", async () => {
    const worker: Principal = { kind: "user", id: "00000000-0000-4000-8000-0000000000a1", roles: ["case_worker"], counties: [] };
    const { statement, result } = await searchStatements(worker, { q: "Kowalski0007", types: ["person", "application"] });
    expect(result.facets.map((facet) => facet.type)).toEqual(["person", "application"]);
    for (const text of await plans(statement)) {
      expect(text).toMatch(scanOf("search_document_terms_idx"));
      expect(text).not.toMatch(/Seq Scan on "?search_document"?/);
      // Its few matches are not ANDed with an index of 100,000 persons.
      expect(text).not.toMatch(/BitmapAnd/);
    }
    // Prepared, it is planned once for any caller of this shape: the kinds it may read are a parameter.
    expect(await preparedPlanOf(client, statement)).not.toMatch(/\{person,application\}|\{"person","application"\}/);
  });

  it("settles on one plan for any words, a staff member's or one kind's", async () => {
    for (const request of [{ q: "Kowalski0007" }, { q: "Kowalski0007", types: ["person"] }]) {
      const { statement } = await searchStatements(systemPrincipal, request);
      const settled = await preparedPlanOf(client, statement);
      expect(settled).not.toMatch(/kowalski0007|Kowalski0007|\{person\}/);
      expect(settled).toMatch(scanOf("search_document_terms_idx"));
      expect(settled).not.toMatch(/BitmapAnd/);
    }
  });

  it("limits an applicant to their own records through the owner index, with words or without", async () => {
    const { rows } = await client.query<{ id: string }>(`SELECT id::text FROM person WHERE "lastName" = 'Kowalski0007' LIMIT 1`);
    const applicant: Principal = {
      kind: "user",
      id: "00000000-0000-4000-8000-0000000000a2",
      roles: ["applicant"],
      counties: [],
      personId: rows[0]!.id,
    };
    const words = await searchStatements(applicant, { q: "Kowalski0007" });
    expect(words.result.items.map((item) => item.id)).toEqual([rows[0]!.id]);
    expect(words.result.facets).toEqual([
      { type: "person", count: 1 },
      { type: "application", count: 0 },
    ]);
    const newest = await searchStatements(applicant, {});
    expect(newest.result.items.map((item) => item.id)).toEqual([rows[0]!.id]);
    for (const text of await plans(words.statement)) {
      expect(text).toMatch(scanOf("search_document_terms_idx"));
      expect(text).not.toMatch(/Seq Scan on "?search_document"?/);
    }
    for (const text of await plans(newest.statement)) {
      expect(text).toMatch(scanOf('"?search_document_ownerId_idx"?'));
      expect(text).not.toMatch(/Seq Scan on "?search_document"?/);
    }
  });
});
