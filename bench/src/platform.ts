import { execFile, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { authSettingsFromEnv, signToken, type Role } from "@pap/kernel/auth";
import { openDatabase, resealStored, sealerFromEnv } from "@pap/db";
import { searchIndexOf } from "@pap/events";
import { distributedPorts, domains } from "@pap/gateway";
import pg from "pg";
import { sleep, waitFor } from "./measure";
import { productionSettings } from "./production-settings";

// What every suite stands on: a throwaway database, servers as child processes, credentials, and a scope to undo it all.

/** Compiled to bench/dist/*.js: the repository root is two levels up. */
export const repositoryRoot = path.resolve(__dirname, "../..");
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

const authSettings = authSettingsFromEnv(productionSettings);

/** A token as the identity provider would issue it, signed with the benchmark's key. */
export const benchToken = (roles: Role[], claims: { sub: string; userId?: string }) =>
  signToken(authSettings, { sub: claims.sub, userId: claims.userId ?? claims.sub, roles, counties: [] }, 8 * 3600);

/** A state administrator's credential, what the load generator sends (filled by signIn). */
export const admin: Record<string, string> = {};
export async function signIn(): Promise<void> {
  admin.authorization = `Bearer ${await benchToken(["state_admin"], { sub: "bench" })}`;
}

/** What a suite started, closed in reverse order when it ends, fails or is interrupted. */
export class Scope {
  private readonly closers: (() => Promise<unknown>)[] = [];
  defer(close: () => Promise<unknown>): void {
    this.closers.push(close);
  }
  async close(): Promise<void> {
    for (const close of this.closers.splice(0).reverse())
      await close().catch((error: Error) => process.stderr.write(`cleaning up: ${error.message}\n`));
  }
}

/** A fresh, migrated database, so figures never depend on what an earlier run left behind; dropped when the scope closes. */
export async function freshDatabase(scope: Scope): Promise<{ url: string; client: pg.Client }> {
  // Unique per run, so a run after a crash that skipped the drop never clashes.
  const name = `pap_bench_${Date.now().toString(36)}_${process.pid}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  // FORCE: a server killed mid-request may leave a backend behind that would block the drop.
  scope.defer(() => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  try {
    await promisify(execFile)(process.execPath, [path.join(repositoryRoot, "prisma", "scripts", "migrate.mjs"), "deploy", "--url", url], {
      cwd: repositoryRoot,
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`migration failed: ${failure.message}\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
  }
  const client = new pg.Client({ connectionString: url });
  // A broken connection fails the query using it; it must not crash the run unhandled.
  client.on("error", (error) => process.stderr.write(`database connection: ${error.message}\n`));
  await client.connect();
  scope.defer(() => client.end());
  return { url, client };
}

/**
 * What the platform derives from rows written by SQL, made by its own code before it starts, as a
 * deployment's store holds it: their search documents, and the sealing sweep's record (values a seed
 * stored in clear sealed under the benchmark's keys), so that no start does either beside the
 * measurement. A bulk load gives a larger `batchSize` than the platform's own (a batch per 1,000
 * records is made to stay short beside other writers, of which a seeded database has none).
 */
export async function deriveFromSeededRows(url: string, batchSize?: number): Promise<number> {
  const started = Date.now();
  const database = await openDatabase(
    { kind: "postgres", url, poolSize: 2 },
    { migrate: false, sealer: sealerFromEnv({ ...process.env, ...productionSettings }) },
  );
  try {
    await searchIndexOf(domains.flatMap((domain) => domain.search ?? [])).catchUp(database.prisma, { batchSize });
    await resealStored(database, { mode: "leftovers" });
    // Fresh statistics for what was written behind the planner's back.
    await database.prisma.$executeRawUnsafe("ANALYZE");
  } finally {
    await database.close();
  }
  return (Date.now() - started) / 1000;
}

/** Numbering follows the commit: true once every event has its log position, false if some still lack one after 10 s. */
export const eventsNumbered = (db: pg.Client) =>
  waitFor(async () => !(await db.query("SELECT 1 FROM platform_event WHERE position IS NULL LIMIT 1")).rowCount, 10_000, 200);

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A child process of the benchmark; `exited` is set when it exited on its own: a crash under load must not pass as a slow run. */
export type Server = {
  name: string;
  pid: number;
  output(): string;
  linesPrinted(): number;
  exited(): string | null;
  stop(): Promise<void>;
};

