import pg from "pg";
import { openDatabase } from "@pap/db";
import { searchIndexOf } from "@pap/events";
import { domains } from "@pap/gateway";

export type SearchSeed = { persons: number; tasks: number; seedSeconds: number; documentSeconds: number; documents: number };

/**
 * Persons and tasks written by SQL behind the platform's back (names from 8 first names × 10 surnames
 * numbered 0000–4999, so a surname with its number names 20 persons; tasks "Review <topic> <n>"), then
 * their search documents derived by the same engine the platform runs at start for such records.
 */
export async function seedSearchData(url: string, counts: { persons: number; tasks: number }): Promise<SearchSeed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query(
      `INSERT INTO person (id, attributes, "firstName", "lastName", email, "phoneNumber", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), jsonb_build_object('name', jsonb_build_object('firstName', first, 'lastName', last), 'email', email, 'phoneNumber', phone),
              first, last, email, phone, now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
       FROM (
         SELECT i, (ARRAY['Ana','Ben','Carla','Dmitri','Eve','Farid','Gia','Hugo'])[1 + i % 8] AS first,
                (ARRAY['Smith','Jones','Garcia','Nguyen','Okafor','Larsen','Patel','Kowalski','Haddad','Moreau'])[1 + i % 10] || lpad((i % 5000)::text, 4, '0') AS last,
                'person' || i || '@example.org' AS email, '+1 555 ' || lpad((i % 10000)::text, 4, '0') AS phone
         FROM generate_series(1, $1::int) AS i
       ) AS rows`,
      [counts.persons],
    );
    await client.query(
      `INSERT INTO workflow_task (id, name, description, "taskType", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'Review ' || (ARRAY['income','identity','residency','household'])[1 + i % 4] || ' ' || i,
              'Check the evidence for application ' || i, (ARRAY['eligibility_review','document_review','interview'])[1 + i % 3],
              now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
       FROM generate_series(1, $1::int) AS i`,
      [counts.tasks],
    );
    const seedSeconds = (Date.now() - started) / 1000;
    const database = await openDatabase({ kind: "postgres", url, poolSize: 2 }, { migrate: false });
    const derivedAt = Date.now();
    try {
      await searchIndexOf(domains.flatMap((domain) => domain.search ?? [])).catchUp(database.prisma);
    } finally {
      await database.close();
    }
    const documentSeconds = (Date.now() - derivedAt) / 1000;
    await client.query("ANALYZE");
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM search_document");
    return { ...counts, seedSeconds, documentSeconds, documents: rows[0]!.n };
  } finally {
    await client.end();
  }
}
