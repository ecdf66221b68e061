/**
 * Search is answered by its indexes (issue 15): over the documents of 100,000 persons and 100,000
 * tasks, PostgreSQL's planner reads the full-text index for a search with words, the titles' trigram index for a typo, and the
 * creation-time index for the newest records, in the very statements the platform sends.
 */
import { Client } from "pg";
import { openDatabase, type Database } from "@pap/db";
import { searchIndexOf } from "@pap/events";
import { domains } from "@pap/gateway";
import { search, type Searchable } from "@pap/platform";
import { systemPrincipal, type Principal } from "@pap/kernel";
import { createTestDatabase } from "./support/platform";
import { indexScanOf as scanOf, planOf, seedPersons, seedTasks, type Statement } from "./support/plans";

jest.setTimeout(300_000);

let database: Database;
let client: Client;
const sent: Statement[] = [];
const searchables: Searchable[] = domains.flatMap((domain) => (domain.search ?? []).map((projection) => ({ projection, permissions: domain.permissions })));

/** The statements one search answers from: the page and the facets. */
async function searchStatements(principal: Principal, request: Parameters<typeof search>[3]): Promise<{ page: Statement; facets: Statement; result: Awaited<ReturnType<typeof search>> }> {
  const start = sent.length;
  const result = await search(database.read, principal, searchables, request);
  const statements = sent.slice(start).filter((statement) => /search_document/.test(statement.sql));
  // The last of each: a search that no document has the words of asks again for titles near them.
  return { page: statements.findLast((statement) => /LIMIT/.test(statement.sql))!, facets: statements.findLast((statement) => /GROUP BY/.test(statement.sql))!, result };
}

const plan = (statement: Statement) => planOf(client, statement);

beforeAll(async () => {
  const url = await createTestDatabase("search-plan");
  database = await openDatabase({ kind: "postgres", url, poolSize: 2 }, { migrate: false, onQuery: (sql, params) => void sent.push({ sql, params: JSON.parse(params) }) });
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
    const { page, facets, result } = await searchStatements(systemPrincipal, { q });
    for (const statement of [page, facets]) {
      const text = await plan(statement);
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
    const { page } = await searchStatements(systemPrincipal, { limit: 25 });
    expect(await plan(page)).toMatch(scanOf("search_document_createdAt_idx"));
  });

  it("limits a caller to its kinds without leaving the indexes", async () => {
    const partner: Principal = { kind: "user", id: "00000000-0000-4000-8000-0000000000a1", roles: ["partner_readonly"], counties: [] };
    const { page, result } = await searchStatements(partner, { q: "Kowalski0007" });
    expect(await plan(page)).toMatch(scanOf("search_document_terms_idx"));
    expect(result.facets.map((facet) => facet.type)).toEqual(["person", "application"]);
    expect(await plan(page)).not.toMatch(/Seq Scan on "?search_document"?/);
  });
});
