/**
 * Per-caller limits counted in Redis (RATE_LIMIT_REDIS_URL): two platform processes, standing for two
 * hosts behind the load balancer, share one caller's budget; while Redis does not answer, each counts
 * on its own, and no client gets a 5xx for it.
 */
import { randomUUID } from "node:crypto";
import type { RunningPlatform } from "@pap/gateway";
import Redis from "ioredis";
import { bearer } from "../support/auth";
import { startPlatformOn } from "../support/live";
import { createTestDatabase } from "../support/platform";
import { freePort } from "../support/ports";
import { TcpProxy } from "../support/tcp-proxy";
import { waitFor } from "../support/waiting";

const REDIS = { host: "127.0.0.1", port: Number(process.env.TEST_REDIS_PORT) || 6379 };
const MAX = 20;
// The test's own keys: nothing another run (or a platform) counted can meet them.
const prefix = `pap-test-rate-limit-${randomUUID()}:`;

// The platforms reach Redis through a relay the test can cut, as a network fault between a host and Redis would.
const relay = new TcpProxy(REDIS);
const redis = new Redis({ ...REDIS, lazyConnect: true });
let hosts: RunningPlatform[] = [];
let databaseUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  const relayPort = await relay.listen();
  await redis.connect();
  databaseUrl = await createTestDatabase("rate_limits_shared");
  env = {
    RATE_LIMIT: "true",
    RATE_LIMIT_MAX: String(MAX),
    RATE_LIMIT_WINDOW_MS: "600000",
    RATE_LIMIT_REDIS_URL: `redis://127.0.0.1:${relayPort}`,
    RATE_LIMIT_REDIS_PREFIX: prefix,
  };
  hosts = [await startPlatformOn(databaseUrl, env), await startPlatformOn(databaseUrl, env)];
});
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  await relay.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const statusOf = async (host: RunningPlatform, headers: Record<string, string>) =>
  (await fetch(`${host.url}/persons`, { headers, signal: AbortSignal.timeout(10_000) })).status;

describe("requests per window, counted in Redis", () => {
  it("a caller's requests split across two hosts are refused at RATE_LIMIT_MAX in total; another caller is not affected", async () => {
    const caller = await bearer(["case_worker"], { sub: `test|shared-${randomUUID()}` });
    const other = await bearer(["case_worker"], { sub: `test|shared-other-${randomUUID()}` });
    const statuses: number[] = [];
    for (let index = 0; index < MAX; index++) statuses.push(await statusOf(hosts[index % 2]!, caller));
    expect(statuses).toEqual(Array(MAX).fill(200));
    // Each host has seen only half the budget, yet both refuse the next request.
    expect(await statusOf(hosts[0]!, caller)).toBe(429);
    expect(await statusOf(hosts[1]!, caller)).toBe(429);
    expect(await statusOf(hosts[0]!, other)).toBe(200);
    expect(await statusOf(hosts[1]!, other)).toBe(200);
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThanOrEqual(2);
  });

  it("while Redis does not answer, each host counts on its own: no 5xx, and still a limit per host", async () => {
    relay.drop();
    try {
      const caller = await bearer(["case_worker"], { sub: `test|outage-${randomUUID()}` });
      const statuses: number[] = [];
      for (let index = 0; index < MAX; index++) statuses.push(await statusOf(hosts[0]!, caller));
      expect(statuses).toEqual(Array(MAX).fill(200));
      expect(await statusOf(hosts[0]!, caller)).toBe(429);
      // The other host has counted none of them.
      expect(await statusOf(hosts[1]!, caller)).toBe(200);
    } finally {
      relay.restore();
    }
    // Once Redis answers again, each host counts there again.
    for (const [index, host] of hosts.entries()) {
      const caller = await bearer(["case_worker"], { sub: `test|after-outage-${index}-${randomUUID()}` });
      await waitFor(
        async () => (await statusOf(host, caller)) === 200 && (await redis.keys(`${prefix}*after-outage-${index}-*`)).length > 0,
        `host ${index + 1} to count in Redis again`,
        30_000,
        200,
      );
    }
  });

  it("a host whose Redis is not there at start starts all the same, and counts on its own", async () => {
    const lone = await startPlatformOn(databaseUrl, { ...env, RATE_LIMIT_REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const caller = await bearer(["case_worker"], { sub: `test|no-redis-${randomUUID()}` });
      const statuses: number[] = [];
      for (let index = 0; index <= MAX; index++) statuses.push(await statusOf(lone, caller));
      expect(statuses).toEqual([...Array(MAX).fill(200), 429]);
    } finally {
      await lone.close();
    }
  });
});
