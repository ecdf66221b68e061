import path from "node:path";
import { spawnServer, type ServerProcess } from "./server-process";

export type RunningFloor = ServerProcess & { base: string };

/** Starts the floor server (server.ts) as its own process, with the platform's pool size. */
export async function startFloor(options: { repositoryRoot: string; databaseUrl: string; port: number }): Promise<RunningFloor> {
  const base = `http://127.0.0.1:${options.port}`;
  const server = await spawnServer({
    name: "floor",
    args: [path.join(options.repositoryRoot, "bench", "dist", "floor", "server.js")],
    cwd: options.repositoryRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(options.port), DATABASE_URL: options.databaseUrl, NODE_ENV: "production" },
    probes: [`${base}/healthz`, `${base}/readyz`],
    banner: /floor is running/,
    startTimeoutMs: 30_000,
  });
  return Object.assign(server, { base });
}
