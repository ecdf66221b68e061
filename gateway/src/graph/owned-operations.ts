import { Supergraph, operationFromDocument } from "@apollo/federation-internals";
import { QueryPlanner, type PlanNode, type SubscriptionNode } from "@apollo/query-planner";
import type { DomainServices } from "@pap/events";
import { compiledExecution, type FailedOperation, type GraphExecutor, type GraphResult } from "@pap/kernel/graphql";
import { parse, validate, type DocumentNode, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from "graphql";
import type { PlatformSubgraph } from "../subgraphs";
import { gatewayContextFromHeaders, type GatewayContext } from "./context";
import { asksForIntrospection } from "./introspection-guard";
import { measuredFetch } from "./measured-data-source";

type FormatError = (formatted: GraphQLFormattedError, error: unknown, operation: FailedOperation) => GraphQLFormattedError;

/** An operation that one subgraph answers alone, validated against that subgraph once. */
export type OwnedOperation = { subgraph: PlatformSubgraph; schema: GraphQLSchema };

/** The subgraph a plan sends its only fetch to, when it has exactly one (no entity hops, no second service). */
function soleService(node: PlanNode | SubscriptionNode | undefined): string | undefined {
  if (!node || node.kind === "Subscription") return undefined;
  if (node.kind === "Fetch") return node.requires ? undefined : node.serviceName;
  if ((node.kind === "Sequence" || node.kind === "Parallel") && node.nodes.length === 1) return soleService(node.nodes[0]);
  return undefined;
}

/**
 * Which operations one subgraph answers alone, in a process that hosts every subgraph, and running
 * them there. Each operation is planned once by the federation query planner over the supergraph the
 * gateway serves; when the plan is a single fetch from one subgraph (a person by id, a page of tasks),
 * the operation can run on that subgraph's schema directly: the same resolvers, the same authorization
 * in them, but none of the gateway's per-request planning, result merging and re-validation. REST's
 * routes (`ownedOperationExecutor`) and GraphQL over HTTP (`withOwnedOperations`) share one instance.
 */
export class OwnedOperations {
  private readonly supergraph: Supergraph;
  private readonly planner: QueryPlanner;
  private readonly owners = new Map<string, OwnedOperation | null>();
  /** REST's documents and Apollo Server's parsed ones stay the same objects, so each is compiled once. */
  private readonly execute = compiledExecution();

  constructor(
    supergraphSdl: string,
    private readonly subgraphs: readonly PlatformSubgraph[],
    private readonly services: DomainServices,
    /** GraphQL clients can send endless distinct documents: past this many the answers are planned afresh. */
    private readonly maxOperations = 2000,
  ) {
    this.supergraph = Supergraph.build(supergraphSdl);
    this.planner = new QueryPlanner(this.supergraph);
  }

  /** The subgraph that answers `document` alone, or null; planned once per `key` (the query text, or its hash and operation name). */
  ownerOf(key: string, document: () => DocumentNode, operationName?: string | null): OwnedOperation | null {
    let found = this.owners.get(key);
    if (found !== undefined) return found;
    found = null;
    try {
      const parsed = document();
      // Introspection is the gateway's to answer: on a subgraph's schema it would describe that subgraph
      // (its `_entities`, `_service`) instead of the graph clients see.
      if (!asksForIntrospection(parsed)) {
        const operation = operationFromDocument(this.supergraph.schema, parsed, { operationName: operationName ?? undefined });
        const service = soleService(this.planner.buildQueryPlan(operation).node);
        const subgraph = this.subgraphs.find((candidate) => candidate.name === service);
        if (subgraph && validate(subgraph.schema, parsed).length === 0) found = { subgraph, schema: subgraph.schema };
      }
    } catch {
      // Not plannable here: the gateway will report what is wrong with it.
    }
    if (this.owners.size >= this.maxOperations) this.owners.clear();
    this.owners.set(key, found);
    return found;
  }

  /** Runs `document` on its owner's schema, with a subgraph context as the gateway would make for the request; counted as that subgraph's fetch. */
  run(
    owner: OwnedOperation,
    document: DocumentNode,
    request: { variables?: Record<string, unknown> | null; operationName?: string | null; context: GatewayContext },
  ): Promise<ExecutionResult> {
    return measuredFetch(owner.subgraph.name, async () =>
      this.execute({
        schema: owner.schema,
        document,
        variableValues: request.variables,
        operationName: request.operationName,
        // Object.assign rather than a spread with more keys after it, which takes V8's slow path (see domainContext).
        contextValue: owner.subgraph.createContext(Object.assign({ headers: request.context.headers }, this.services)),
      }),
    );
  }
}

/**
 * rest-compat's way into the graph in a process that hosts every subgraph: a route's operation that
 * one subgraph owns runs there, with the gateway's error formatting; anything else (an operation that
 * walks several subgraphs) goes through the gateway as before.
 */
export function ownedOperationExecutor(options: {
  owned: OwnedOperations;
  formatError: FormatError;
  /** The gateway, for operations that span subgraphs. */
  throughGateway: GraphExecutor;
}): GraphExecutor {
  // REST routes are a fixed set of documents, so their parsed trees are kept by text beside their owners.
  const documents = new Map<string, DocumentNode>();
  const documentOf = (query: string) => {
    let document = documents.get(query);
    if (!document) documents.set(query, (document = parse(query)));
    return document;
  };
  return async (request) => {
    const operation = options.owned.ownerOf(request.query, () => documentOf(request.query));
    if (!operation) return options.throughGateway(request);
    const document = documentOf(request.query);
    const result = await options.owned.run(operation, document, {
      variables: request.variables,
      context: gatewayContextFromHeaders(request.headers),
    });
    if (!result.errors?.length) return result as GraphResult;
    // Without data the operation never ran: its variables were refused, a request error as the gateway reports it.
    const requestError = result.data === undefined;
    const errors = result.errors.map((error) => {
      const formatted = error.toJSON();
      const coded =
        requestError && !formatted.extensions?.code
          ? { ...formatted, extensions: { ...formatted.extensions, code: "BAD_USER_INPUT" } }
          : formatted;
      return options.formatError(coded, error, { operationName: request.label, variables: request.variables, document });
    });
    return { data: result.data, errors } as GraphResult;
  };
}
