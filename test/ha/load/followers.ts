import { createClient } from "graphql-ws/client";
import WebSocket from "ws";

/** A client following the log: every position it was given, in the order given, and how often it had to reconnect. */
export type Follower = { name: string; positions: number[]; reconnects: number; stop(): void };

/**
 * An SSE client of GET /platform/events/stream through the load balancer, as a browser's EventSource
 * behaves: on any end of the stream it reconnects (to whichever host HAProxy picks) with Last-Event-ID.
 */
export function followStream(baseUrl: string, headers: Record<string, string>): Follower {
  const follower: Follower = { name: "sse", positions: [], reconnects: 0, stop: () => controller.abort() };
  const controller = new AbortController();
  void (async () => {
    while (!controller.signal.aborted) {
      const last = follower.positions.at(-1);
      try {
        const response = await fetch(`${baseUrl}/platform/events/stream`, {
          headers: { ...headers, accept: "text/event-stream", ...(last !== undefined && { "last-event-id": String(last) }) },
          signal: controller.signal,
        });
        if (response.ok && response.body) {
          let buffered = "";
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            buffered += Buffer.from(chunk).toString("utf8");
            let end: number;
            while ((end = buffered.indexOf("\n\n")) >= 0) {
              const frame = buffered.slice(0, end);
              buffered = buffered.slice(end + 2);
              const id = /^id: (\d+)$/m.exec(frame)?.[1];
              if (id) follower.positions.push(Number(id));
            }
          }
        }
      } catch {
        // The host went away, or the test stopped following.
      }
      if (controller.signal.aborted) break;
      follower.reconnects++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return follower;
}

/** A graphql-ws client of `events(after:)` through the load balancer: on a closed socket it subscribes again after its last position. */
export function followSubscription(wsUrl: string, authorization: string): Follower {
  let stopped = false;
  let dispose: (() => void) | undefined;
  const follower: Follower = {
    name: "graphql-ws",
    positions: [],
    reconnects: 0,
    stop: () => {
      stopped = true;
      dispose?.();
    },
  };
  const subscribe = () => {
    if (stopped) return;
    const client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization },
      retryAttempts: 0,
      lazy: true,
    });
    const last = follower.positions.at(-1);
    let ended = false;
    const again = () => {
      if (ended) return;
      ended = true;
      void client.dispose();
      if (stopped) return;
      follower.reconnects++;
      setTimeout(subscribe, 200);
    };
    const unsubscribe = client.subscribe<{ events: { position: string } }>(
      {
        query: "subscription ($after: String) { events(after: $after) { position } }",
        variables: { after: last === undefined ? null : String(last) },
      },
      {
        next: (result) => {
          const position = result.data?.events.position;
          if (position !== undefined) follower.positions.push(Number(position));
        },
        error: again,
        complete: again,
      },
    );
    dispose = () => {
      ended = true;
      unsubscribe();
      void client.dispose();
    };
  };
  subscribe();
  return follower;
}
