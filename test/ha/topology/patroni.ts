import { chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import YAML from "yaml";
import { deployFile } from "./env-file";
import { inHost, type TestHost } from "./network";
import { type Started, startProcess } from "./processes";

export const SUPERUSER_PASSWORD = "ha-test-superuser";
const REPLICATION_PASSWORD = "ha-test-replication";

/** A PostgreSQL node: Patroni in the host's namespace, as the postgres user, with deploy/postgresql/patroni.yml. */
export type DatabaseNode = { host: TestHost; api: string; started?: Started };

const postgresIds = () => ({
  uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
  gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
});

export function startDatabaseNode(node: DatabaseNode, runDirectory: string, etcdEndpoint: string): Started {
  const home = path.join(runDirectory, node.host.name);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const { uid, gid } = postgresIds();
  chownSync(home, uid, gid);
  const env = {
    PATH: process.env.PATH,
    // Patroni reads what differs per node from these (see deploy/env/database-node.env).
    PATRONI_NAME: node.host.name,
    PATRONI_RESTAPI_LISTEN: `${node.host.address}:8008`,
    PATRONI_RESTAPI_CONNECT_ADDRESS: `${node.host.address}:8008`,
    PATRONI_POSTGRESQL_LISTEN: `${node.host.address},127.0.0.1:5432`,
    PATRONI_POSTGRESQL_CONNECT_ADDRESS: `${node.host.address}:5432`,
    PATRONI_POSTGRESQL_DATA_DIR: path.join(home, "data"),
    PATRONI_POSTGRESQL_PGPASS: path.join(home, "pgpass"),
    PATRONI_ETCD3_HOSTS: etcdEndpoint,
    PATRONI_SUPERUSER_PASSWORD: SUPERUSER_PASSWORD,
    PATRONI_REPLICATION_PASSWORD: REPLICATION_PASSWORD,
  };
  const config = path.join(home, "patroni.yml");
  writeFileSync(config, YAML.stringify(testOverrides(readFileSync(deployFile("postgresql/patroni.yml"), "utf8"), home)));
  chownSync(config, uid, gid);
  const command = inHost(node.host, [
    "runuser",
    "-u",
    "postgres",
    "--",
    "env",
    ...Object.entries(env)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`),
    "patroni",
    config,
  ]);
  node.started = startProcess(`${node.host.name}-patroni`, command, { logDirectory: runDirectory, cwd: home });
  return node.started;
}

/**
 * The deployment's file with what only the test host needs: every node here shares the machine's file
 * system, whose /var/run/postgresql is the machine's own server's (same port, same socket name), so each
 * node keeps its socket in its own directory. Parameters are the one thing Patroni's environment cannot set.
 */
function testOverrides(deployed: string, home: string): unknown {
  const config = YAML.parse(deployed) as { postgresql: { parameters: Record<string, unknown> } };
  config.postgresql.parameters.unix_socket_directories = home;
  return config;
}

/** The node's role as its own Patroni lists the cluster: `leader`, `sync_standby`, `replica`… or undefined when it does not answer or is not running. */
export async function roleOf(node: DatabaseNode): Promise<string | undefined> {
  try {
    const member = (await clusterOf(node)).find((entry) => entry.name === node.host.name);
    return member?.state === "running" || member?.state === "streaming" ? member.role : undefined;
  } catch {
    return undefined;
  }
}

/** The cluster's members as Patroni lists them. */
export async function clusterOf(node: DatabaseNode): Promise<{ name: string; role: string; state: string }[]> {
  const answer = await fetch(`${node.api}/cluster`, { signal: AbortSignal.timeout(1_000) });
  return ((await answer.json()) as { members: { name: string; role: string; state: string }[] }).members;
}
