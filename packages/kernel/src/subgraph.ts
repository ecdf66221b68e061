import type { GraphQLSchema } from "graphql";

/** What every request brings to every subgraph, whichever process runs it. */
export type RequestScope<Db> = {
  db: Db;
  /** Incoming HTTP headers (lower-case names), for trace context and, later, the caller's identity. */
  headers: Record<string, string | undefined>;
};

/**
 * A subgraph as the gateway and the standalone subgraph server see it: a name, a federated schema and
 * a way to build its per-request context (fresh DataLoaders each time).
 */
export type SubgraphDefinition<Db, Context extends object = object> = {
  name: string;
  schema: GraphQLSchema;
  createContext(scope: RequestScope<Db>): Context;
};
