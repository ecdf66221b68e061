import path from "node:path";
import { childServiceName, readSetting, setMetricsService, type Logger } from "@pap/core";
import type { PlatformConfig } from "../config";
import { subgraphs } from "../subgraphs";
import { ProcessGroup, untilReported, waitUntilHealthy } from "./children";
import { prepareSharedDatabase } from "./shared-database";

// Child processes run the compiled entry points; when this module runs from sources (the tests), they
// are found in the build output beside them.
const entryPoints = __dirname.includes(`${path.sep}dist${path.sep}`) ? __dirname : path.resolve(__dirname, "../../dist/modes");

/** Room for nineteen subgraphs between the gateway and the database share; rest-compat above both. */
export const distributedPorts = (basePort: number) => ({
  gateway: basePort,
  subgraph: (index: number) => basePort + 1 + index,
  database: basePort + 20,
  rest: basePort + 30,
});

/** Each subgraph, the gateway and rest-compat in their own processes, talking HTTP to each other. */
export async function runDistributed(
  config: PlatformConfig,
  logger: Logger,
): Promise<{ stop(): Promise<void>; urls: Record<string, string> }> {
  const ports = distributedPorts(config.port);
  setMetricsService("launcher");
  const database = await prepareSharedDatabase(config.database, ports.database, logger);
  const group = new ProcessGroup(logger);
  const restUrl = `http://${config.host}:${ports.rest}`;
  // The links the platform hands out (a search result's url) name the REST surface, which here has a port of its own.
  const base = { DATABASE_URL: database.url, HOST: config.host, PUBLIC_BASE_URL: readSetting("PUBLIC_BASE_URL") ?? restUrl };
  const subgraphUrls: Record<string, string> = {};
  subgraphs.forEach((subgraph, index) => {
    const port = ports.subgraph(index);
    subgraphUrls[subgraph.name] = `http://${config.host}:${port}/graphql`;
    group.start(`subgraph ${subgraph.name}`, path.join(entryPoints, "subgraph-process.js"), [subgraph.name], {
      ...base,
      PORT: String(port),
      OTEL_SERVICE_NAME: childServiceName(`subgraph-${subgraph.name}`),
    });
  });
  const gatewayUrl = `http://${config.host}:${ports.gateway}`;
  const gateway = group.start("gateway", path.join(entryPoints, "gateway-process.js"), [], {
    ...base,
    PORT: String(ports.gateway),
    SUBGRAPH_URLS: JSON.stringify(subgraphUrls),
    OTEL_SERVICE_NAME: childServiceName("gateway"),
    NODE_OPTIONS: withLargerYoungGeneration(readSetting("NODE_OPTIONS")),
  });
  group.start("rest-compat", path.join(entryPoints, "rest-process.js"), [], {
    ...base,
    PORT: String(ports.rest),
    GRAPHQL_URL: `${gatewayUrl}/graphql`,
    OTEL_SERVICE_NAME: childServiceName("rest"),
  });
  const stop = async () => {
    await group.stop();
    await database.close();
  };
  try {
    await Promise.all([
      ...[
        ...Object.values(subgraphUrls).map((url) => url.replace("/graphql", "/healthz")),
        `${gatewayUrl}/healthz`,
        `${restUrl}/healthz`,
      ].map((url) => waitUntilHealthy(url)),
      // Its port answers once one copy listens; the platform is ready when every copy does.
      untilReported(gateway, "the gateway"),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    stop,
    urls: {
      graphql: `${gatewayUrl}/graphql`,
      rest: restUrl,
      ...Object.fromEntries(Object.entries(subgraphUrls).map(([name, url]) => [`subgraph ${name}`, url])),
    },
  };
}

/**
 * The gateway allocates a great deal per request that dies young (subgraph answers parsed per
 * caller, the merged result, its JSON): a larger young generation (64 MiB semi-spaces instead of
 * V8's 16) made scavenges rarer and cut its CPU per linked query by about a tenth, measured under
 * load. An operator's own setting wins.
 */
export function withLargerYoungGeneration(nodeOptions: string | undefined): string {
  if (nodeOptions?.includes("--max-semi-space-size")) return nodeOptions;
  return [nodeOptions, "--max-semi-space-size=64"].filter(Boolean).join(" ");
}
