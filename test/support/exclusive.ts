// Suites that flood the machine (the fuzz suite's thousands of requests, the memory suite's 200 MB
// through the disk and clamd) must not run beside each other: each measures something the other
// disturbs (answers within 5 s; a process's resident memory, which its garbage collector's background
// threads keep down only when they get a core). Jest runs one file per core, so such files take
// turns through a PostgreSQL advisory lock, held for the whole file; the lighter suites keep both
// cores busy meanwhile.
import { Client } from "pg";

/** The advisory lock's key: any fixed number no other user of the test server takes. */
const HEAVY_SUITE_LOCK = 7_150_019;

/** In a file's beforeAll: waits until no other heavy suite runs, and holds the turn until its afterAll. */
export function runAlone(): void {
  const waitSeconds = 30 * 60;
  let release: (() => Promise<void>) | undefined;
  beforeAll(
    async () => {
      release = await takeTurn(HEAVY_SUITE_LOCK, waitSeconds);
    },
    (waitSeconds + 60) * 1000,
  );
  afterAll(async () => {
    await release?.();
  });
}

/** The lock distributed deployments take turns by (startDistributedForTest). */
export const DISTRIBUTED_DEPLOYMENT_LOCK = 7_150_020;

/**
 * Waits until no other test file holds `key`, and holds it until the returned release is called (or the
 * process ends). A wait longer than `withinSeconds` fails, rather than leave a request for the lock
 * behind a test that gave up, which would take the turn later and never let it go.
 */
export async function takeTurn(key: number, withinSeconds = 180): Promise<() => Promise<void>> {
  const holder = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await holder.connect();
  try {
    await holder.query(`SET lock_timeout = '${withinSeconds}s'`);
    await holder.query("SELECT pg_advisory_lock($1)", [key]);
  } catch (error) {
    await holder.end();
    throw new Error(`waited ${withinSeconds} s for another test file's turn to end: ${(error as Error).message}`);
  }
  // Ending the session lets the lock go, as it would if the file's process died.
  return () => holder.end();
}
