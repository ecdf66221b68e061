// The same rows on both engines: what a PostgreSQL test database holds, copied whole into an embedded
// store, so a test can ask both the same questions and expect the same answers.
import type { Database } from "@pap/db";
import { Client } from "pg";

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Replaces every row of the embedded store's tables with the PostgreSQL database's, and carries the
 * sequences' positions over. Rows go across as JSON and back through the table's own row type, so
 * every column keeps its type (enums, arrays, JSON, instants to the microsecond). Triggers and
 * foreign keys are off while copying (`session_replication_role`), as a restore would have them: the
 * event log refuses changes to its rows, and the tables arrive in no particular order.
 */
export async function copyRows(sourceUrl: string, target: NonNullable<Database["pglite"]>): Promise<{ tables: number; rows: number }> {
  const source = new Client({ connectionString: sourceUrl });
  await source.connect();
  try {
    const tables = (
      await source.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY table_name`,
      )
    ).rows.map((row) => row.name);
    const sequences = (
      await source.query<{ name: string }>(
        `SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = 'public'`,
      )
    ).rows;
    let rows = 0;
    await target.transaction(async (tx) => {
      await tx.exec("SET LOCAL session_replication_role = replica");
      await tx.exec(`TRUNCATE ${tables.map(quoted).join(", ")}`);
      for (const table of tables) {
        const [{ data }] = (
          await source.query<{ data: unknown[] }>(`SELECT coalesce(json_agg(t), '[]'::json) AS data FROM ${quoted(table)} t`)
        ).rows as [{ data: unknown[] }];
        if (data.length === 0) continue;
        await tx.query(`INSERT INTO ${quoted(table)} SELECT * FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`, [
          JSON.stringify(data),
        ]);
        rows += data.length;
      }
      for (const { name } of sequences) {
        const [position] = (
          await source.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${quoted(name)}`)
        ).rows;
        if (position) await tx.query(`SELECT setval($1, $2, $3)`, [quoted(name), position.last_value, position.is_called]);
      }
    });
    return { tables: tables.length, rows };
  } finally {
    await source.end();
  }
}
