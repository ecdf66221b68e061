import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

// Loading a million rows: COPY streams them in PostgreSQL's text format (an INSERT's parameters would
// have to hold them all, and a row per statement takes hours), and the tables' secondary indexes are
// built once afterwards rather than updated row by row (a trigram GIN index updated per row is what
// makes a bulk insert slow).

/** One field in COPY's text format: `\N` for null, arrays as array literals, objects as JSON; backslash, tab and line breaks escaped. */
function field(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const text = Array.isArray(value)
    ? `{${value.map((item) => `"${String(item).replace(/["\\]/g, "\\$&")}"`).join(",")}}`
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/** Lines of about 1,000 rows per chunk: one write per row would make the stream the bottleneck. */
function* lines(columns: readonly string[], rows: Iterable<Record<string, unknown>>): Generator<string> {
  let chunk = "";
  let count = 0;
  for (const row of rows) {
    chunk += `${columns.map((column) => field(row[column])).join("\t")}\n`;
    if (++count % 1000 === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** Streams `rows` (each keyed by column name; a generator keeps a million of them out of memory) into `table` by `COPY … FROM STDIN`. */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: Iterable<Record<string, unknown>>,
): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map((column) => `"${column}"`).join(", ")}) FROM STDIN`));
  await pipeline(Readable.from(lines(columns, rows)), stream);
  return Number(stream.rowCount);
}

/**
 * Drops the tables' indexes that back no constraint (primary keys and unique keys stay: ON CONFLICT
 * needs them), runs `work`, then creates them again from their own definitions, so what is measured
 * afterwards has exactly the migrations' indexes. Not in a transaction: a failure leaves a database
 * the suite drops anyway.
 */
export async function withIndexesBuiltAfter<T>(client: pg.ClientBase, tables: readonly string[], work: () => Promise<T>): Promise<T> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1::text[]) AND t.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${name}`);
  const result = await work();
  // Room to sort a million keys in memory; the session's setting only.
  await client.query("SET maintenance_work_mem = '512MB'");
  for (const { definition } of rows) await client.query(definition);
  await client.query("RESET maintenance_work_mem");
  return result;
}
