import cluster from "node:cluster";
import "../telemetry-off";
import "../tracing";
import { createLogger, joinPlatformMetrics, readSetting } from "@pap/core";
import { authSettingsFromEnv, createAuthenticator } from "@pap/kernel/auth";
import { createGraphServer } from "../graph/server";
import { createHttpApp } from "../http-app";
import { runGatewayWorkers } from "./gateway-workers";
import { stopOnSignals } from "./signals";

// The gateway alone (distributed mode), routing to subgraphs over HTTP: SUBGRAPH_URLS is a JSON map.
// GATEWAY_WORKERS > 1 runs that many copies on the one port (node:cluster).
async function main() {
  const logger = createLogger("gateway");
  joinPlatformMetrics("gateway");
  const workers = readSetting("GATEWAY_WORKERS");
  if (cluster.isPrimary && workers > 1) {
    const running = runGatewayWorkers(workers, logger);
    stopOnSignals(() => running.stop());
    // The launcher (distributed mode) waits for every copy, not just the first to answer on the port.
    void running.online.then(() => process.send?.({ ready: true }));
    return;
  }
  const urls = JSON.parse(readSetting("SUBGRAPH_URLS")) as Record<string, string>;
  const auth = authSettingsFromEnv();
  const authenticate = createAuthenticator(auth);
  const graph = await createGraphServer({ kind: "remote", urls }, logger, authenticate);
  const app = await createHttpApp({ logger, graph, auth, authenticate, ready: async () => true });
  await app.listen({ host: readSetting("HOST"), port: readSetting("PORT") });
  // A lone gateway (not a cluster worker) tells its launcher itself; with workers, the primary does.
  if (cluster.isPrimary) process.send?.({ ready: true });
  stopOnSignals(async () => {
    await app.close();
    await graph.stop();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