// Each start gets a block of its own (distributed mode takes base … base + 30): a socket slow to be
// released by one start never collides with the next. Other benchmark runs on the same machine count
// blocks too: each run starts at a block of its own process id's (below the ephemeral ports) and takes
// only a block where nothing listens yet. The block at 6000 is skipped: fetch refuses X11's port.
const firstPort = 4600;
const blocks = 200;
let nextPort = firstPort + 100 * (process.pid % blocks);
const blockWidth = 31;
export async function portBlock(): Promise<number> {
  for (let tried = 0; tried < blocks; tried++) {
    nextPort = nextPort + 100 >= firstPort + 100 * blocks ? firstPort : nextPort + 100;
    if (nextPort === 6000) continue;
    if (await allFree(nextPort, blockWidth)) return nextPort;
  }
  throw new Error(`no free block of ${blockWidth} ports from ${firstPort}`);
}

/** Whether nothing listens on 127.0.0.1 at any of `count` ports from `base`. */
async function allFree(base: number, count: number): Promise<boolean> {
  for (let port = base; port < base + count; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
    });
    if (!free) return false;
  }
  return true;
}
// Generous: a distributed platform starts a dozen processes, and these cores are shared.
// A launch may allow more (the scale suite's million rows).
const defaultStartSeconds = 180;

/**
 * A Node.js server (or `command`) in a process group of its own (the load generator must not share its
 * event loop, and stopping the group stops the workers it forked); ready once every probe answers 200
 * and the banner is printed (a cluster's first worker answers probes before the last listens). With
 * `cpus` it runs under `taskset -c`, which execs it: the pid and the group stay the server's.
 */
export async function spawnServer(
  scope: Scope,
  launch: {
    name: string;
    args: string[];
    env: NodeJS.ProcessEnv;
    probes: string[];
    banner?: RegExp;
    command?: string;
    cpus?: string;
    startSeconds?: number;
  },
): Promise<Server> {
  const command = launch.command ?? process.execPath;
  const [file, args] = launch.cpus ? ["taskset", ["-c", launch.cpus, command, ...launch.args]] : [command, launch.args];
  const child = spawn(file, args, {
    cwd: repositoryRoot,
    env: launch.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let printed = 0;
  const keep = (chunk: Buffer) => {
    const added = chunk.toString("utf8").split("\n").filter(Boolean);
    printed += added.length;
    lines.push(...added);
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exitedWith: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => resolve(void (exitedWith = signal ?? `exit code ${code}`))),
  );
  let stopping: Promise<void> | undefined;
  const server: Server = {
    name: launch.name,
    output: () => lines.slice(-40).join("\n"),
    linesPrinted: () => printed,
    exited: () => exitedWith,
    stop: () => (stopping ??= stopGroup(child.pid!, exited)),
    pid: child.pid!,
  };
  scope.defer(server.stop);
  const startSeconds = launch.startSeconds ?? defaultStartSeconds;
  const deadline = Date.now() + startSeconds * 1000;
  const ready = async () => {
    for (const url of launch.probes) while (!(await answers(url))) await waitUntil(deadline, startSeconds, `${url} did not answer 200`);
    while (launch.banner && !launch.banner.test(server.output()))
      await waitUntil(deadline, startSeconds, `healthy, but no banner (${launch.banner})`);
  };
  try {
    await Promise.race([ready(), exited.then(() => Promise.reject(new Error(`the server exited (${exitedWith}) before it was ready`)))]);
  } catch (error) {
    await server.stop();
    throw new Error(`${launch.name}: ${(error as Error).message}\n--- server output ---\n${server.output()}`);
  }
  return server;
}

async function waitUntil(deadline: number, startSeconds: number, failure: string): Promise<void> {
  if (Date.now() > deadline) throw new Error(`${failure} within ${startSeconds} s`);
  await sleep(100);
}

const answers = (url: string): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(2_000) })
    .then((response) => response.arrayBuffer().then(() => response.ok))
    .catch(() => false);

