import cluster from "node:cluster";
import type { Logger } from "@pap/kernel";

/**
 * The distributed gateway on several cores: the primary only forks workers, each running the whole
 * gateway on the shared port (Node's cluster module hands out the connections), and replaces a
 * worker that dies. The gateway holds no state between requests, so any worker can answer anyone.
 */
export function runGatewayWorkers(count: number, logger: Logger): { stop(): Promise<void> } {
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.warn(`gateway worker ${worker.process.pid} exited (${signal ?? code}); starting a replacement`);
    cluster.fork();
  });
  for (let index = 0; index < count; index++) cluster.fork();
  return {
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      const exited = Promise.all(workers.map((worker) => new Promise<void>((resolve) => (worker.once("exit", () => resolve()), worker.kill()))));
      // A worker stuck on an open connection must not keep the gateway from stopping.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
    },
  };
}
