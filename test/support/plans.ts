/**
 * What the index tests share: a statement as Prisma sent it, its plan as PostgreSQL would run it,
 * and 100,000 persons and 100,000 tasks written by SQL with a realistic spread of values.
 */
import type { Client } from "pg";

export type Statement = { sql: string; params: unknown[] };

/** EXPLAIN of a statement as sent, with its parameters bound (so the planner sees the real values). */
export async function planOf(client: Client, statement: Statement): Promise<string> {
  const result = await client.query(`EXPLAIN ${statement.sql}`, statement.params as unknown[]);
  return result.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
}

let prepared = 0;

/**
 * The plan a prepared statement settles on (`Database.read` prepares every statement): after five runs
 * planned for their values, PostgreSQL plans it once for any values (the generic plan) unless that plan
 * is estimated dearer, and keeps to what it chose. The statement runs six times, then is explained.
 */
export async function preparedPlanOf(client: Client, statement: Statement): Promise<string> {
  const name = `prepared_plan_${++prepared}`;
  const literal = (value: unknown): string =>
    typeof value === "number"
      ? String(value)
      : Array.isArray(value)
        ? client.escapeLiteral(`{${value.map((item) => `"${String(item)}"`).join(",")}}`)
        : client.escapeLiteral(String(value));
  const values = statement.params.map(literal).join(", ");
  await client.query(`PREPARE ${name} AS ${statement.sql}`);
  try {
    for (let run = 0; run < 6; run++) await client.query(`EXECUTE ${name}(${values})`);
    const result = await client.query(`EXPLAIN EXECUTE ${name}(${values})`);
    return result.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
  } finally {
    await client.query(`DEALLOCATE ${name}`);
  }
}

/** A plan step that reads the named index (PostgreSQL quotes only mixed-case names). */
export const indexScanOf = (index: string) => new RegExp(`(Bitmap )?Index Scan( Backward)? (using|on) "?${index}"?\\s`);

/**
 * 100,000 persons: 8 first names, 10 surnames × 5,000 numbered variants (`Smith0040` is 10 people),
 * unique e-mails, 2,000 cities (`City1717` is 50 people), mirror columns filled as the write path fills them.
 */
export async function seedPersons(client: Client, count = 100_000): Promise<void> {
  await client.query(
    `INSERT INTO person (id, attributes, "firstName", "lastName", email, "phoneNumber", "addressCity", "addressState", "addressPostalCode", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), jsonb_build_object('name', jsonb_build_object('firstName', first, 'lastName', last), 'email', email, 'phoneNumber', phone,
              'address', jsonb_build_object('city', city, 'state', 'ST', 'postalCode', zip)),
            first, last, email, phone, city, 'ST', zip, now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
     FROM (
       SELECT i, (ARRAY['Ana','Ben','Carla','Dmitri','Eve','Farid','Gia','Hugo'])[1 + i % 8] AS first,
              (ARRAY['Smith','Jones','Garcia','Nguyen','Okafor','Larsen','Patel','Kowalski','Haddad','Moreau'])[1 + i % 10] || lpad((i % 5000)::text, 4, '0') AS last,
              'person' || i || '@example.org' AS email, '+1 555 ' || lpad((i % 10000)::text, 4, '0') AS phone,
              'City' || (i % 2000) AS city, lpad((10000 + i % 90000)::text, 5, '0') AS zip
       FROM generate_series(1, $1::int) AS i
     ) AS rows`,
    [count],
  );
}

/** 100,000 tasks: `Review <topic> <n>`, four topics, three task types, no queue. */
export async function seedTasks(client: Client, count = 100_000): Promise<void> {
  await client.query(
    `INSERT INTO workflow_task (id, name, description, "taskType", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'Review ' || (ARRAY['income','identity','residency','household'])[1 + i % 4] || ' ' || i,
            'Check the evidence for application ' || i, (ARRAY['eligibility_review','document_review','interview'])[1 + i % 3],
            now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
     FROM generate_series(1, $1::int) AS i`,
    [count],
  );
}
