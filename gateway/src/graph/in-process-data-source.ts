import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from "@apollo/gateway";
import type { DomainServices } from "@pap/events";
import { compiledExecution } from "@pap/kernel/graphql";
import type { PlatformSubgraph } from "../subgraphs";
import type { GatewayContext } from "./context";
import { DocumentCache } from "./document-cache";

/**
 * Runs a subgraph in the gateway's own process: no HTTP hop, no serialization. Each gateway request
 * gets one context per subgraph (so its DataLoaders batch across every fetch of that request), and the
 * gateway's generated subgraph queries are parsed once and reused.
 */
export class InProcessDataSource implements GraphQLDataSource<GatewayContext> {
  private readonly documents = new DocumentCache();
  private readonly contexts = new WeakMap<object, object>();
  /** The gateway's subgraph operations are few and kept parsed, so each is compiled once. */
  private readonly execute = compiledExecution();

  constructor(
    private readonly subgraph: PlatformSubgraph,
    private readonly services: DomainServices,
  ) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const { request } = options;
    const document = this.documents.parse(request.query ?? "");
    return (await this.execute({
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
      // Object.assign rather than a spread with more keys after it, which takes V8's slow path (see domainContext).
      context = this.subgraph.createContext(Object.assign({ headers: gatewayContext?.headers ?? {} }, this.services));
      this.contexts.set(key, context);
    }
    return context;
  }
}
