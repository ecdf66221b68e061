import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createGatewayRuntime } from "@graphql-hive/gateway";
import { unifiedGraphHandler } from "@graphql-hive/router-runtime";

/**
 * Hive Gateway with default settings and the Rust query planner, over ours' supergraph and subgraph
 * processes. Configured only as ours is: identity and trace headers go to every subgraph, so each runs
 * the same checks for both. Environment: SUPERGRAPH_PATH, SUBGRAPH_URLS (JSON name → URL), PORT.
 */
const forwarded = ["authorization", "traceparent", "tracestate", "x-caller-id", "x-caller-roles", "x-api-key", "x-request-id"];

// The build writes placeholder subgraph URLs (ours is told at start); Hive reads them from the SDL.
const urls = JSON.parse(process.env.SUBGRAPH_URLS ?? "{}") as Record<string, string>;
const supergraph = readFileSync(process.env.SUPERGRAPH_PATH!, "utf8").replace(
  /@join__graph\(name: "([^"]+)", url: "[^"]*"\)/g,
  (_whole, name: string) => {
    if (!urls[name]) throw new Error(`the supergraph names subgraph ${name}, but no process serves it`);
    return `@join__graph(name: "${name}", url: "${urls[name]}")`;
  },
);

const gateway = createGatewayRuntime({
  supergraph,
  unifiedGraphHandler,
  // Per-request logs would measure the logger; errors still reach the client in the response.
  logging: "error",
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) =>
      Object.fromEntries(forwarded.map((name) => [name, request.headers.get(name)]).filter(([, value]) => value !== null)),
  },
});
const server = createServer(gateway);
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write(`hive gateway listening on ${process.env.PORT}\n`));
process.once("SIGTERM", () => {
  server.close();
  void Promise.resolve(gateway.dispose()).finally(() => process.exit(0));
});
