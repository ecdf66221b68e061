import { randomBytes, randomUUID } from "node:crypto";
import type { Prisma } from "@pap/db";
import { serialized, type SqlTransaction } from "@pap/events";
import type pg from "pg";

// The same event row a platform write records and the same numbering after commit: a create costs the
// floor the database work it costs the platform.

// The platform's batch (packages/events/src/sequencer.ts).
const SEQUENCER_BATCH = 5000;

export type RecordedChange = { type: string; source: string; subject: string; data: unknown; authid: string };

/** Inserts the event of a change inside the caller's transaction. */
export async function recordEvent(client: pg.PoolClient, change: RecordedChange): Promise<void> {
  const traceId = randomBytes(16).toString("hex");
  await client.query(
    `INSERT INTO platform_event (id, type, source, subject, time, specversion, datacontenttype, data, traceparent, traceid, authid, authtype)
     VALUES ($1, $2, $3, $4, $5, '1.0', 'application/json', $6, $7, $8, $9, 'user')`,
    [
      randomUUID(),
      change.type,
      change.source,
      change.subject,
      new Date().toISOString(),
      JSON.stringify(change.data),
      `00-${traceId}-${randomBytes(8).toString("hex")}-01`,
      traceId,
      change.authid,
    ],
  );
}

/** Numbering by the hubs' own `platform_event_number`, nothing read back (no subscribers); wake-ups in a round fold into one more. */
export function logSequencer(pool: pg.Pool, onError: (error: Error) => void): { wake(): void; idle(): Promise<void> } {
  const numberBatch = async () =>
    (await pool.query<{ count: number }>(`SELECT platform_event_number($1::int) AS count`, [SEQUENCER_BATCH])).rows[0]?.count ?? 0;
  const numbering = serialized(async () => {
    while ((await numberBatch().catch(onError)) === SEQUENCER_BATCH);
  });
  return {
    wake: () => void numbering.run(),
    async idle() {
      while (numbering.current()) await numbering.current();
    },
  };
}

/** The platform's raw-SQL interface on a bare `pg` pool or client, so the floor sends its very statements. */
export function sqlOn(db: pg.Pool | pg.PoolClient): SqlTransaction {
  const run = (query: TemplateStringsArray | Prisma.Sql) => db.query((query as Prisma.Sql).text, (query as Prisma.Sql).values as unknown[]);
  return {
    $queryRaw: async <T>(query: TemplateStringsArray | Prisma.Sql) => (await run(query)).rows as T,
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql) => (await run(query)).rowCount ?? 0,
  } as SqlTransaction;
}
