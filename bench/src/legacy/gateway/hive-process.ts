import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createGatewayRuntime } from "@graphql-hive/gateway";
import { unifiedGraphHandler } from "@graphql-hive/router-runtime";
import { withSubgraphUrls } from "./supergraph-urls";

/**
 * Hive Gateway as the comparison, in a process of its own like ours: the runtime with default
 * settings and the Rust query planner, serving the supergraph our gateway serves, calling the same
 * subgraph processes. The only configuration is what our gateway does too: the caller's identity and
 * trace headers go along to every subgraph, so each one runs the same authentication and permission
 * checks for both gateways. Environment: SUPERGRAPH_PATH, SUBGRAPH_URLS (JSON name → URL), PORT.
 */
const forwarded = ["authorization", "traceparent", "tracestate", "x-caller-id", "x-caller-roles", "x-api-key", "x-request-id"];

const supergraph = withSubgraphUrls(readFileSync(process.env.SUPERGRAPH_PATH!, "utf8"), JSON.parse(process.env.SUBGRAPH_URLS ?? "{}"));
const gateway = createGatewayRuntime({
  supergraph,
  unifiedGraphHandler,
  // Per-request logs would measure the logger; errors still reach stderr through the response.
  logging: "error",
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => Object.fromEntries(forwarded.map((name) => [name, request.headers.get(name)]).filter(([, value]) => value !== null)),
  },
});

const server = createServer(gateway);
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write(`hive gateway listening on ${process.env.PORT}\n`));
process.once("SIGTERM", () => {
  server.close();
  void Promise.resolve(gateway.dispose()).finally(() => process.exit(0));
});
