import { admitOperation, queryLimitsFromEnv, refuseDeepText, type TrustedOperations } from "@pap/kernel/graphql";
import {
  clientAddressOf,
  serveGraphqlWebSocket,
  subscriptionHeaders,
  trustedProxiesFromEnv,
  type ConnectionLimiter,
} from "@pap/kernel/http";
import type { Server } from "node:http";
import { GraphQLError, NoSchemaIntrospectionCustomRule, specifiedRules, validate, type ExecutionResult } from "graphql";
import { platformLimitsRule } from "../graph/limits";
import { introspectionEnabled, type FederatedGraph } from "../graph/server";
import { gatewayContextFromHeaders, type GatewayContext } from "../graph/context";

/**
 * graphql-ws on the gateway's /graphql: subscriptions through the engine, and queries and mutations
 * (which some clients send over the same socket) through Apollo as over HTTP.
 */
export function serveGatewayWebSocket(
  server: Server,
  graph: FederatedGraph,
  connections?: ConnectionLimiter,
  trusted?: TrustedOperations,
): () => Promise<void> {
  // Each socket holds one of its caller's live-connection places from init until it closes.
  const releases = new WeakMap<object, () => void>();
  const limits = queryLimitsFromEnv();
  const clientAddress = clientAddressOf(trustedProxiesFromEnv());
  const limited = [...specifiedRules, platformLimitsRule(limits)];
  const rules = introspectionEnabled() ? limited : [...limited, NoSchemaIntrospectionCustomRule];
  return serveGraphqlWebSocket(server, "/graphql", {
    schema: () => graph.schema(),
    onConnect: async (ctx) => {
      if (!connections) return true;
      const headers = subscriptionHeaders(ctx.extra.request.headers, undefined, ctx.connectionParams);
      const release = await connections.acquire(headers, clientAddress(ctx.extra.request), "websocket");
      if (!release) {
        ctx.extra.socket.close(4429, "Too many live connections for this caller");
        return false;
      }
      releases.set(ctx, release);
      return true;
    },
    onClose: (ctx) => releases.get(ctx)?.(),
    // Before graphql-ws parses the document, which recurses: the same refusal as over HTTP.
    // graphql-ws always carries the document's text: a trusted deployment checks it is listed (and is
    // the document of the hash sent beside it, if any), as over HTTP.
    onSubscribe: (_ctx, _id, payload) => {
      const admission = trusted && admitOperation({ query: payload.query, extensions: payload.extensions }, trusted);
      if (admission && "refused" in admission)
        return [new GraphQLError(admission.refused.message, { extensions: { code: admission.refused.code, status: 400 } })];
      const tooDeep = typeof payload.query === "string" ? refuseDeepText(payload.query, limits) : undefined;
      return tooDeep ? [tooDeep] : undefined;
    },
    // The same limits as over HTTP (and introspection only where it is switched on).
    validate: (schema, document) => validate(schema, document, rules),
    context: (ctx, _id, payload) =>
      gatewayContextFromHeaders(subscriptionHeaders(ctx.extra.request.headers, payload.extensions, ctx.connectionParams)),
    subscribe: (args) =>
      graph.subscriptions.subscribe({ ...args, variableValues: args.variableValues, contextValue: args.contextValue as GatewayContext }),
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
