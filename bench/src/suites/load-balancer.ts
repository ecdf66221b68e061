import { execFileSync } from "node:child_process";
import path from "node:path";
import { waitFor } from "../measure";
import { portBlock, repositoryRoot, spawnServer, type Scope, type Server } from "../platform";
import { fail } from "../suite";

// HAProxy as a deployment runs it: deploy/haproxy/haproxy.cfg itself, its addresses from the
// environment as deploy/env/load-balancer.env names them, every port on 127.0.0.1 from the bench's
// own block (the HA test's HAProxy binds 10.213.0.1: the two never meet).

/** The configuration's platform servers, in its backend. */
const hostSlots = ["host1", "host2", "host3"] as const;
export const maxHosts = hostSlots.length;

export type LoadBalancer = Server & { base: string; statsUrl: string };

/** Fails with what to install when a tool the suite runs is missing, before anything is started. */
export function requireTools(tools: readonly { command: string; args: string[]; from: string }[]): void {
  for (const tool of tools) {
    try {
      execFileSync(tool.command, tool.args, { stdio: "ignore" });
    } catch {
      fail(`\`${tool.command}\` is needed and could not be run: install ${tool.from}`);
    }
  }
}

/**
 * HAProxy in front of `hosts` (addresses such as 127.0.0.1:4700); the configuration's other host slots
 * point at a port of the bench's block where nothing listens, so their checks fail and HAProxy marks
 * them down. Its database listeners point at `database` (nothing uses them here: the hosts connect to
 * PostgreSQL directly, and their Patroni check port answers nothing, so they stay down).
 */
export async function startLoadBalancer(scope: Scope, hosts: readonly string[], database: string): Promise<LoadBalancer> {
  if (hosts.length > maxHosts) fail(`deploy/haproxy/haproxy.cfg balances ${maxHosts} hosts, not ${hosts.length}`);
  const port = await portBlock();
  const [lbPort, postgresPort, replicaPort, statsPort, nobody] = [port, port + 1, port + 2, port + 3, port + 9];
  const server = await spawnServer(scope, {
    name: "haproxy",
    command: "haproxy",
    args: ["-db", "-f", path.join(repositoryRoot, "deploy", "haproxy", "haproxy.cfg")],
    env: {
      PATH: process.env.PATH,
      PAP_LB_ADDRESS: "127.0.0.1",
      PAP_LB_PORT: String(lbPort),
      PAP_LB_POSTGRES_PORT: String(postgresPort),
      PAP_LB_REPLICA_PORT: String(replicaPort),
      PAP_LB_STATS_PORT: String(statsPort),
      ...Object.fromEntries(hostSlots.map((_, index) => [`PAP_HOST${index + 1}`, hosts[index] ?? `127.0.0.1:${nobody}`])),
      PAP_DB1: database,
      PAP_DB2: database,
    },
    probes: [`http://127.0.0.1:${statsPort}/`],
  });
  return Object.assign(server, { base: `http://127.0.0.1:${lbPort}`, statsUrl: `http://127.0.0.1:${statsPort}/;csv` });
}

/** Each platform server's state on HAProxy's stats page (CSV): "UP", "DOWN", "UP 1/2" (going down)… */
export async function hostStates(balancer: LoadBalancer): Promise<Record<string, string>> {
  const csv = await (await fetch(balancer.statsUrl, { signal: AbortSignal.timeout(2_000) })).text();
  const [header = "", ...lines] = csv.split("\n");
  const columns = header.replace(/^#\s*/, "").split(",");
  const [backend, server, status] = ["pxname", "svname", "status"].map((name) => columns.indexOf(name));
  const states: Record<string, string> = {};
  for (const line of lines) {
    const cells = line.split(",");
    if (cells[backend!] === "platform_hosts" && hostSlots.includes(cells[server!] as never)) states[cells[server!]!] = cells[status!]!;
  }
  return states;
}

/** Waits until exactly the first `count` host slots are UP and the others DOWN (checks run every second, two to change). */
export async function waitForHostsUp(balancer: LoadBalancer, count: number): Promise<void> {
  let states: Record<string, string> = {};
  const settled = () => hostSlots.every((slot, index) => states[slot] === (index < count ? "UP" : "DOWN"));
  const ok = await waitFor(
    async () => {
      states = await hostStates(balancer).catch(() => ({}));
      return settled();
    },
    30_000,
    250,
  );
  if (!ok) fail(`HAProxy did not show ${count} platform server(s) UP and the rest DOWN within 30 s: ${JSON.stringify(states)}`);
}
