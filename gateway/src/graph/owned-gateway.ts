import type { ApolloGateway } from "@apollo/gateway";
import { GraphQLError, getVariableValues, type ExecutionResult } from "graphql";
import type { GatewayContext } from "./context";
import type { OwnedOperations } from "./owned-operations";

// Apollo Server's gateway interface, as @apollo/gateway implements it (the interface's own package is not a dependency here).
type Gateway = Pick<ApolloGateway, "load" | "stop" | "onSchemaLoadOrUpdate">;
type GatewayExecutor = Awaited<ReturnType<ApolloGateway["load"]>>["executor"];

/**
 * A subgraph's error as Apollo Gateway hands it on (its `downstreamServiceError`): the subgraph's
 * message, path and extensions with the subgraph's name, coded DOWNSTREAM_SERVICE_ERROR when it had
 * no code, and no locations (the gateway's would point into the query it sent the subgraph).
 */
function asGatewayError(error: GraphQLError, serviceName: string): GraphQLError {
  return new GraphQLError(error.message || `Error while fetching subquery from service "${serviceName}"`, {
    originalError: error,
    path: error.path,
    extensions: { ...error.extensions, serviceName, code: error.extensions?.code ?? "DOWNSTREAM_SERVICE_ERROR" },
  });
}

/**
 * Apollo Gateway for Apollo Server, with GraphQL operations that one subgraph answers alone run on
 * that subgraph directly (`OwnedOperations`, which REST's routes use too). Only the execution step
 * changes: Apollo Server's pipeline still parses, validates (the query limits among its rules), runs
 * every plugin (trusted documents and APQ before it, the introspection guard, metrics, error
 * formatting) and formats the answer; the gateway still answers introspection and every operation
 * that spans subgraphs, and loads and stops the schema.
 */
export function withOwnedOperations(gateway: Gateway, owned: OwnedOperations): Gateway {
  return {
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
    async load(options) {
      const loaded = await gateway.load(options);
      const throughGateway = loaded.executor;
      const executor: GatewayExecutor = async (requestContext) => {
        const { document, operationName, request, operation } = requestContext;
        const owner = owned.ownerOf(`hash:${requestContext.queryHash}:${operationName ?? ""}`, () => document, operationName);
        if (!owner) return throughGateway(requestContext);
        // The gateway's own first check: the variables against the graph clients see, refused as it refuses them.
        if (operation.variableDefinitions?.length) {
          const { errors } = getVariableValues(requestContext.schema, operation.variableDefinitions, request.variables ?? {});
          if (errors) return { errors };
        }
        const result: ExecutionResult = await owned.run(owner, document, {
          variables: request.variables,
          operationName,
          context: requestContext.context as GatewayContext,
        });
        if (!result.errors?.length) return result;
        return { ...result, errors: result.errors.map((error) => asGatewayError(error, owner.subgraph.name)) };
      };
      return { ...loaded, executor };
    },
  };
}
