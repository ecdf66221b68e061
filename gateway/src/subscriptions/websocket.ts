import { queryLimitsFromEnv, queryLimitsRule, serveGraphqlWebSocket, subscriptionHeaders } from "@pap/kernel";
import type { Server } from "node:http";
import { NoSchemaIntrospectionCustomRule, specifiedRules, validate, type ExecutionResult } from "graphql";
import { introspectionEnabled, type FederatedGraph } from "../graph/server";
import { gatewayContextFromHeaders, type GatewayContext } from "../graph/context";

/**
 * graphql-ws on the gateway's /graphql: subscriptions through the engine, and queries and mutations
 * (which some clients send over the same socket) through Apollo as over HTTP.
 */
export function serveGatewayWebSocket(server: Server, graph: FederatedGraph): () => Promise<void> {
  const limited = [...specifiedRules, queryLimitsRule(queryLimitsFromEnv())];
  const rules = introspectionEnabled() ? limited : [...limited, NoSchemaIntrospectionCustomRule];
  return serveGraphqlWebSocket(server, "/graphql", {
    schema: () => graph.schema(),
    // The same limits as over HTTP (and introspection only where it is switched on).
    validate: (schema, document) => validate(schema, document, rules),
    context: (ctx, _id, payload) => gatewayContextFromHeaders(subscriptionHeaders(ctx.extra.request.headers, payload.extensions, ctx.connectionParams)),
    subscribe: (args) => graph.subscriptions.subscribe({ ...args, variableValues: args.variableValues, contextValue: args.contextValue as GatewayContext }),
    execute: async (args) => {
      const response = await graph.server.executeOperation(
        { query: args.document, variables: args.variableValues ?? undefined, operationName: args.operationName ?? undefined },
        { contextValue: args.contextValue as GatewayContext },
      );
      if (response.body.kind !== "single") throw new Error("incremental delivery is not supported over WebSocket");
      return response.body.singleResult as ExecutionResult;
    },
  });
}
