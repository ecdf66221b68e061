import { createClient } from "graphql-ws/client";
import WebSocket from "ws";

/**
 * A client following the log: every position it was given, in the order given; how often a stream it
 * had open ended (`lost`, each followed by a resume); and how many attempts to open one were refused
 * (`refused`: while no host was ready, HAProxy answers at once, and the client tries again every 200 ms).
 */
export type Follower = { name: string; positions: number[]; lost: number; refused: number; stop(): void };

/**
 * An SSE client of GET /platform/events/stream through the load balancer, as a browser's EventSource
 * behaves: on any end of the stream it reconnects (to whichever host HAProxy picks) with Last-Event-ID.
 */
export function followStream(baseUrl: string, headers: Record<string, string>): Follower {
  const follower: Follower = { name: "sse", positions: [], lost: 0, refused: 0, stop: () => controller.abort() };
  const controller = new AbortController();
  void (async () => {
    while (!controller.signal.aborted) {
      const last = follower.positions.at(-1);
      let opened = false;
      try {
        const response = await fetch(`${baseUrl}/platform/events/stream`, {
          headers: { ...headers, accept: "text/event-stream", ...(last !== undefined && { "last-event-id": String(last) }) },
          signal: controller.signal,
        });
        if (response.ok && response.body) {
          opened = true;
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
      if (opened) follower.lost++;
      else follower.refused++;
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
    lost: 0,
    refused: 0,
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
      on: { connected: () => (acknowledged = true) },
    });
    const last = follower.positions.at(-1);
    let ended = false;
    let acknowledged = false;
    const again = () => {
      if (ended) return;
      ended = true;
      void client.dispose();
      if (stopped) return;
      if (acknowledged) follower.lost++;
      else follower.refused++;
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
