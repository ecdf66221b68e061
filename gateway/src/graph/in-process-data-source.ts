import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from "@apollo/gateway";
import type { DomainServices } from "@pap/events";
import { execute, parse, type DocumentNode } from "graphql";
import type { PlatformSubgraph } from "../subgraphs";
import type { GatewayContext } from "./context";

/**
 * Runs a subgraph in the gateway's own process: no HTTP hop, no serialization. Each gateway request
 * gets one context per subgraph (so its DataLoaders batch across every fetch of that request), and the
 * gateway's generated subgraph queries are parsed once and reused.
 */
export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly contexts = new WeakMap<object, object>();

  constructor(
    private readonly subgraph: PlatformSubgraph,
    private readonly services: DomainServices,
    private readonly maxCachedDocuments = 1000,
  ) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const { request } = options;
    const document = this.document(request.query ?? "");
    return (await execute({
      schema: this.subgraph.schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.contextFor(options.context),
    })) as Awaited<ReturnType<GraphQLDataSource["process"]>>;
  }

  private contextFor(gatewayContext: Partial<GatewayContext> | undefined): object {
    const key = gatewayContext ?? {};
    let context = this.contexts.get(key);
    if (!context) {
      context = this.subgraph.createContext({ ...this.services, headers: gatewayContext?.headers ?? {} });
      this.contexts.set(key, context);
    }
    return context;
  }

  private document(query: string): DocumentNode {
    let document = this.documents.get(query);
    if (!document) {
      document = parse(query);
      // The gateway's query planner yields a bounded set of subgraph queries per client operation
      // shape; the bound only guards against clients that generate endless shapes.
      if (this.documents.size >= this.maxCachedDocuments) this.documents.clear();
      this.documents.set(query, document);
    }
    return document;
  }
}
