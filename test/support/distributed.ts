import net from "node:net";
import { distributedPorts, domains, runDistributed } from "@pap/gateway";
import { createLogger } from "@pap/core";
import { DISTRIBUTED_DEPLOYMENT_LOCK, takeTurn } from "./exclusive";
import { createTestDatabase } from "./platform";

export type RunningDistributed = { stop(): Promise<void>; urls: Record<string, string> };

/** True when nothing listens on the port (on the loopback interface the children bind to). */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ host: "127.0.0.1", port }, () => server.close(() => resolve(true)));
  });

/**
 * A random base port in 20000–32700 whose every port (gateway, each subgraph, the database share,
 * rest-compat) is free. Below Linux's ephemeral range (32768 and up): a port there, free when checked,
 * can be taken by any outgoing connection of the machine before the child binds it (a distributed test
 * once died of EADDRINUSE on 38448).
 */
async function freeBasePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20000 + Math.floor(Math.random() * 12700);
    const ports = distributedPorts(base);
    const used = [ports.gateway, ...domains.map((_domain, index) => ports.subgraph(index)), ports.database, ports.rest];
    if ((await Promise.all(used.map(portIsFree))).every(Boolean)) return base;
  }
  throw new Error("no free port range found");
}

/**
 * The distributed deployment on a fresh database, for one test file. The launcher treats a child that
 * dies as fatal and calls process.exit(1), which is right for the CLI but would take the Jest worker
 * down with it: here that becomes a failure of the start instead. Call `restore` after stopping.
 * Deployments take turns (an advisory lock held until `restore`): each process has a pool of its own,
 * and two deployments of a dozen processes each outgrow the test server's 100 connections.
 */
export async function startDistributedForTest(
  label: string,
): Promise<{ running: RunningDistributed; databaseUrl: string; restore(): void }> {
  process.env.LOG_LEVEL ??= "silent";
  let exitSpy: jest.SpyInstance | undefined;
  const childDied = new Promise<never>((_resolve, reject) => {
    exitSpy = jest.spyOn(process, "exit").mockImplementation(((code?: number) => {
      reject(
        new Error(`a child process of the distributed platform exited during the test; the launcher called process.exit(${code ?? ""})`),
      );
      return undefined as never;
    }) as typeof process.exit);
  });
  childDied.catch(() => {});
  const releaseTurn = await takeTurn(DISTRIBUTED_DEPLOYMENT_LOCK);
  const databaseUrl = await createTestDatabase(label);
  const config = {
    mode: "distributed" as const,
    host: "127.0.0.1",
    port: await freeBasePort(),
    database: { kind: "postgres" as const, url: databaseUrl, poolSize: 5 },
    workers: 0,
  };
  const running = await Promise.race([runDistributed(config, createLogger(`test-${label}`)), childDied]).catch(async (error: unknown) => {
    await releaseTurn();
    throw error;
  });
  return {
    running,
    databaseUrl,
    restore: () => {
      exitSpy?.mockRestore();
      void releaseTurn();
    },
  };
}
