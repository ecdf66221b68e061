import path from "node:path";
import pg from "pg";
import { authorize } from "./auth";
import { createDatabase, migrate, type BenchDatabase } from "./database";
import { startMode, type RunningMode, type StopOutcome } from "./modes";
import { firstLine, onInterrupt, positive } from "./process";

/** Where a single-mode benchmark runs: the server its throwaway database lives on, the repository, the platform's port. */
export type SessionTarget = { adminUrl: string; repositoryRoot: string; port: number };

/** The target from the environment; each benchmark keeps a port of its own, so they can run side by side. */
export function sessionTargetFromEnv(env: NodeJS.ProcessEnv, port: { variable: string; fallback: number }): SessionTarget {
  return {
    adminUrl: env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    // Compiled to bench/dist/*.js: the repository root is two levels up.
    repositoryRoot: path.resolve(__dirname, "../.."),
    port: positive(env, port.variable, port.fallback),
  };
}

/** What a benchmark's measurements are given: the running platform and a connection to its database. */
export type SingleSession = { server: RunningMode; db: pg.Client; database: BenchDatabase };

export type SessionOutcome = { interrupted: boolean; startSeconds: number; stop: StopOutcome | null };

/**
 * The frame of a benchmark against the platform in single mode: a fresh database, migrated (then
 * `prepare`d before the platform starts, for data seeded behind its back), the platform started and
 * signed in to, and a database connection; `measure` runs the phases. Whatever happens — a failure
 * (handed to `failed` with its first line, so unmeasured phases can say why), or Ctrl-C — the
 * platform is stopped and the database dropped.
 */
export async function inSingleSession(options: SessionTarget & {
  log(message: string): void;
  prepare?(database: BenchDatabase): Promise<void>;
  measure(session: SingleSession): Promise<void>;
  failed(reason: string): void;
}): Promise<SessionOutcome> {
  const { log } = options;
  const database = await createDatabase(options.adminUrl);
  let running: RunningMode | null = null;
  let db: pg.Client | null = null;
  // Kept so the run, whose phases fail fast once the server is gone, waits for the drop instead of
  // exiting half-way through it and leaving the database behind.
  let interruption: Promise<void> | null = null;
  const cleanUp = onInterrupt(
    () =>
      (interruption ??= (async () => {
        // Our own connection first: the forced drop would otherwise end it with an unhandled error.
        await db?.end().catch(() => {});
        await running?.stop();
        await database.drop();
      })()),
  );
  let startSeconds = 0;
  let stop: StopOutcome | null = null;
  try {
    log(`database ${database.name}: migrating`);
    await migrate(options.repositoryRoot, database.url);
    await options.prepare?.(database);
    log("single: starting");
    running = await startMode("single", { repositoryRoot: options.repositoryRoot, databaseUrl: database.url, port: options.port });
    await authorize();
    startSeconds = running.startSeconds;
    log(`single: ready in ${startSeconds.toFixed(1)} s`);
    db = new pg.Client({ connectionString: database.url });
    // A broken connection fails the phase using it (its query rejects); it must not crash the run unhandled.
    db.on("error", (error) => process.stderr.write(`database connection: ${error.message}\n`));
    await db.connect();
    await options.measure({ server: running, db, database });
  } catch (error) {
    const message = (error as Error).message;
    process.stderr.write(`${message}\n`);
    options.failed(firstLine(message));
  } finally {
    if (interruption) await (interruption as Promise<void>).catch(() => {});
    await db?.end().catch(() => {});
    if (running) {
      stop = await running.stop();
      log(`single: ${stop.killed ? `still running ${stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped in ${stop.seconds.toFixed(1)} s`}`);
    }
    await database.drop().catch((error) => process.stderr.write(`could not drop ${database.name}: ${(error as Error).message}\n`));
    cleanUp();
  }
  return { interrupted: interruption !== null, startSeconds, stop };
}
