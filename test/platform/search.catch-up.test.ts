/**
 * Records whose search documents are missing at start (written by SQL, or before search existed) or
 * were derived by an older projection are derived beside serving, in batches: the platform answers at
 * once, search finds such records once their documents are made, and every write keeps its own
 * record's document current meanwhile.
 */
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { createLogger } from "@pap/core";
import { openDatabase } from "@pap/db";
import { searchIndexOf } from "@pap/events";
import { domains, startPlatform, type RunningPlatform } from "@pap/gateway";
import { createTestDatabase, httpClient } from "../support/platform";

jest.setTimeout(120_000);

const projections = domains.flatMap((domain) => domain.search ?? []);
const tag = `c${randomUUID().slice(0, 6)}`;

/** Persons written behind the platform's back: no event, no document. */
async function personsBySql(client: Client, surname: string, count: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO person (id, attributes, "firstName", "lastName", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), '{}'::jsonb, 'Sql' || i, $1, now(), now() FROM generate_series(1, $2::int) AS i RETURNING id::text`,
    [surname, count],
  );
  return rows.map((row) => row.id);
}

const documents = async (client: Client, surname: string) =>
  (
    await client.query<{ id: string; version: string }>(
      `SELECT id::text, version FROM search_document WHERE type = 'person' AND title LIKE '% ' || $1 ORDER BY id`,
      [surname],
    )
  ).rows;

describe("catching up in batches", () => {
  let client: Client;
  let url: string;

  beforeAll(async () => {
    url = await createTestDatabase("search-catch-up");
    client = new Client({ connectionString: url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
  });

  it("derives every missing document, re-derives those of an older projection and drops those whose record is gone", async () => {
    const surname = `Batch${tag}`;
    const ids = (await personsBySql(client, surname, 7)).sort();
    const database = await openDatabase({ kind: "postgres", url, poolSize: 2 }, { migrate: false });
    try {
      const index = searchIndexOf(projections);
      await index.catchUp(database.prisma, { batchSize: 2 });
      expect((await documents(client, surname)).map((row) => row.id)).toEqual(ids);
      // One document derived by another projection, one record deleted behind the platform's back.
      await client.query(`UPDATE search_document SET version = 'older', title = 'Stale' WHERE type = 'person' AND id = $1`, [ids[0]]);
      await client.query(`DELETE FROM person WHERE id = $1`, [ids[1]]);
      await index.catchUp(database.prisma, { batchSize: 2 });
      const after = await documents(client, surname);
      expect(after.map((row) => row.id)).toEqual(ids.filter((id) => id !== ids[1]));
      expect(new Set(after.map((row) => row.version)).size).toBe(1);
      expect(after[0]!.version).not.toBe("older");
    } finally {
      await database.close();
    }
  });
});

describe("a start with documents to derive", () => {
  let platform: RunningPlatform | undefined;
  let holder: Client;
  const surname = `Waiting${tag}`;
  let written: string[];

  beforeAll(async () => {
    const url = await createTestDatabase("search-catch-up-start");
    holder = new Client({ connectionString: url });
    await holder.connect();
    written = await personsBySql(holder, surname, 3);
    // The catch-up takes this lock for each batch: held here, its first batch waits until the test lets it go.
    await holder.query(`SELECT pg_advisory_lock(hashtext('search_document catch-up'))`);
    process.env.LOG_LEVEL ??= "silent";
    platform = await startPlatform({
      database: { kind: "postgres", url, poolSize: 5 },
      host: "127.0.0.1",
      port: 0,
      logger: createLogger("test"),
      migrate: false,
    });
  });

  afterAll(async () => {
    await holder?.query(`SELECT pg_advisory_unlock_all()`).catch(() => {});
    await platform?.close();
    await holder?.end();
  });

  it("serves before the documents are derived, keeps writes searchable meanwhile, and finds the older records once they are", async () => {
    const api = httpClient(platform!.url);
    // Serving, though not one batch has run.
    const before = await api.get(`/platform/search?q=${surname}`);
    expect(before.status).toBe(200);
    expect(before.body.total).toBe(0);
    // A write's own document is derived in its transaction, as always.
    const created = await api.post("/persons", { name: { firstName: "Api", lastName: surname } });
    expect(created.status).toBe(201);
    expect((await api.get(`/platform/search?q=${surname}`)).body.items.map((hit: { id: string }) => hit.id)).toEqual([created.body.id]);
    await holder.query(`SELECT pg_advisory_unlock(hashtext('search_document catch-up'))`);
    await platform!.settle();
    const after = await api.get(`/platform/search?q=${surname}`);
    expect(after.body.items.map((hit: { id: string }) => hit.id).sort()).toEqual([...written, created.body.id].sort());
    expect(after.body.total).toBe(4);
  });
});