/** SIGTERM to the whole group (a graceful stop), SIGKILL if any of it lingers past 5 s. */
async function stopGroup(pid: number, exited: Promise<void>): Promise<void> {
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-pid, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  signal("SIGTERM");
  if (!(await waitFor(() => !signal(0), 5_000, 50))) {
    process.stderr.write(`process group ${pid} still running 5 s after SIGTERM: killed\n`);
    signal("SIGKILL");
  }
  await exited;
}

export const modeNames = ["single", "cluster", "distributed"] as const;
export type ModeName = (typeof modeNames)[number];
export type Platform = Server & { mode: ModeName; graphqlBase: string; restBase: string };

/** The platform as `npm start` starts it, with production's settings; `env` adds a suite's own. */
export async function startPlatform(
  scope: Scope,
  databaseUrl: string,
  options: { mode?: ModeName; env?: NodeJS.ProcessEnv; cpus?: string; entry?: string; startSeconds?: number } = {},
): Promise<Platform> {
  const mode = options.mode ?? "single";
  const port = await portBlock();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    // warn: per-request info logs would make logging the thing measured.
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    CLUSTER_WORKERS: "2",
    // Production turns on per-caller limits; the load generator is one caller sending thousands a second.
    RATE_LIMIT: "false",
    // Production wants a scanner for uploads; the documents suite names its own, the others upload nothing.
    VIRUS_SCAN: "off",
    // Notices are printed rather than emailed: no benchmark measures a mail server.
    NOTICE_EMAIL: "off",
    ...productionSettings,
    ...options.env,
  };
  // The mode comes from the flag only, authentication from the settings above.
  for (const name of ["PLATFORM_MODE", "PGLITE_DATA_DIR", "AUTH_MODE", "AUTH_JWKS_URI", "AUTH_PUBLIC_KEY"]) delete env[name];
  const base = `http://127.0.0.1:${port}`;
  const restBase = mode === "distributed" ? `http://127.0.0.1:${distributedPorts(port).rest}` : base;
  const server = await spawnServer(scope, {
    name: mode,
    // BENCH_NODE_ARGS: flags for the platform's node (a profile: `--cpu-prof --cpu-prof-dir=…`), which NODE_OPTIONS refuses.
    args: [
      ...(process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean),
      // `entry`: another script starting the same platform (the scale suite's statement log).
      options.entry ?? path.join(repositoryRoot, "gateway", "dist", "main.js"),
      ...(mode === "single" ? [] : [`--mode=${mode}`]),
    ],
    env,
    probes: [...new Set([base, restBase])].flatMap((face) => [`${face}/healthz`, `${face}/readyz`]),
    banner: /is running/i,
    cpus: options.cpus,
    startSeconds: options.startSeconds,
  });
  return Object.assign(server, { mode, graphqlBase: base, restBase });
}

/** The floor (floor/server.ts), with the platform's pool size and its keys for sealed values. */
export async function startFloor(scope: Scope, databaseUrl: string): Promise<Server & { base: string }> {
  const port = await portBlock();
  const base = `http://127.0.0.1:${port}`;
  const server = await spawnServer(scope, {
    name: "floor",
    args: [path.join(repositoryRoot, "bench", "dist", "floor", "server.js")],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      ENCRYPTION_KEYS: productionSettings.ENCRYPTION_KEYS,
    },
    probes: [`${base}/healthz`, `${base}/readyz`],
    banner: /floor is running/,
  });
  return Object.assign(server, { base });
}

/** A measurement that a crash of the servers fails; what they logged meanwhile (at warn, worth seeing beside the figures) is shown. */
export async function watched<T>(servers: Server[], work: () => Promise<T>): Promise<T> {
  const before = servers.map((server) => server.linesPrinted());
  try {
    const value = await work();
    const gone = servers.find((server) => server.exited());
    if (gone) throw new Error(`${gone.name} exited during the measurement (${gone.exited()})\n${gone.output()}`);
    return value;
  } finally {
    servers.forEach((server, index) => {
      const logged = server.linesPrinted() - before[index]!;
      const shown = server.output().split("\n").slice(-Math.min(logged, 5));
      const cut = shown.map((line) => line.slice(0, 400)).join("\n");
      if (logged) process.stderr.write(`--- ${server.name} logged ${logged} line(s); the last ${shown.length}: ---\n${cut}\n`);
    });
  }
}
