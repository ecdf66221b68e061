import { ConfigurationError } from "@pap/core";
import pg from "pg";

/**
 * The advisory lock every migration on PostgreSQL takes, whichever process runs it (a host's start,
 * `npm run migrate`). One fixed key for the platform: the digits mean nothing, they only have to differ
 * from the key Prisma's native engine takes for itself (72707369).
 */
export const MIGRATION_LOCK_KEY = 7_330_211_933;

export type LockOptions = {
  /** How long to wait for another holder before giving up (DATABASE_MIGRATE_LOCK_TIMEOUT_MS). */
  waitMs: number;
  log?: (message: string) => void;
};

/** Thrown when another host's migration held the lock past the wait: a message for the operator, not a stack trace. */
export class MigrationLockTimeout extends ConfigurationError {
  constructor(waitMs: number) {
    super([
      {
        variable: "DATABASE_MIGRATE_LOCK_TIMEOUT_MS",
        message: `Gave up after ${waitMs} ms waiting for another host's migration (PostgreSQL advisory lock ${MIGRATION_LOCK_KEY}): if no migration is running, find the session holding it (pg_locks, locktype 'advisory', objid ${MIGRATION_LOCK_KEY % 2 ** 32}); if one is, raise DATABASE_MIGRATE_LOCK_TIMEOUT_MS.`,
      },
    ]);
    this.name = "MigrationLockTimeout";
  }
}

/**
 * Runs `work` holding the migration lock, so that hosts starting at once on an empty database take
 * turns: the first applies, the others wait and then find nothing pending. The lock is a session's, on a
 * connection of its own held for the whole work (the migration's own connections come and go through the
 * pool); it is released at the end, and by the server if this process dies holding it. A session-level
 * lock needs a real session: behind a pooler in transaction mode, point DATABASE_URL at the server.
 */
export async function withMigrationLock<T>(url: string, options: LockOptions, work: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: url, application_name: "pap-migration-lock" });
  await holder.connect();
  try {
    const [{ taken }] = (await holder.query("SELECT pg_try_advisory_lock($1) AS taken", [MIGRATION_LOCK_KEY])).rows;
    if (!taken) {
      options.log?.(`waiting for another host's migration (up to ${options.waitMs} ms)`);
      // PostgreSQL's own wait, bounded by lock_timeout (advisory locks obey it): no polling.
      await holder.query(`SET lock_timeout = ${Math.max(1, Math.floor(options.waitMs))}`);
      try {
        await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      } catch (error) {
        if ((error as { code?: string }).code === "55P03") throw new MigrationLockTimeout(options.waitMs);
        throw error;
      }
      options.log?.("the other host's migration is done: this one goes on");
    }
    try {
      return await work();
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await holder.end().catch(() => {});
  }
}
