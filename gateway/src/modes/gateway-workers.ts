import cluster from "node:cluster";
import { metricsParentEnv, type Logger } from "@pap/core";
import { superviseWorkers, type SupervisedWorkers } from "./workers";

/**
 * The distributed gateway on several cores: the primary only forks workers, each running the whole
 * gateway on the shared port (Node's cluster module hands out the connections), and replaces a
 * worker that dies. The gateway holds no state between requests, so any worker can answer anyone.
 */
export function runGatewayWorkers(count: number, logger: Logger): SupervisedWorkers {
  return superviseWorkers({ count, fork: () => cluster.fork(metricsParentEnv), logger, name: "gateway worker" });
}
