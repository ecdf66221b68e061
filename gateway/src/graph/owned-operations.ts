import { Supergraph, operationFromDocument } from "@apollo/federation-internals";
import { QueryPlanner, type PlanNode, type SubscriptionNode } from "@apollo/query-planner";
import type { DomainServices } from "@pap/events";
import type { FailedOperation, GraphExecutor, GraphResult } from "@pap/kernel/graphql";
import { execute, parse, validate, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from "graphql";
import type { PlatformSubgraph } from "../subgraphs";
import { gatewayContextFromHeaders } from "./context";

type FormatError = (formatted: GraphQLFormattedError, error: unknown, operation: FailedOperation) => GraphQLFormattedError;

/** An operation that one subgraph answers alone, parsed and validated against that subgraph once. */
type OwnedOperation = { subgraph: PlatformSubgraph; schema: GraphQLSchema; document: DocumentNode };

/** The subgraph a plan sends its only fetch to, when it has exactly one (no entity hops, no second service). */
function soleService(node: PlanNode | SubscriptionNode | undefined): string | undefined {
  if (!node || node.kind === "Subscription") return undefined;
  if (node.kind === "Fetch") return node.requires ? undefined : node.serviceName;
  if ((node.kind === "Sequence" || node.kind === "Parallel") && node.nodes.length === 1) return soleService(node.nodes[0]);
  return undefined;
}

/**
 * rest-compat's way into the graph in a process that hosts every subgraph. Each REST route's operation
 * is planned once by the federation query planner, over the same supergraph the gateway serves; when
 * the plan is a single fetch from one subgraph (a person by id, a page of tasks), the operation runs
 * on that subgraph's schema directly: the same resolvers, the same authorization in them, the same
 * error formatting, but none of the gateway's per-request planning, result merging and re-validation.
 * Anything else (an operation that walks several subgraphs) goes through the gateway as before.
 */
export function ownedOperationExecutor(options: {
  supergraphSdl: string;
  subgraphs: readonly PlatformSubgraph[];
  services: DomainServices;
  formatError: FormatError;
  /** The gateway, for operations that span subgraphs. */
  throughGateway: GraphExecutor;
}): GraphExecutor {
  const supergraph = Supergraph.build(options.supergraphSdl);
  const planner = new QueryPlanner(supergraph);
  const owned = new Map<string, OwnedOperation | null>();

  const ownerOf = (query: string): OwnedOperation | null => {
    let found = owned.get(query);
    if (found !== undefined) return found;
    found = null;
    try {
      const document = parse(query);
      const service = soleService(planner.buildQueryPlan(operationFromDocument(supergraph.schema, document)).node);
      const subgraph = options.subgraphs.find((candidate) => candidate.name === service);
      if (subgraph && validate(subgraph.schema, document).length === 0) found = { subgraph, schema: subgraph.schema, document };
    } catch {
      // Not plannable here: the gateway will report what is wrong with it.
    }
    // REST routes are a fixed set of documents, so this map is bounded by the route table.
    owned.set(query, found);
    return found;
  };

  return async (request) => {
    const operation = ownerOf(request.query);
    if (!operation) return options.throughGateway(request);
    const { headers } = gatewayContextFromHeaders(request.headers);
    const result = await execute({
      schema: operation.schema,
      document: operation.document,
      variableValues: request.variables,
      contextValue: operation.subgraph.createContext(Object.assign({ headers }, options.services)),
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
      return options.formatError(coded, error, {
        operationName: request.label,
        variables: request.variables,
        document: operation.document,
      });
    });
    return { data: result.data, errors } as GraphResult;
  };
}
