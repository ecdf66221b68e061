import type pg from "pg";

// Seed data written straight into the tables: going through the API would take minutes and measure
// the write path instead of what a suite measures.

/** `work` in one transaction on `client`, rolled back if it fails. */
export async function inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query("BEGIN");
  try {
    await work();
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/**
 * All rows in one INSERT: each column sent as one text array (unnest) and cast in SQL to the type
 * `types` gives it, so a table of any width takes one statement and no row is sent on its own.
 */
export async function insertRows(client: pg.Client, table: string, types: Record<string, string>, rows: readonly object[]): Promise<void> {
  const names = Object.keys(types);
  const aliases = names.map((_, index) => `c${index}`);
  await client.query(
    `INSERT INTO ${table} (${names.map((name) => `"${name}"`).join(", ")})
     SELECT ${names.map((name, index) => `${aliases[index]}::${types[name]}`).join(", ")}
     FROM unnest(${names.map((_, index) => `$${index + 1}::text[]`).join(", ")}) AS t(${aliases.join(", ")})`,
    names.map((name) => rows.map((row) => (row as Record<string, unknown>)[name] ?? null)),
  );
}

/**
 * SQL for a uuid of version-4 shape derived from a label, so the same seed gives the same ids on every
 * run (gen_random_uuid would not), and strict uuid validators accept them.
 */
export const uuidFromLabel = (label: string) => `overlay(overlay(md5(${label}) placing '4' from 13) placing '8' from 17)::uuid`;
