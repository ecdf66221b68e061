import path from "node:path";
import { distributedPorts } from "@pap/gateway";
import { benchProductionSettings } from "./auth";
import { spawnServer, type ServerProcess } from "./server-process";
import type { ModeName } from "./settings";

export type { StopOutcome } from "./server-process";

export type RunningMode = ServerProcess & {
  mode: ModeName;
  /** Where /graphql is served. */
  graphqlBase: string;
  /** Where the REST surface is served (a separate process in distributed mode). */
  restBase: string;
};

const startTimeoutMs = 90_000;

/** Starts the platform as `npm start` would, in a child process of its own (see spawnServer). */
export async function startMode(mode: ModeName, options: { repositoryRoot: string; databaseUrl: string; port: number }): Promise<RunningMode> {
  const main = path.join(options.repositoryRoot, "gateway", "dist", "main.js");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    // warn: per-request info logs would make logging the thing being measured.
    LOG_LEVEL: "warn",
    // What production runs with (Apollo, for one, changes behaviour on it).
    NODE_ENV: "production",
    CLUSTER_WORKERS: "2",
    // NODE_ENV=production turns the per-caller limits on; the load generator is one caller sending thousands a second.
    RATE_LIMIT: "false",
    // Production wants a scanner for uploads; a benchmark that uploads (bench:documents) names its
    // own, and the others upload nothing.
    ...(!process.env.CLAMD_URL && { VIRUS_SCAN: process.env.VIRUS_SCAN ?? "off" }),
  };
  // The mode comes from the flag only; an inherited PLATFORM_MODE or PGlite directory must not leak in.
  delete env.PLATFORM_MODE;
  delete env.PGLITE_DATA_DIR;
  // Production's authentication (JWT, with the benchmark's own key: `benchToken`) and the rest of what a production start asks for.
  for (const name of ["AUTH_MODE", "AUTH_JWKS_URI", "AUTH_PUBLIC_KEY"]) delete env[name];
  Object.assign(env, benchProductionSettings);
  const base = `http://127.0.0.1:${options.port}`;
  const restBase = mode === "distributed" ? `http://127.0.0.1:${distributedPorts(options.port).rest}` : base;
  const server = await spawnServer({
    name: mode,
    // BENCH_NODE_ARGS: flags for the platform's node (a profile of a run: `--cpu-prof --cpu-prof-dir=…`);
    // NODE_OPTIONS refuses some of them, and would reach the load generator too.
    args: [...nodeArgs(), main, ...(mode === "single" ? [] : [`--mode=${mode}`])],
    cwd: options.repositoryRoot,
    env,
    probes: [...new Set([base, restBase])].flatMap((face) => [`${face}/healthz`, `${face}/readyz`]),
    banner: /is running/i,
    startTimeoutMs,
  });
  return Object.assign(server, { mode, graphqlBase: base, restBase });
}

const nodeArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
