import { mkdirSync } from "node:fs";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPg } from "@prisma/adapter-pg";
import { PGlite, type Extension } from "@electric-sql/pglite";
import { watchPool } from "@pap/core";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "../generated/client/client";
import type { DatabaseConfig } from "./config";
import { driverSql, type SqlTransaction, type StatementRunner } from "./driver-transaction";
import { migrateDatabase, requireMigrated, type MigrationMode } from "./migrating";
import { sealingClient } from "./sealing/client";
import { sealerFromEnv, type Sealer } from "./sealing/sealer";
import { isSharedSession } from "./share";
import { TimedClient } from "./timed-client";

/**
 * Reads rows with one parameterized statement, straight through the driver. Prisma's model queries cost
 * several times the statement itself on a lookup by key (measured: about 360 µs against 80 µs for a
 * person by id), so the hottest reads (records by id, search) take this way; everything else uses
 * Prisma. The text must be fixed (values only as parameters): on PostgreSQL each text is a prepared
 * statement (`preparedQuery`).
 */
export type RowReader = <T>(text: string, params: readonly unknown[]) => Promise<T[]>;

export type Database = {
  prisma: PrismaClient;
  /** The hot-read path beside Prisma, on the same connections (RowReader). */
  read: RowReader;
  /**
   * The audit trail's appends, single statements like `read`'s. On PostgreSQL they run on connections of
   * their own, so that a sensitive read's entry, which its answer waits for, never queues behind the
   * requests waiting for the main pool: a page of persons at 50 connections waited for the pool a
   * third time, for its entry, where a read without a trail waits twice (page, count). Elsewhere, `read`.
   */
  append: RowReader;
  /**
   * The event hub's following of the log (numbering and reading what is new), single statements like
   * `read`'s. On PostgreSQL it runs on a connection of its own, so that live delivery never queues
   * behind the requests and durable consumers waiting for the main pool: at 1,000 events a second the
   * consumers alone keep that pool busy. Elsewhere, `read`.
   */
  follow: RowReader;
  /**
   * The hot-write path beside Prisma: one transaction on a pooled connection of the same pool, for
   * writes made of raw SQL alone (a person's create and its event). Prisma's interactive transaction
   * and model query cost several times the statements on the platform's hottest write.
   */
  write<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  config: DatabaseConfig;
  /**
   * What is stored sealed and with which keys. `prisma`, `read` and `write` apply it already (values
   * sealed on the way in, unsealed on the way out); a caller needs it only to reseal stored rows.
   */
  sealer: Sealer;
  /** Present on PostgreSQL: the pool Prisma uses, for LISTEN/NOTIFY and diagnostics. */
  pool?: pg.Pool;
  /** Present on PGlite: the embedded engine, so it can be shared over a socket with other processes. */
  pglite?: PGlite;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
};

export type OpenOptions = {
  /**
   * What to do about migrations before anything else: `true` or `"apply"` (the default) applies the
   * pending ones (on PostgreSQL under the migration lock), `"check"` refuses with DatabaseNotMigrated
   * unless none is pending (DATABASE_MIGRATE=false), `false` or `"none"` neither.
   */
  migrate?: boolean | MigrationMode;
  log?: (message: string) => void;
  /** Where a check says the database holds migrations this release does not know; `log` unless given. */
  warn?: (message: string) => void;
  /** How long to wait for another host's migration; DATABASE_MIGRATE_LOCK_TIMEOUT_MS unless given. */
  lockWaitMs?: number;
  /** Called with every SQL statement Prisma sends and its parameters as JSON (diagnostics, the N+1 and index tests); off unless given. */
  onQuery?: (sql: string, params: string) => void;
  /** What to seal with; from ENCRYPTION_KEYS and SENSITIVE_FIELDS unless given. */
  sealer?: Sealer;
};

const modeOf = (migrate: OpenOptions["migrate"]): MigrationMode =>
  migrate === undefined || migrate === true ? "apply" : migrate === false ? "none" : migrate;

