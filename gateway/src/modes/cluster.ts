import cluster from "node:cluster";
import os from "node:os";
import { metricsParentEnv, setMetricsService, type Logger } from "@pap/core";
import type { PlatformConfig } from "../config";
import { distributedPorts } from "./distributed";
import { prepareSharedDatabase } from "./shared-database";
import { superviseWorkers } from "./workers";

/**
 * Multi-core: the whole stack (gateway, in-process subgraphs, REST) in every worker, one worker per
 * core, sharing the listening port through Node's cluster module. The primary only migrates (and,
 * with embedded PGlite, shares the store), replaces workers that die, and gathers the workers'
 * metrics for whichever of them is scraped.
 */
export async function runClusterPrimary(config: PlatformConfig, logger: Logger): Promise<{ stop(): Promise<void>; workers: number }> {
  setMetricsService("launcher");
  const database = await prepareSharedDatabase(config.database, distributedPorts(config.port).database, logger);
  const workers = config.workers || os.availableParallelism();
  const supervised = superviseWorkers({
    count: workers,
    fork: () => cluster.fork({ DATABASE_URL: database.url, PLATFORM_WORKER: "1", ...metricsParentEnv }),
    logger,
    name: "worker",
  });
  await supervised.online;
  return {
    workers,
    async stop() {
      await supervised.stop();
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
