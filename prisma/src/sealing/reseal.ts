import type { Logger } from "@pap/core";
import { Prisma } from "../../generated/client/client";
import type { Database } from "../connect";
import { SEALED_PREFIX } from "./envelope";
import type { Sealer } from "./sealer";

/**
 * Resealing stored rows in small batches while the platform runs: values still in clear (rows
 * written before sealing existed, or before SENSITIVE_FIELDS named them) are sealed, and, for a
 * rotation, values sealed under any key but the current one are sealed again under it.
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
 *
 * Once: a column swept to the end with nothing left is recorded with the field names looked for
 * (`platform_sealing_sweep`). Every write since is sealed as it is written, so the start-up sweep
 * (`leftovers`) looks only through columns it has not swept, for names it has not looked for: a start
 * does not read every JSON value of the database, which at a million persons took minutes.
 */

export type ResealMode = "leftovers" | "rotate";

export type ColumnReport = { table: string; column: string; resealed: number; unreadable: number; remaining: number };

export type ResealReport = { keyId: string; columns: ColumnReport[]; resealed: number; unreadable: number; remaining: number };

type SealedColumn = { table: string; column: string; json: boolean };

/** A column to sweep and the sensitive field names to look for in it. */
type Sweep = SealedColumn & { fields: readonly string[] };

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
function clearValuePath(fields: readonly string[]): string {
  const field = (name: string) => `@."${name.replace(/["\\]/g, "\\$&")}"`;
  const clear = fields.map(
    (name) =>
      `(${field(name)}.type() == "string" && !(${field(name)} starts with "${SEALED_PREFIX}")) || ${field(name)}.type() == "number" || ${field(name)}.type() == "boolean" || ${field(name)}.type() == "object" || ${field(name)}.type() == "array"`,
  );
  return `lax $.** ? (${clear.join(" || ")})`;
}

/** The condition on one column that selects its rows needing work. */
function needsWork(sweep: Sweep, sealer: Sealer, mode: ResealMode): Prisma.Sql {
  const name = quoted(sweep.column);
  const clear = sweep.json
    ? Prisma.sql`jsonb_path_exists(${name}, ${clearValuePath(sweep.fields)}::jsonpath)`
    : Prisma.sql`(${name} IS NOT NULL AND ${name} NOT LIKE ${`${SEALED_PREFIX}%`})`;
  if (mode === "leftovers") return clear;
  // A value sealed under another key: the key id right after the prefix is not the current one.
  const prefix = SEALED_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const otherKey = `${sweep.json ? '"' : "^"}${prefix}(?!${sealer.keyring.sealing.id}:)`;
  return Prisma.sql`(${clear} OR ${name}::text ~ ${otherKey})`;
}

/**
 * What a run looks through: a rotation, every column for every name; the start-up sweep, each column
 * for the names no finished sweep of it looked for (a text column's one name is its own).
 */
async function sweepsFor(db: Database, sealer: Sealer, mode: ResealMode): Promise<Sweep[]> {
  const columns = await sealedColumns(db, sealer);
  const namesOf = (column: SealedColumn) => (column.json ? [...sealer.fields].sort() : [column.column]);
  if (mode === "rotate") return columns.map((column) => ({ ...column, fields: namesOf(column) }));
  const swept = new Map(
    (await db.prisma.sealingSweep.findMany()).map((row) => [`${row.table}.${row.column}`, new Set(row.fields)] as const),
  );
  return columns.flatMap((column) => {
    const done = swept.get(`${column.table}.${column.column}`);
    const fields = namesOf(column).filter((name) => !done?.has(name));
    return fields.length ? [{ ...column, fields }] : [];
  });
}

/** A column swept to its end with nothing left to seal: a later start need not look through it for these names again. */
async function recordSweep(db: Database, sweep: Sweep): Promise<void> {
  await db.write(
    (tx) => tx.$executeRaw`
      INSERT INTO platform_sealing_sweep (table_name, column_name, fields) VALUES (${sweep.table}, ${sweep.column}, ${[...sweep.fields]}::text[])
      ON CONFLICT (table_name, column_name) DO UPDATE
        SET fields = ARRAY(SELECT DISTINCT unnest(platform_sealing_sweep.fields || EXCLUDED.fields) ORDER BY 1), "sweptAt" = now()`,
  );
}

/** One column's rows resealed, batch after batch. */
async function resealColumn(
  db: Database,
  sealer: Sealer,
  column: Sweep,
  mode: ResealMode,
  options: { batchSize: number; signal?: AbortSignal },
): Promise<ColumnReport> {
  const table = quoted(column.table);
  const name = quoted(column.column);
  const condition = needsWork(column, sealer, mode);
  const report: ColumnReport = { table: column.table, column: column.column, resealed: 0, unreadable: 0, remaining: 0 };
  let after = "(0,0)";
  while (!options.signal?.aborted) {
    const visited = await db.write(async (tx) => {
      // As stored: the value's JSON text is read, so the transaction's own unsealing leaves it be.
      const rows = await tx.$queryRaw<Array<{ at: string; stored: string }>>(Prisma.sql`
        SELECT ctid::text AS at, to_jsonb(${name})::text AS stored FROM ${table}
        WHERE ctid > ${after}::tid AND ${condition} ORDER BY ctid LIMIT ${options.batchSize} FOR UPDATE SKIP LOCKED`);
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
  if (!report.remaining && !report.unreadable && !options.signal?.aborted) await recordSweep(db, column);
  return report;
}

/**
 * Reseals every sealed column's rows: `leftovers` seals clear values only, in the columns and for the
 * names not swept yet (at start); `rotate` looks through everything and also moves values sealed
 * under older keys to the current one (`npm run keys:rotate`). An aborted run stops between batches.
 */
export async function resealStored(
  db: Database,
  options: {
    mode: ResealMode;
    batchSize?: number;
    sealer?: Sealer;
    signal?: AbortSignal;
    onColumn?: (report: ColumnReport) => void;
  },
): Promise<ResealReport> {
  const sealer = options.sealer ?? db.sealer;
  const columns: ColumnReport[] = [];
  for (const sweep of await sweepsFor(db, sealer, options.mode)) {
    if (options.signal?.aborted) break;
    const report = await resealColumn(db, sealer, sweep, options.mode, { batchSize: options.batchSize ?? 200, signal: options.signal });
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

/**
 * The start-up sweep beside serving: reading a value stored in clear answers it as it is, so nothing
 * waits for the sweep, and a first start over a large legacy store serves at once. A failure is
 * logged, and the next start sweeps again; `stop` ends it between batches.
 */
export function keepStoreSealed(db: Database, logger: Pick<Logger, "info" | "error">): { done: Promise<void>; stop(): Promise<void> } {
  const stopping = new AbortController();
  const done = resealStored(db, { mode: "leftovers", signal: stopping.signal }).then(
    (report) => {
      if (report.resealed) logger.info({ rows: report.resealed }, "sealed values stored in clear");
    },
    (error: unknown) => {
      if (!stopping.signal.aborted) logger.error({ err: error }, "sealing values stored in clear failed; the next start tries again");
    },
  );
  return {
    done,
    stop: async () => {
      stopping.abort();
      await done;
    },
  };
}