/** Opens the database, applying pending migrations first unless told not to (or only checking them). */
export async function openDatabase(config: DatabaseConfig, givenOptions: OpenOptions = {}): Promise<Database> {
  // Read before connecting: a production start without keys of its own stops here, having touched nothing.
  const options = { ...givenOptions, sealer: givenOptions.sealer ?? sealerFromEnv() };
  const db = config.kind === "postgres" ? openPostgres(config, options) : await openPglite(config, options);
  try {
    const mode = modeOf(options.migrate);
    if (mode === "apply") await migrateDatabase(db, { log: options.log, lockWaitMs: options.lockWaitMs });
    if (mode === "check") await requireMigrated(db, options.warn ?? options.log);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * How long a transaction may wait for a pooled connection, and run. Prisma's defaults (2 s, 5 s) turn a
 * busy moment on a small machine into failed requests; these leave room for a loaded two-core host.
 */
const transactionOptions = { maxWait: 15_000, timeout: 20_000 };

type SealingOptions = OpenOptions & { sealer: Sealer };

function createClient(adapter: SqlMigrationAwareDriverAdapterFactory, options: SealingOptions): PrismaClient {
  if (!options.onQuery) return sealingClient(new PrismaClient({ adapter, transactionOptions }), options.sealer);
  const onQuery = options.onQuery;
  const client = new PrismaClient({ adapter, transactionOptions, log: [{ emit: "event", level: "query" }] });
  client.$on("query", (event) => onQuery(event.query, event.params));
  return sealingClient(client, options.sealer);
}

/** Each statement reported as Prisma's are, when a caller listens. */
function reported(run: StatementRunner, onQuery: OpenOptions["onQuery"]): StatementRunner {
  return onQuery ? (text, values) => (onQuery(text, JSON.stringify(values)), run(text, values)) : run;
}

/** A transaction on one pooled connection: BEGIN, the work, COMMIT; a failure rolls back, and a connection that cannot is not reused. */
function poolWriter(pool: pg.Pool, onQuery: OpenOptions["onQuery"], sealer: Sealer): Database["write"] {
  return async (work) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(
        driverSql(
          reported(async (text, values) => {
            const answer = await client.query(text, values);
            return { rows: answer.rows, count: answer.rowCount ?? 0 };
          }, onQuery),
          sealer,
        ),
      );
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** The hot-read path over a driver's own query function, each statement reported as Prisma's are, its rows unsealed. */
function rowReader(
  query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
  onQuery: OpenOptions["onQuery"],
  sealer: Sealer,
): RowReader {
  return async <T>(text: string, params: readonly unknown[]) => {
    onQuery?.(text, JSON.stringify(params));
    return sealer.unseal((await query(text, [...params])).rows) as T[];
  };
}

/**
 * More distinct statement texts than the hot reads have (a handful per domain) means a caller builds
 * its text from values: those run unnamed rather than filling every connection with statements.
 */
const MAX_PREPARED = 256;

/**
 * PostgreSQL's way for the hot reads: each statement text is prepared once per connection (a named
 * statement) and then only bound and executed. An unnamed statement is parsed, analyzed and planned
 * every time (about 0.2–0.4 ms of the server's CPU for a search's statement). A prepared one is
 * planned for its values its first five runs, then, by PostgreSQL's own rule, once for all values
 * unless that generic plan is estimated dearer.
 */
export function preparedQuery(pool: Pick<pg.Pool, "query">): (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> {
  const names = new Map<string, string>();
  let made = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `pap_read_${++made}`));
    return name;
  };
  return async (text, values) => {
    const name = nameOf(text);
    if (name === undefined) return pool.query(text, values);
    try {
      return await pool.query({ name, text, values });
    } catch (error) {
      // A migration applied while the process runs can change what `SELECT *` returns; PostgreSQL then
      // refuses the prepared statement on every connection that has it: prepare it again, under a new name.
      if ((error as { code?: string }).code !== "0A000") throw error;
      const renamed = `pap_read_${++made}`;
      names.set(text, renamed);
      return pool.query({ name: renamed, text, values });
    }
  };
}

function openPostgres(config: Extract<DatabaseConfig, { kind: "postgres" }>, options: SealingOptions): Database {
  // JIT off: the platform's statements are short lookups and a few joins over the event log (the metrics),
  // whose compile time JIT never repays; off per connection, so no statement needs a transaction to say so.
  // An idle connection the server or the network drops is reported, and unheard it would end the
  // process; the pool has discarded it already and opens a new one when next asked. Pools open lazily.
  const pools: { pool: pg.Pool; unwatch: () => void }[] = [];
  const openPool = (name: string, max: number, connection: string) => {
    const opened = new pg.Pool({ connectionString: config.url, max, options: "-c jit=off", Client: TimedClient });
    opened.on("error", (error) => options.log?.(`an idle ${connection} connection broke: ${error.message}`));
    pools.push({ pool: opened, unwatch: watchPool(name, opened) });
    return opened;
  };
  const pool = openPool("main", config.poolSize, "database");
  // Two: the trail writes each turn's entries in one statement, so a second connection only carries a
  // turn whose statement starts while the last is still being written.
  const appendPool = openPool("audit", 2, "audit");
  // One: the hub reads one page at a time, and wake-ups during a read fold into the next.
  const followPool = openPool("events", 1, "event-log");
  const adapterFactory = new PrismaPg(pool);
  const prisma = createClient(adapterFactory, options);
  // On the shared embedded store every connection is one session: named statements would collide there.
  const statementsOn = (on: pg.Pool) =>
    isSharedSession(config.url) ? (text: string, values: unknown[]) => on.query(text, values) : preparedQuery(on);
  return {
    prisma,
    read: rowReader(statementsOn(pool), options.onQuery, options.sealer),
    append: rowReader(statementsOn(appendPool), options.onQuery, options.sealer),
    follow: rowReader(statementsOn(followPool), options.onQuery, options.sealer),
    write: poolWriter(pool, options.onQuery, options.sealer),
    config,
    sealer: options.sealer,
    pool,
    adapterFactory,
    async close() {
      for (const each of pools) each.unwatch();
      await prisma.$disconnect();
      await Promise.all(pools.map((each) => each.pool.end().catch(() => {})));
    },
  };
}

// The package's types for its contrib modules are ESM-only, though it ships CommonJS builds of them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require("@electric-sql/pglite/contrib/pg_trgm") as { pg_trgm: Extension };

async function openPglite(config: Extract<DatabaseConfig, { kind: "pglite" }>, options: SealingOptions): Promise<Database> {
  if (config.dataDir !== "memory") mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true });
  // pg_trgm: the lists' trigram indexes (created by a migration) exist on the embedded store too.
  const pglite = new PGlite(config.dataDir === "memory" ? "memory://" : config.dataDir, { extensions: { pg_trgm } });
  await pglite.waitReady;
  const adapterFactory = new PrismaPGlite(pglite);
  const prisma = createClient(adapterFactory, options);
  const read = rowReader((text, params) => pglite.query(text, params), options.onQuery, options.sealer);
  return {
    prisma,
    read,
    append: read,
    follow: read,
    write: (work) =>
      pglite.transaction((tx) =>
        work(
          driverSql(
            reported(async (text, values) => {
              const answer = await tx.query(text, values);
              return { rows: answer.rows, count: answer.affectedRows ?? 0 };
            }, options.onQuery),
            options.sealer,
          ),
        ),
      ),
    config,
    sealer: options.sealer,
    pglite,
    adapterFactory,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
