import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import { portBlock, repositoryRoot, spawnServer, type Scope, type Server } from "../platform";
import { productionSettings } from "../production-settings";

// PostGraphile 5 as a comparison: a folder of its own (bench/anchors/postgraphile/, outside the npm
// workspaces, since it needs Node 22 and the project's newcomers run Node 20), installed from its
// committed lock file with Node 22's npm the first time a suite needs it, and run on that Node.

const nodeRelease = "22.23.3";
const folder = path.join(repositoryRoot, "bench", "anchors", "postgraphile");
const run = promisify(execFile);

/** The folder holding Node 22's `node`, the one scripts/node-release.sh keeps for CI too. */
async function node22(): Promise<string> {
  const { stdout } = await run(path.join(repositoryRoot, "scripts", "node-release.sh"), [nodeRelease], { cwd: repositoryRoot });
  return stdout.trim();
}

/** The version the anchor's package.json pins, and whether node_modules holds it. */
function installed(): { wanted: string; present: boolean } {
  const wanted = (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { dependencies: Record<string, string> })
    .dependencies.postgraphile!;
  const manifest = path.join(folder, "node_modules", "postgraphile", "package.json");
  const present = existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version === wanted;
  return { wanted, present };
}

/** Installs the anchor's packages (npm ci, with Node 22 first on PATH so its engines are met) unless they are there; returns Node 22's binary. */
export async function preparePostGraphile(log: (line: string) => void): Promise<{ node: string; version: string }> {
  const bin = await node22();
  const { wanted, present } = installed();
  if (!present) {
    log(`installing PostGraphile ${wanted} into ${path.relative(repositoryRoot, folder)} with Node ${nodeRelease} (npm ci)`);
    await run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: folder, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
  }
  return { node: path.join(bin, "node"), version: wanted };
}

/**
 * A PostgreSQL role for the JWT's state_admin, allowed to read persons and nothing else; named after
 * the database (roles are the server's, not the database's) and dropped with the scope.
 */
export async function readerRole(scope: Scope, db: pg.Client, database: string): Promise<string> {
  const role = `${database}_reader`;
  await db.query(`CREATE ROLE ${role} NOLOGIN`);
  scope.defer(async () => {
    await db.query(`DROP OWNED BY ${role}`);
    await db.query(`DROP ROLE ${role}`);
  });
  await db.query(`GRANT USAGE ON SCHEMA public TO ${role}; GRANT SELECT ON person TO ${role}`);
  return role;
}

/** PostGraphile (bench/anchors/postgraphile/server.mjs) over `databaseUrl`, checking the platform's tokens with the same key. */
export async function startPostGraphile(
  scope: Scope,
  options: { node: string; databaseUrl: string; role: string },
): Promise<Server & { base: string }> {
  const port = await portBlock();
  const server = await spawnServer(scope, {
    name: "postgraphile",
    command: options.node,
    // BENCH_NODE_ARGS as for the platform: with `--cpu-prof`, a profile of each side (told apart by pid).
    args: [...(process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean), path.join(folder, "server.mjs")],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      // The platform's pool size, so neither side waits for connections the other has.
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "20",
      JWT_SECRET: productionSettings.AUTH_SECRET,
      JWT_ISSUER: productionSettings.AUTH_ISSUER,
      JWT_AUDIENCE: productionSettings.AUTH_AUDIENCE,
      ROLES: JSON.stringify({ state_admin: options.role }),
    },
    probes: [],
    banner: /postgraphile listening/,
  });
  return Object.assign(server, { base: `http://127.0.0.1:${port}` });
}
