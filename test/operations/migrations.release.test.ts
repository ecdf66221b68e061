// Migrations as a release step (issue 33): hosts starting at once on one empty PostgreSQL database take
// turns under the migration lock, each migration is applied once and every host comes up; a host with
// DATABASE_MIGRATE=false never migrates and refuses a database that lacks a migration; production
// starts with migrations off once `npm run migrate` has run. Real child processes: the launcher
// (gateway/dist/main.js) and the migrate script (prisma/scripts/migrate.mjs); both need the build.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { MIGRATION_LOCK_KEY } from "@pap/db";
import { bannerLine, spawnLauncher, stopLaunched, stopped } from "../support/launcher";
import { createEmptyTestDatabase } from "../support/platform";
import { freePort } from "../support/ports";
import { waitFor } from "../support/waiting";

const root = path.join(__dirname, "../..");
const committed = readdirSync(path.join(root, "prisma/migrations"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const START_MS = 180_000;

/** Nothing answers here: the services a deployment names, which starting never calls (so no reference service starts). */
const nowhere = "http://127.0.0.1:9";

/** A production configuration the platform starts with (the suite's JWT settings come from the global setup). */
const production: Record<string, string> = {
  NODE_ENV: "production",
  PERSON_MATCH_KEY: "migrations-test-person-match-key-0123456789",
  ENCRYPTION_KEYS: `migrations:${Buffer.alloc(32, 7).toString("base64")}`,
  CONTENT_SIGNING_SECRET: "migrations-test-content-signing-secret-0123",
  VIRUS_SCAN: "off",
  NOTICE_EMAIL: "off",
  PLATFORM_TIME_ZONE: "America/New_York",
};

/** The launcher's environment: the test's, with this database, a port of its own and no reference services. */
async function hostEnv(databaseUrl: string, env: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: "",
    PLATFORM_MODE: "single",
    DATABASE_URL: databaseUrl,
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    APOLLO_TELEMETRY_DISABLED: "true",
    ELIGIBILITY_ADAPTER_URL: nowhere,
    DATA_EXCHANGE_AGENCY_URL: nowhere,
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === "") delete merged[name];
  return merged;
}

/** `npm run migrate` as the release runs it (the script, built already), with everything it prints. */
function migrateScript(databaseUrl: string, args: string[] = [], env: Record<string, string> = {}) {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(root, "prisma/scripts/migrate.mjs"), ...args], {
    env: { ...process.env, NODE_OPTIONS: "", DATABASE_URL: databaseUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { process: child, output: () => output.join(""), exit };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((resolve) => child.once("exit", resolve));

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const tablesIn = (url: string) =>
  withClient(url, async (client) => (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows.length);

const readyz = async (output: string) => {
  const rest = output.match(/REST\s+(https?:\/\/[^/\s]+)/)![1];
  return (await fetch(`${rest}/readyz`)).status;
};

const WAITING = "waiting for another host's migration";

afterAll(stopLaunched, 60_000);

describe("hosts starting together on an empty database", () => {
  it("take turns under the lock: every migration is applied once, and every host comes up ready", async () => {
    const url = await createEmptyTestDatabase("migrate_together");
    // The test holds the lock first, so that every process is seen waiting for it, whatever the order
    // they reach it in; then it lets them go all at once.
    const holder = new Client({ connectionString: url });
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const hosts = await Promise.all([1, 2].map(async () => spawnLauncher(await hostEnv(url, { DATABASE_MIGRATE: "true" }))));
    const scripts: ReturnType<typeof migrateScript>[] = [];
    const everyone = () => [...hosts, ...scripts];
    const allWaiting = async (what: string) =>
      waitFor(
        () => {
          const gone = everyone().find((one) => one.process.exitCode !== null);
          if (gone) throw new Error(`a process exited (${gone.process.exitCode}) while the lock was held:\n${gone.output()}`);
          return everyone().every((one) => one.output().includes(WAITING));
        },
        what,
        START_MS,
        100,
      );
    try {
      // The hosts queue for the lock first, so that one of them (PostgreSQL grants it in turn) applies
      // the migrations and goes on serving: what it leaves held, the others would run into.
      await allWaiting("both hosts to wait for the lock");
      scripts.push(...[1, 2, 3].map(() => migrateScript(url)));
      await allWaiting("every process to wait for the lock");
      await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);

      expect(await Promise.all(scripts.map((script) => script.exit))).toEqual([0, 0, 0]);
      for (const host of hosts) await bannerLine(host.process, host.output, "health", START_MS);
      expect(await Promise.all(hosts.map((host) => readyz(host.output())))).toEqual([200, 200]);

      const recorded = await withClient(
        url,
        async (client) =>
          (
            await client.query<{ name: string; times: number }>(
              "SELECT migration_name AS name, count(*)::int AS times FROM _prisma_migrations WHERE finished_at IS NOT NULL GROUP BY 1 ORDER BY 1",
            )
          ).rows,
      );
      expect(recorded).toEqual(committed.map((name) => ({ name, times: 1 })));
      // One process applied them all; the others found nothing left to do.
      const appliers = everyone().filter((one) => one.output().includes(`applied migrations: ${committed[0]}`));
      expect(appliers).toHaveLength(1);
      for (const script of scripts.filter((one) => !appliers.includes(one)))
        expect(script.output()).toContain("database already up to date");
      // No migration lock is left held once migrating is done (neither this platform's nor the one
      // Prisma's engine takes, 72707369), so a host started later, or the next release step, does not
      // wait for a running one. (A running platform's own advisory locks, its sequencer's, come and go.)
      const held = await withClient(url, async (client) =>
        (
          await client.query(
            "SELECT (classid::bigint << 32) | objid::bigint AS key FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
          )
        ).rows.map((row) => Number(row.key)),
      );
      expect(held.filter((key) => key === MIGRATION_LOCK_KEY || key === 72707369)).toEqual([]);
      const later = migrateScript(url, [], { DATABASE_MIGRATE_LOCK_TIMEOUT_MS: "1000" });
      expect(await later.exit).toBe(0);
      expect(later.output()).not.toContain(WAITING);
    } finally {
      await holder.end().catch(() => {});
      await Promise.all(hosts.map((host) => stopped(host.process)));
    }
  }, 300_000);

  it("a migration that waits past DATABASE_MIGRATE_LOCK_TIMEOUT_MS gives up with a clear message, having applied nothing", async () => {
    const url = await createEmptyTestDatabase("migrate_lock_timeout");
    await withClient(url, async (holder) => {
      await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const script = migrateScript(url, ["deploy"], { DATABASE_MIGRATE_LOCK_TIMEOUT_MS: "500" });
      expect(await script.exit).toBe(1);
      expect(script.output()).toContain(`${WAITING} (up to 500 ms)`);
      expect(script.output()).toMatch(/Gave up after 500 ms waiting for another host's migration .*raise DATABASE_MIGRATE_LOCK_TIMEOUT_MS/);
      expect(script.output()).not.toMatch(/\n\s+at /);
    });
    expect(await tablesIn(url)).toBe(0);
  });
});

describe("a host started with migrations off", () => {
  it("refuses an empty database, naming the missing migrations and the release step, and creates nothing", async () => {
    const url = await createEmptyTestDatabase("migrate_off");
    const host = spawnLauncher(await hostEnv(url, { DATABASE_MIGRATE: "false" }));
    expect(await exited(host.process)).toBe(1);
    const output = host.output();
    expect(output).toContain(`The database lacks all ${committed.length} migrations this release needs`);
    expect(output).toContain("`npm run migrate -- deploy`");
    expect(output).toContain(`  - ${committed[0]}\n`);
    expect(output).not.toMatch(/\n\s+at |is running/);
    expect(await tablesIn(url)).toBe(0);
  });

  it("in production (off by default) starts once `npm run migrate` has run, and starts beside a newer release's migration", async () => {
    const url = await createEmptyTestDatabase("migrate_release");
    const refused = spawnLauncher(await hostEnv(url, production));
    expect(await exited(refused.process)).toBe(1);
    expect(refused.output()).toContain("DATABASE_MIGRATE is false, as it is by default in production on PostgreSQL");
    expect(await tablesIn(url)).toBe(0);

    // The release step: `npm run migrate` with no arguments deploys to DATABASE_URL.
    const release = migrateScript(url);
    expect(await release.exit).toBe(0);
    expect(release.output()).toContain(`applied migrations: ${committed.join(", ")}`);
    // A host of the release before a newer one that added a migration, during a rolling deploy.
    const newer = "29991231000000_from_a_newer_release";
    await withClient(url, (client) =>
      client.query(
        "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, 'x', $2, now(), now(), 1)",
        ["00000000-0000-4000-8000-000000000033", newer],
      ),
    );

    const host = spawnLauncher(await hostEnv(url, production));
    try {
      await bannerLine(host.process, host.output, "health", START_MS);
      expect(await readyz(host.output())).toBe(200);
      expect(host.output()).toContain(`the database holds 1 migration this release does not know`);
      expect(host.output()).toContain(newer);
      expect(host.output()).not.toContain("applied migrations");
    } finally {
      await stopped(host.process);
    }
  }, 300_000);
});
