import type { Server } from "node:http";
import type { ServerOptions } from "graphql-ws";
import { useServer, type Extra } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { pickForwardedHeaders } from "./forwarded-headers";

/**
 * Serves GraphQL over WebSocket (the graphql-ws protocol) on `path` of an existing HTTP server, beside
 * the HTTP routes on the same port. Returns a function that closes every socket.
 */
export type WebSocketGraphqlOptions = ServerOptions<Record<string, unknown> | undefined, Extra>;

export function serveGraphqlWebSocket(server: Server, path: string, options: WebSocketGraphqlOptions): () => Promise<void> {
  const sockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request, socket, head) => {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== path) return;
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit("connection", client, request));
  });
  const disposable = useServer(options, sockets);
  return async () => {
    for (const client of sockets.clients) client.terminate();
    await disposable.dispose();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  };
}

/**
 * The headers a subscription carries: those of the upgrade request, overridden by any the client put
 * in the subscribe message's `extensions.headers` (how the gateway forwards each subscriber's own
 * identity and trace over one shared connection).
 */
export function subscriptionHeaders(upgradeHeaders: Record<string, string | string[] | undefined>, extensions: unknown): Record<string, string> {
  const forwarded = (extensions as { headers?: Record<string, string> } | undefined)?.headers;
  return { ...pickForwardedHeaders(upgradeHeaders), ...(forwarded ? pickForwardedHeaders(forwarded) : {}) };
}
