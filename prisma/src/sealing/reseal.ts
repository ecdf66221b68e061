import { Prisma } from "../../generated/client/client";
import type { Database } from "../connect";
import { SEALED_PREFIX } from "./envelope";
import type { Sealer } from "./sealer";

/**
 * Resealing stored rows in small batches while the platform runs: values still in clear (rows
 * written before sealing existed) are sealed, and, for a rotation, values sealed under any key but
 * the current one are sealed again under it.
 *
 * Where: every JSON column (a sensitive field may be at any depth of one) and every text column named
 * as a sensitive field (a sponsor's `ssn`), found in the database's catalog, so a table added later is
 * covered without a list to keep. The event log is left out: events never carry a sensitive value
 * (they are redacted before they are written) and it is the largest table.
 *
 * How: each batch is one short transaction that locks its rows `FOR UPDATE SKIP LOCKED` (a row a
 * request is changing is skipped, not waited for, and left for the next run), reads them as stored,
 * reseals them and writes them back with `pap.keep_version` on, so no record's version (`updatedAt`,
 * its ETag) changes: nothing a client sees has changed. Batches walk the table by `ctid`, so every
 * row is visited once per run even when some cannot be resealed.
 */

export type ResealMode = "leftovers" | "rotate";

export type ColumnReport = { table: string; column: string; resealed: number; unreadable: number; remaining: number };

export type ResealReport = { keyId: string; columns: ColumnReport[]; resealed: number; unreadable: number; remaining: number };

type SealedColumn = { table: string; column: string; json: boolean };

/** Tables never resealed: the event log holds redacted values only. */
const EXEMPT_TABLES = ["platform_event", "_prisma_migrations"];

const quoted = (name: string) => Prisma.raw(`"${name.replace(/"/g, '""')}"`);

async function sealedColumns(db: Database, sealer: Sealer): Promise<SealedColumn[]> {
  const rows = await db.write(
    (tx) =>
      tx.$queryRaw<Array<{ table: string; column: string; json: boolean }>>`
      SELECT table_name AS "table", column_name AS "column", data_type = 'jsonb' AS json
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND NOT (table_name = ANY(${EXEMPT_TABLES}))
        AND (data_type = 'jsonb' OR (data_type IN ('text', 'character varying') AND column_name = ANY(${[...sealer.fields]})))
      ORDER BY table_name, column_name`,
  );
  return rows;
}

/** A JSON path finding any sensitive field holding a value that is not sealed. */
function clearValuePath(fields: ReadonlySet<string>): string {
  const field = (name: string) => `@."${name.replace(/["\\]/g, "\\$&")}"`;
  const clear = [...fields].map(
    (name) =>
      `(${field(name)}.type() == "string" && !(${field(name)} starts with "${SEALED_PREFIX}")) || ${field(name)}.type() == "number" || ${field(name)}.type() == "boolean" || ${field(name)}.type() == "object" || ${field(name)}.type() == "array"`,
  );
  return `lax $.** ? (${clear.join(" || ")})`;
}

/** The condition on one column that selects its rows needing work. */
function needsWork(column: SealedColumn, sealer: Sealer, mode: ResealMode): Prisma.Sql {
  const name = quoted(column.column);
  const clear = column.json
    ? Prisma.sql`jsonb_path_exists(${name}, ${clearValuePath(sealer.fields)}::jsonpath)`
    : Prisma.sql`(${name} IS NOT NULL AND ${name} NOT LIKE ${`${SEALED_PREFIX}%`})`;
  if (mode === "leftovers") return clear;
  // A value sealed under another key: the key id right after the prefix is not the current one.
  const prefix = SEALED_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const otherKey = `${column.json ? '"' : "^"}${prefix}(?!${sealer.keyring.sealing.id}:)`;
  return Prisma.sql`(${clear} OR ${name}::text ~ ${otherKey})`;
}

/** One column's rows resealed, batch after batch. */
async function resealColumn(
  db: Database,
  sealer: Sealer,
  column: SealedColumn,
  mode: ResealMode,
  batchSize: number,
): Promise<ColumnReport> {
  const table = quoted(column.table);
  const name = quoted(column.column);
  const condition = needsWork(column, sealer, mode);
  const report: ColumnReport = { table: column.table, column: column.column, resealed: 0, unreadable: 0, remaining: 0 };
  let after = "(0,0)";
  for (;;) {
    const visited = await db.write(async (tx) => {
      // As stored: the value's JSON text is read, so the transaction's own unsealing leaves it be.
      const rows = await tx.$queryRaw<Array<{ at: string; stored: string }>>(Prisma.sql`
        SELECT ctid::text AS at, to_jsonb(${name})::text AS stored FROM ${table}
        WHERE ctid > ${after}::tid AND ${condition} ORDER BY ctid LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`);
      const updates: Array<{ at: string; value: string }> = [];
      for (const row of rows) {
        try {
          const clear = sealer.unseal(JSON.parse(row.stored));
          updates.push({ at: row.at, value: JSON.stringify(column.json ? sealer.seal(clear) : sealer.sealValue(clear)) });
        } catch {
          // Sealed under a key this process does not hold: left as it is, and reported.
          report.unreadable++;
        }
      }
      if (updates.length) {
        // Not a change of the record: its version stays (the record_version trigger reads this).
        await tx.$executeRaw`SELECT set_config('pap.keep_version', 'on', true)`;
        const assign = column.json ? Prisma.sql`v.value::jsonb` : Prisma.sql`v.value::jsonb #>> '{}'`;
        await tx.$executeRaw(Prisma.sql`
          UPDATE ${table} AS t SET ${name} = ${assign}
          FROM unnest(${updates.map((update) => update.at)}::text[], ${updates.map((update) => update.value)}::text[]) AS v(at, value)
          WHERE t.ctid = v.at::tid`);
      }
      report.resealed += updates.length;
      return rows.at(-1)?.at;
    });
    if (visited === undefined) break;
    after = visited;
  }
  const [left] = await db.write((tx) =>
    tx.$queryRaw<Array<{ count: number }>>(Prisma.sql`SELECT count(*)::int AS count FROM ${table} WHERE ${condition}`),
  );
  report.remaining = left?.count ?? 0;
  return report;
}

/**
 * Reseals every sealed column's rows: `leftovers` seals clear values only (at start), `rotate` also
 * moves values sealed under older keys to the current one (`npm run keys:rotate`).
 */
export async function resealStored(
  db: Database,
  options: { mode: ResealMode; batchSize?: number; sealer?: Sealer; onColumn?: (report: ColumnReport) => void },
): Promise<ResealReport> {
  const sealer = options.sealer ?? db.sealer;
  const columns: ColumnReport[] = [];
  for (const column of await sealedColumns(db, sealer)) {
    const report = await resealColumn(db, sealer, column, options.mode, options.batchSize ?? 200);
    columns.push(report);
    options.onColumn?.(report);
  }
  const total = (key: "resealed" | "unreadable" | "remaining") => columns.reduce((sum, column) => sum + column[key], 0);
  return {
    keyId: sealer.keyring.sealing.id,
    columns,
    resealed: total("resealed"),
    unreadable: total("unreadable"),
    remaining: total("remaining"),
  };
}
