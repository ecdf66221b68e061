import { ApolloGateway } from "@apollo/gateway";
import { ApolloServer } from "@apollo/server";
import type { DomainServices } from "@pap/events";
import { createErrorFormatter } from "@pap/kernel";
import type { Logger } from "pino";
import type { PlatformSubgraph } from "../subgraphs";
import { loadSupergraph } from "../supergraph/load";
import type { GatewayContext } from "./context";
import { InProcessDataSource } from "./in-process-data-source";
import { RemoteSubgraph } from "./remote-data-source";

export type SubgraphPlacement =
  | { kind: "in-process"; services: DomainServices; subgraphs: readonly PlatformSubgraph[] }
  | { kind: "remote"; urls: Record<string, string> };

/**
 * The federated graph: Apollo Gateway over the build-time supergraph, served by Apollo Server.
 * Only the data sources differ between the single-process and the distributed deployments.
 */
export async function createGraphServer(placement: SubgraphPlacement, logger: Logger): Promise<ApolloServer<GatewayContext>> {
  const gateway = new ApolloGateway({
    supergraphSdl: loadSupergraph(),
    logger: logger.child({ component: "gateway" }),
    buildService: ({ name }) => {
      if (placement.kind === "remote") {
        const url = placement.urls[name];
        if (!url) throw new Error(`no URL configured for subgraph ${name}`);
        return new RemoteSubgraph({ url });
      }
      const subgraph = placement.subgraphs.find((candidate) => candidate.name === name);
      if (!subgraph) throw new Error(`supergraph names subgraph ${name}, which this build does not contain`);
      return new InProcessDataSource(subgraph, placement.services);
    },
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    includeStacktraceInErrorResponses: false,
    // The platform stops Apollo itself on SIGTERM; a second, concurrent stop() never settles.
    stopOnTerminationSignals: false,
    introspection: process.env.GRAPHQL_INTROSPECTION !== "false",
    formatError: createErrorFormatter((error, message) => logger.error({ err: error }, message)),
  });
  await server.start();
  return server;
}
