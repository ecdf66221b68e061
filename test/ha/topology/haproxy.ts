import { deployFile } from "./env-file";
import { GATEWAY_ADDRESS, type TestHost } from "./network";
import { type Started, startProcess } from "./processes";

export const LB_PORT = 8080;
export const LB_POSTGRES_PORT = 5433;
const LB_REPLICA_PORT = 5434;
export const LB_STATS_PORT = 8404;
export const PLATFORM_PORT = 4000;

/** HAProxy with deploy/haproxy/haproxy.cfg, its addresses from the environment as deploy/env/load-balancer.env names them. */
export function startLoadBalancer(runDirectory: string, platformHosts: TestHost[], databaseHosts: TestHost[]): Started {
  const env = {
    PATH: process.env.PATH,
    PAP_LB_ADDRESS: GATEWAY_ADDRESS,
    PAP_LB_PORT: String(LB_PORT),
    PAP_LB_POSTGRES_PORT: String(LB_POSTGRES_PORT),
    PAP_LB_REPLICA_PORT: String(LB_REPLICA_PORT),
    PAP_LB_STATS_PORT: String(LB_STATS_PORT),
    ...Object.fromEntries(platformHosts.map((host, index) => [`PAP_HOST${index + 1}`, `${host.address}:${PLATFORM_PORT}`])),
    ...Object.fromEntries(databaseHosts.map((host, index) => [`PAP_DB${index + 1}`, `${host.address}:5432`])),
  };
  return startProcess("haproxy", ["haproxy", "-db", "-f", deployFile("haproxy/haproxy.cfg")], { env, logDirectory: runDirectory });
}

/** Which servers HAProxy takes as up, by backend (its stats page as CSV). */
export async function serversUp(): Promise<Record<string, string[]>> {
  const csv = await (await fetch(`http://${GATEWAY_ADDRESS}:${LB_STATS_PORT}/;csv`, { signal: AbortSignal.timeout(2_000) })).text();
  const up: Record<string, string[]> = {};
  for (const line of csv.split("\n").slice(1)) {
    const [backend, server, ...rest] = line.split(",");
    if (!backend || !server || server === "FRONTEND" || server === "BACKEND") continue;
    if (rest[15]?.startsWith("UP")) (up[backend] ??= []).push(server);
  }
  return up;
}
