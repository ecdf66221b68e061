import { createClient, type Client } from "graphql-ws/client";
import WebSocket from "ws";
import { pickForwardedHeaders } from "./forwarded-headers";
import type { GraphResult, GraphSubscriber } from "./executor";

/**
 * Subscriptions to a graph in another process over graphql-ws. One connection carries every
 * subscription of this process; each subscription sends its caller's headers in `extensions`.
 */
export function webSocketGraphSubscriber(httpUrl: string): GraphSubscriber & { close(): Promise<void> } {
  let client: Client | undefined;
  const url = httpUrl.replace(/^http/, "ws");
  const connection = () =>
    (client ??= createClient({
      url,
      webSocketImpl: WebSocket,
      lazy: true,
      // A restarting peer is reconnected to; subscriptions resume through their own cursors.
      retryAttempts: Infinity,
      shouldRetry: () => true,
    }));
  const subscribe = async ({ query, variables, headers }: Parameters<GraphSubscriber>[0]) =>
    connection().iterate({
      query,
      variables,
      extensions: { headers: pickForwardedHeaders(headers) },
    }) as AsyncIterableIterator<GraphResult>;
  return Object.assign(subscribe, {
    async close() {
      await client?.dispose();
    },
  });
}
