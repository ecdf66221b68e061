import type { DomainServices } from "@pap/events";
import { sharedSubscriptions, visibilityOf, webSocketGraphSubscriber, type GraphResult } from "@pap/kernel/graphql";
import type { GraphQLSchema } from "graphql";
import { DocumentCache } from "../graph/document-cache";
import type { PlatformSubgraph } from "../subgraphs";

/** Opens a subscription on the subgraph that owns its root field. */
export type SourceStreams = {
  ownerOf(rootField: string): string | undefined;
  /** The owning subgraph's own schema, to tell whether it can answer a whole subscription alone. */
  schemaOf(subgraph: string): GraphQLSchema | undefined;
  open(
    subgraph: string,
    document: string,
    variables: Record<string, unknown>,
    headers: Record<string, string | undefined>,
  ): Promise<AsyncIterableIterator<GraphResult>>;
  close(): Promise<void>;
};

const ownerLookup = (subgraphs: readonly PlatformSubgraph[]) => (rootField: string) =>
  subgraphs.find((subgraph) => subgraph.schema.getSubscriptionType()?.getFields()[rootField])?.name;

const schemaLookup = (subgraphs: readonly PlatformSubgraph[]) => (name: string) =>
  subgraphs.find((subgraph) => subgraph.name === name)?.schema;

const single = (result: GraphResult): AsyncIterableIterator<GraphResult> => {
  const results = [result];
  return {
    next: async () => (results.length ? { value: results.shift()!, done: false } : { value: undefined, done: true }),
    return: async () => ({ value: undefined, done: true }),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
};

/**
 * Subgraphs in this process: subscribed on the subgraph's own schema and context, each payload
 * executed once for all the subscribers of the same subscription.
 */
export function inProcessSourceStreams(subgraphs: readonly PlatformSubgraph[], services: DomainServices): SourceStreams {
  const documents = new DocumentCache();
  const shared = new Map(subgraphs.map((subgraph) => [subgraph.name, sharedSubscriptions()]));
  return {
    ownerOf: ownerLookup(subgraphs),
    schemaOf: schemaLookup(subgraphs),
    async open(name, document, variables, headers) {
      const subgraph = subgraphs.find((candidate) => candidate.name === name)!;
      const result = await shared.get(name)!.subscribe({
        schema: subgraph.schema,
        document: documents.parse(document),
        variableValues: variables,
        contextValue: subgraph.createContext({ ...services, headers }),
        visibility: visibilityOf(headers),
      });
      return Symbol.asyncIterator in result ? (result as AsyncIterableIterator<GraphResult>) : single(result as GraphResult);
    },
    close: async () => {},
  };
}

/** Subgraphs in other processes: one graphql-ws connection to each, shared by all subscriptions. */
export function remoteSourceStreams(subgraphs: readonly PlatformSubgraph[], urls: Record<string, string>): SourceStreams {
  const connections = new Map<string, ReturnType<typeof webSocketGraphSubscriber>>();
  return {
    ownerOf: ownerLookup(subgraphs),
    schemaOf: schemaLookup(subgraphs),
    async open(name, document, variables, headers) {
      let connection = connections.get(name);
      if (!connection) {
        const url = urls[name];
        if (!url) throw new Error(`no URL configured for subgraph ${name}`);
        connections.set(name, (connection = webSocketGraphSubscriber(url)));
      }
      return connection({ query: document, variables, headers });
    },
    async close() {
      await Promise.all([...connections.values()].map((connection) => connection.close()));
    },
  };
}
