import type pg from "pg";

// Seed data written straight into the tables: going through the API would take minutes and measure
// the write path instead of what a suite measures.

/** `work` in one transaction on `client`, rolled back if it fails. */
export async function inTransaction(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query("BEGIN");
  try {
    await work();
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** One INSERT for all rows, each column a text array cast in SQL; `columns` reads as in CREATE TABLE, the names being the rows' keys. */
export async function insertRows(client: pg.ClientBase, table: string, columns: string, rows: readonly object[]): Promise<void> {
  const definitions = columns.split(",").map((column) => column.trim().split(/\s+/) as [string, string]);
  const aliases = definitions.map((_, index) => `c${index}`);
  await client.query(
    `INSERT INTO ${table} (${definitions.map(([name]) => `"${name}"`).join(", ")})
     SELECT ${definitions.map(([, type], index) => `${aliases[index]}::${type}`).join(", ")}
     FROM unnest(${aliases.map((_, index) => `$${index + 1}::text[]`).join(", ")}) AS t(${aliases.join(", ")})`,
    definitions.map(([name]) => rows.map((row) => (row as Record<string, unknown>)[name] ?? null)),
  );
}

/** SQL for a version-4-shaped uuid from a label: the same ids on every run (gen_random_uuid would not), valid to strict validators. */
export const uuidFromLabel = (label: string) => `overlay(overlay(md5(${label}) placing '4' from 13) placing '8' from 17)::uuid`;
