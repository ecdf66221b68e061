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
  const urls = subgraphUrlsFromEnv();
  // Read so that a CA file Node could not load stops the start here, not every TLS call later.
  readSetting("NODE_EXTRA_CA_CERTS");
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

/** SUBGRAPH_URLS: each subgraph's `http://` or `https://` URL, by name. */
function subgraphUrlsFromEnv(): Record<string, string> {
  const urls = JSON.parse(readSetting("SUBGRAPH_URLS")) as Record<string, string>;
  for (const [name, url] of Object.entries(urls)) {
    const scheme = URL.canParse(url) ? new URL(url).protocol : "";
    if (scheme !== "http:" && scheme !== "https:")
      throw new Error(`SUBGRAPH_URLS: ${name}'s address must be an http:// or https:// URL, not '${url}'.`);
  }
  return urls;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
