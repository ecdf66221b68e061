/**
 * GATEWAY_WORKERS: the distributed gateway runs that many copies on its one port, and a copy that dies
 * is replaced, the port answering as before.
 */
import { readdirSync, readFileSync } from "node:fs";
import { startDistributedForTest, type RunningDistributed } from "../support/distributed";
import { adminHeaders } from "../support/auth";
import { waitForValue } from "../support/waiting";

jest.setTimeout(240_000);

let running: RunningDistributed | undefined;
let restore: (() => void) | undefined;

/** Processes running the gateway entry point whose parent is `parent`. */
function gatewayProcessesOf(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!command.includes("gateway-process.js")) continue;
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === parent) found.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

const personCount = async (graphqlUrl: string) => {
  const response = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await adminHeaders()) },
    body: JSON.stringify({ query: "{ persons(limit: 1) { total } }" }),
  });
  return { status: response.status, body: (await response.json()) as { data?: { persons: { total: number } } } };
};

beforeAll(async () => {
  process.env.GATEWAY_WORKERS = "2";
  const started = await startDistributedForTest("gateway-workers");
  running = started.running;
  restore = started.restore;
});

afterAll(async () => {
  delete process.env.GATEWAY_WORKERS;
  await running?.stop();
  restore?.();
});

it("runs two gateway copies on one port, and replaces one that dies", async () => {
  const graphqlUrl = running!.urls.graphql!;
  const [primary] = gatewayProcessesOf(process.pid);
  expect(primary).toBeDefined();
  const workers = await waitForValue(
    () => {
      const found = gatewayProcessesOf(primary!);
      return found.length === 2 ? found : undefined;
    },
    "two gateway workers",
    60_000,
    100,
  );
  expect(await personCount(graphqlUrl)).toEqual({ status: 200, body: { data: { persons: { total: expect.any(Number) } } } });

  process.kill(workers[0]!, "SIGKILL");
  const replaced = await waitForValue(
    () => {
      const found = gatewayProcessesOf(primary!);
      return found.length === 2 && !found.includes(workers[0]!) ? found : undefined;
    },
    "a replacement worker",
    60_000,
    100,
  );
  expect(replaced).toContain(workers[1]);
  for (let attempt = 0; attempt < 10; attempt++) expect((await personCount(graphqlUrl)).status).toBe(200);
});
