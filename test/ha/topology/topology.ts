import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { startLocalS3Server } from "./object-store";
import { clamdListening, startClamd } from "./clamd";
import { readEnvFile } from "./env-file";
import { LB_POSTGRES_PORT, LB_PORT, serversUp, startLoadBalancer } from "./haproxy";
import { createBridge, createHost, GATEWAY_ADDRESS, removeTestNetwork, type TestHost } from "./network";
import { type DatabaseNode, roleOf, startDatabaseNode, SUPERUSER_PASSWORD } from "./patroni";
import { stopEverything, stopLeftovers } from "./processes";
import { type PlatformHost, platformHostEnv, platformHostUrl, startPlatformHost, startReferenceServices } from "./services";
import { startEtcd } from "./etcd";
import { startRedis } from "./redis";
import { until } from "../../support/waiting";

const repository = path.join(__dirname, "../../..");
const DATABASE_PASSWORD = "ha-test-database";

/** The secrets and settings the test's hosts run with over deploy/env/platform-host.env (and the test signs tokens with). */
export const hostSecrets = {
  AUTH_SECRET: "ha-test-signing-key-0123456789abcdef-0123",
  AUTH_ISSUER: "https://idp.ha-test.local",
  AUTH_AUDIENCE: "public-assistance-platform",
};

export type Topology = {
  runDirectory: string;
  /** Where clients go: HAProxy. */
  url: string;
  databaseUrl: string;
  /** The superuser's URL through the primary listener, for the checks. */
  adminDatabaseUrl: string;
  platformHosts: PlatformHost[];
  databaseNodes: DatabaseNode[];
  agencyUrl: string;
  /** Patroni's consensus store, for a node started again. */
  etcdEndpoint: string;
  stop(): Promise<void>;
};

/**
 * Everything the HA test runs on, made from scratch: five hosts in namespaces (three platform hosts, two
 * PostgreSQL nodes under Patroni), and on the bridge etcd, HAProxy, the S3 store, ClamAV and the
 * reference agency and adapter. The schema is applied once, as a release step, before any host starts.
 */
export async function startTopology(): Promise<Topology> {
  const runDirectory = mkdtempSync(path.join(tmpdir(), "pap-ha-"));
  try {
    return await startIn(runDirectory);
  } catch (error) {
    await stopEverything();
    await closeInProcess();
    removeTestNetwork();
    throw new Error(`${(error as Error).message} (logs in ${runDirectory})`);
  }
}

async function startIn(runDirectory: string): Promise<Topology> {
  // Patroni runs as the postgres user, under this directory.
  chmodSync(runDirectory, 0o755);
  stopLeftovers();
  createBridge();
  const platformTestHosts = [1, 2, 3].map((index) => createHost(`host${index}`, 10 + index));
  const databaseTestHosts = [1, 2].map((index) => createHost(`db${index}`, 20 + index));
  const objectStore = await startLocalS3Server(GATEWAY_ADDRESS, "pap-documents");
  inProcess.push(() => objectStore.stop());
  const clamd = startClamd(runDirectory);
  const references = startReferenceServices(runDirectory);
  const redis = startRedis(runDirectory);
  const etcd = startEtcd(runDirectory);
  await until("etcd to answer", () => answers(`http://${etcd.endpoint}/health`), 30_000);

  const databaseNodes: DatabaseNode[] = databaseTestHosts.map((host) => ({ host, api: `http://${host.address}:8008` }));
  startDatabaseNode(databaseNodes[0]!, runDirectory, etcd.endpoint);
  await until("the first PostgreSQL node to lead", async () => (await roleOf(databaseNodes[0]!)) === "leader", 90_000);
  startDatabaseNode(databaseNodes[1]!, runDirectory, etcd.endpoint);
  await until("the second node to be the synchronous standby", async () => (await roleOf(databaseNodes[1]!)) === "sync_standby", 120_000);

  startLoadBalancer(runDirectory, platformTestHosts, databaseTestHosts);
  await until(
    "HAProxy to see the primary",
    async () => ((await serversUp().catch(() => ({}))) as Record<string, string[]>).postgres_primary?.length === 1,
    30_000,
  );
  const adminDatabaseUrl = `postgresql://postgres:${SUPERUSER_PASSWORD}@${GATEWAY_ADDRESS}:${LB_POSTGRES_PORT}/postgres`;
  await createApplicationDatabase(adminDatabaseUrl);
  const databaseUrl = `postgresql://pap:${DATABASE_PASSWORD}@${GATEWAY_ADDRESS}:${LB_POSTGRES_PORT}/pap`;

  // The release step, as deploy/env/release.env describes it.
  execFileSync(process.execPath, [path.join(repository, "prisma/scripts/migrate.mjs"), "deploy"], {
    env: { ...process.env, ...readEnvFile("env/release.env"), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await until("ClamAV to listen", clamdListening, 60_000);

  const overrides = {
    ...hostSecrets,
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: `http://${GATEWAY_ADDRESS}:${LB_PORT}`,
    TRUST_PROXY: GATEWAY_ADDRESS,
    PERSON_MATCH_KEY: "ha-test-person-match-key-0123456789abcdef",
    ENCRYPTION_KEYS: `ha:${Buffer.alloc(32, 7).toString("base64")}`,
    S3_ENDPOINT: objectStore.endpoint,
    S3_ACCESS_KEY_ID: objectStore.accessKeyId,
    S3_SECRET_ACCESS_KEY: objectStore.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    CONTENT_SIGNING_SECRET: "ha-test-content-signing-secret-0123456789",
    CLAMD_URL: clamd.url,
    // Notices by mail are not what this test follows: no mail server on the bridge.
    SMTP_URL: "",
    NOTICE_EMAIL: "off",
    ELIGIBILITY_ADAPTER_URL: references.adapterUrl,
    DATA_EXCHANGE_AGENCY_URL: references.agencyUrl,
    METRICS_TOKEN: "ha-test-metrics-token",
    RATE_LIMIT_REDIS_URL: redis.url,
    LOG_LEVEL: "warn",
  };
  const platformHosts: PlatformHost[] = platformTestHosts.map((host) => ({
    host,
    url: platformHostUrl(host),
    env: platformHostEnv(host, overrides),
  }));
  // All at once, as a deployment's hosts come up: with migrations off, none touches the schema.
  for (const platformHost of platformHosts) startPlatformHost(platformHost, runDirectory);
  await until(
    "HAProxy to take all three platform hosts as ready",
    async () => ((await serversUp().catch(() => ({}))) as Record<string, string[]>).platform_hosts?.length === 3,
    240_000,
  );

  return {
    runDirectory,
    url: `http://${GATEWAY_ADDRESS}:${LB_PORT}`,
    databaseUrl,
    adminDatabaseUrl,
    platformHosts,
    databaseNodes,
    agencyUrl: references.agencyUrl,
    etcdEndpoint: etcd.endpoint,
    async stop() {
      await stopEverything();
      await closeInProcess();
      removeTestNetwork();
    },
  };
}

/** What runs in the test's own process (the object store), closed with the rest. */
const inProcess: (() => Promise<void>)[] = [];
const closeInProcess = () => Promise.all(inProcess.splice(0).map((close) => close()));

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    (response) => response.ok,
    () => false,
  );

/** The platform's role and database, as a deployment's database administrator makes them once. */
async function createApplicationDatabase(adminUrl: string) {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE pap LOGIN PASSWORD '${DATABASE_PASSWORD}'`);
    await admin.query("CREATE DATABASE pap OWNER pap");
  } finally {
    await admin.end();
  }
}

export type { TestHost };
