import type { Server } from "node:http";
import type { GraphQLError, GraphQLFormattedError } from "graphql";
import type { ServerOptions } from "graphql-ws";
import { useServer, type Extra } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { pickForwardedHeaders } from "../graphql/forwarded-headers";
import { answerSendsEarly } from "./websocket-writes";

/**
 * Serves GraphQL over WebSocket (the graphql-ws protocol) on `path` of an existing HTTP server, beside
 * the HTTP routes on the same port. Returns a function that closes every socket.
 */
export type WebSocketGraphqlOptions = ServerOptions<Record<string, unknown> | undefined, Extra>;

export function serveGraphqlWebSocket(server: Server, path: string, options: WebSocketGraphqlOptions): () => Promise<void> {
  // The same bound on a message as on an HTTP body.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  // Before graphql-ws's own listener, so that it sends through the patched method.
  sockets.on("connection", answerSendsEarly);
  server.on("upgrade", (request, socket, head) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== path) return;
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit("connection", client, request));
  });
  const disposable = useServer(
    {
      // Results resolved through Apollo (or received from another process) carry errors as plain
      // objects, without the toJSON graphql-ws calls: sent as they are, they would break the socket.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors?.length ? { ...result, errors: result.errors.map(formattedError) } : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map(formattedError),
      ...options,
    },
    sockets,
  );
  return async () => {
    for (const client of sockets.clients) client.terminate();
    await disposable.dispose();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  };
}

function formattedError(error: GraphQLError | GraphQLFormattedError): GraphQLFormattedError {
  return typeof (error as GraphQLError).toJSON === "function" ? (error as GraphQLError).toJSON() : (error as GraphQLFormattedError);
}

/**
 * The headers a subscription carries: those of the upgrade request, then the connection's init
 * payload (browsers cannot set headers on a WebSocket, so they send `{ authorization: "Bearer …" }`
 * there), then any the subscribe message carries in `extensions.headers` (how the gateway forwards
 * each subscriber's own identity and trace over one shared connection).
 */
export function subscriptionHeaders(
  upgradeHeaders: Record<string, string | string[] | undefined>,
  extensions: unknown,
  connectionParams?: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const fromInit = connectionParams ? pickForwardedHeaders(lowerCaseStrings(connectionParams)) : {};
  const forwarded = (extensions as { headers?: Record<string, string> } | undefined)?.headers;
  return { ...pickForwardedHeaders(upgradeHeaders), ...fromInit, ...(forwarded ? pickForwardedHeaders(forwarded) : {}) };
}

const lowerCaseStrings = (values: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (typeof value === "string" ? [[name.toLowerCase(), value]] : [])));
