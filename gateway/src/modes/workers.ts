import cluster, { type Worker } from "node:cluster";
import { gatherMetricsOf, type Logger } from "@pap/core";

export type SupervisedWorkers = {
  /** Resolves when every first worker listens. */
  online: Promise<void>;
  /** Stops every worker, killing any that has not exited within 5 s. */
  stop(): Promise<void>;
};

/**
 * Node cluster workers sharing one listening port, a dead one replaced by a new one: the primary of
 * cluster mode and of a multi-worker distributed gateway both keep their workers this way, and gather
 * their metrics (`fork` gives each worker `metricsParentEnv`).
 */
export function superviseWorkers(options: { count: number; fork: () => Worker; logger: Logger; name: string }): SupervisedWorkers {
  let stopping = false;
  const fork = () => {
    const worker = options.fork();
    gatherMetricsOf(worker);
    return worker;
  };
  const online = Array.from({ length: options.count }, () => new Promise<void>((resolve) => fork().once("listening", () => resolve())));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    options.logger.warn(`${options.name} ${worker.process.pid} exited (${signal ?? code}); starting a replacement`);
    fork();
  });
  return {
    online: Promise.all(online).then(() => undefined),
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      const exited = Promise.all(
        workers.map((worker) => new Promise<void>((resolve) => (worker.once("exit", () => resolve()), worker.kill()))),
      );
      // A worker stuck on an open connection must not keep the process from stopping.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
    },
  };
}
