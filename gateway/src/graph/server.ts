import { ApolloGateway } from "@apollo/gateway";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServer } from "@apollo/server";
import type { DomainServices } from "@pap/events";
import { isProduction, readSetting } from "@pap/core";
import type { Authenticator } from "@pap/kernel/auth";
import { apolloErrorFormatting, queryLimitsFromEnv, refuseUnrepresentableNumbers, requireOneOperation } from "@pap/kernel/graphql";
import { graphqlMetricsPlugin } from "@pap/kernel/http";
import type { GraphQLSchema } from "graphql";
import type { Logger } from "pino";
import type { PlatformSubgraph } from "../subgraphs";
import { subgraphs as allSubgraphs } from "../subgraphs";
import { loadSupergraph } from "../supergraph/load";
import { SubscriptionEngine } from "../subscriptions/engine";
import { inProcessSourceStreams, remoteSourceStreams } from "../subscriptions/source-streams";
import type { GatewayContext } from "./context";
import { InProcessDataSource } from "./in-process-data-source";
import { introspectionGuard } from "./introspection-guard";
import { measuredDataSource } from "./measured-data-source";
import { withOwnedOperations } from "./owned-gateway";
import { OwnedOperations } from "./owned-operations";
import { platformLimitsRule } from "./limits";
import { RemoteSubgraph } from "./remote-data-source";
import { createSubgraphFetcher } from "./subgraph-fetcher";

/** Introspection is on in development and off in production, unless GRAPHQL_INTROSPECTION says otherwise. */
export const introspectionEnabled = (env: NodeJS.ProcessEnv = process.env) =>
  readSetting("GRAPHQL_INTROSPECTION", env) ?? !isProduction(env);

export type SubgraphPlacement =
  | { kind: "in-process"; services: DomainServices; subgraphs: readonly PlatformSubgraph[] }
  | { kind: "remote"; urls: Record<string, string> };

/** The federated graph: Apollo Server over Apollo Gateway for queries and mutations, and the subscription engine beside it. */
export type FederatedGraph = {
  server: ApolloServer<GatewayContext>;
  subscriptions: SubscriptionEngine;
  /** The client-facing schema, as composed. */
  schema(): GraphQLSchema;
  /** With every subgraph in this process: the operations one subgraph answers alone, run there (REST's routes use it too). */
  owned?: OwnedOperations;
  stop(): Promise<void>;
};

/**
 * The federated graph over the build-time supergraph. Only the data sources (and where subscriptions
 * are opened) differ between the single-process and the distributed deployments.
 */
export async function createGraphServer(
  placement: SubgraphPlacement,
  logger: Logger,
  authenticate: Authenticator,
  /** `ownedOperations: false` sends every operation through the gateway (the tests compare both ways). */
  options: { ownedOperations?: boolean } = {},
): Promise<FederatedGraph> {
  // One connection pool for every remote subgraph; in-flight merging unless SUBGRAPH_MERGE_IN_FLIGHT=false,
  // batching unless SUBGRAPH_BATCH=false.
  const fetcher =
    placement.kind === "remote"
      ? createSubgraphFetcher({ mergeInFlight: readSetting("SUBGRAPH_MERGE_IN_FLIGHT"), batch: readSetting("SUBGRAPH_BATCH") })
      : null;
  const supergraphSdl = loadSupergraph();
  const gateway = new ApolloGateway({
    supergraphSdl,
    logger: logger.child({ component: "gateway" }),
    buildService: ({ name }) => {
      if (placement.kind === "remote") {
        const url = placement.urls[name];
        if (!url) throw new Error(`no URL configured for subgraph ${name}`);
        return measuredDataSource(name, new RemoteSubgraph({ url, fetcher: fetcher!.fetch }));
      }
      const subgraph = placement.subgraphs.find((candidate) => candidate.name === name);
      if (!subgraph) throw new Error(`supergraph names subgraph ${name}, which this build does not contain`);
      return measuredDataSource(name, new InProcessDataSource(subgraph, placement.services));
    },
  });
  let apiSchema: GraphQLSchema | undefined;
  gateway.onSchemaLoadOrUpdate(({ apiSchema: loaded }) => (apiSchema = loaded));
  const limits = queryLimitsFromEnv();
  const errors = apolloErrorFormatting<GatewayContext>((record, message) => logger.error(record, message));
  // In a process hosting every subgraph, an operation one subgraph answers alone skips the gateway's plan execution.
  const owned =
    placement.kind === "in-process" && options.ownedOperations !== false
      ? new OwnedOperations(supergraphSdl, placement.subgraphs, placement.services)
      : undefined;
  const server = new ApolloServer<GatewayContext>({
    gateway: owned ? withOwnedOperations(gateway, owned) : gateway,
    includeStacktraceInErrorResponses: false,
    // The platform stops Apollo itself on SIGTERM; a second, concurrent stop() never settles.
    stopOnTerminationSignals: false,
    introspection: introspectionEnabled(),
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: [platformLimitsRule(limits)],
    // Apollo's landing page loads from a CDN: the platform serves its own IDE instead (graph/ide.ts).
    plugins: [
      requireOneOperation(),
      refuseUnrepresentableNumbers(),
      introspectionGuard(authenticate),
      graphqlMetricsPlugin(),
      ApolloServerPluginLandingPageDisabled(),
      errors.plugin,
    ],
    formatError: errors.formatError,
  });
  await server.start();
  const schema = () => {
    if (!apiSchema) throw new Error("the gateway has not loaded its schema");
    return apiSchema;
  };
  const sources =
    placement.kind === "in-process"
      ? inProcessSourceStreams(placement.subgraphs, placement.services)
      : remoteSourceStreams(allSubgraphs, placement.urls);
  const subscriptions = new SubscriptionEngine(server, schema, sources);
  return {
    server,
    subscriptions,
    schema,
    owned,
    async stop() {
      await subscriptions.close();
      await server.stop();
      fetcher?.close();
    },
  };
}
