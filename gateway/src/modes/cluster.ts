import cluster from "node:cluster";
import os from "node:os";
import type { Logger } from "@pap/kernel";
import type { PlatformConfig } from "../config";
import { distributedPorts } from "./distributed";
import { prepareSharedDatabase } from "./shared-database";

/**
 * Multi-core: the whole stack (gateway, in-process subgraphs, REST) in every worker, one worker per
 * core, sharing the listening port through Node's cluster module. The primary only migrates (and,
 * with embedded PGlite, shares the store) and replaces workers that die.
 */
export async function runClusterPrimary(config: PlatformConfig, logger: Logger): Promise<{ stop(): Promise<void>; workers: number }> {
  const database = await prepareSharedDatabase(config.database, distributedPorts(config.port).database, logger);
  const workers = config.workers || os.availableParallelism();
  let stopping = false;
  const forkWorker = () => cluster.fork({ DATABASE_URL: database.url, PLATFORM_WORKER: "1" });
  const online = Array.from({ length: workers }, () => new Promise<void>((resolve) => forkWorker().once("listening", () => resolve())));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.warn(`worker ${worker.process.pid} exited (${signal ?? code}); starting a replacement`);
    forkWorker();
  });
  await Promise.all(online);
  return {
    workers,
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      const exited = Promise.all(workers.map((worker) => new Promise<void>((resolve) => (worker.once("exit", () => resolve()), worker.kill()))));
      // A worker stuck on an open connection must not keep the platform from stopping.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
