import { createClient } from "graphql-ws";
import { authorization } from "../auth";
import WebSocket from "ws";
import { now } from "./clock";
import { eventTypeFilter } from "./envelope";

export type GraphqlSubscription = { close(): Promise<void>; failure(): string | null };

const document = `subscription ($filter: EventStreamFilter) { events(filter: $filter) { id } }`;

/**
 * One graphql-ws client with one `events` subscription, as an application would hold it. No retries:
 * a dropped socket must show up as missing events, not be papered over by a reconnect.
 */
export async function openSubscription(url: string, onEvent: (id: string, receivedAt: number) => void, type = eventTypeFilter): Promise<GraphqlSubscription> {
  let failure: string | null = null;
  const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, connectionParams: () => authorization });
  // graphql-ws acknowledges the connection, not the subscription: the caller proves the subscription
  // is live by publishing probe events until one arrives.
  await new Promise<void>((resolve, reject) => {
    const unhookConnected = client.on("connected", () => {
      unhookConnected();
      unhookError();
      resolve();
    });
    const unhookError = client.on("error", (error) => {
      unhookConnected();
      unhookError();
      reject(new Error(`graphql-ws could not connect to ${url}: ${describe(error)}`));
    });
  });
  const unsubscribe = client.subscribe<{ events: { id: string } }>(
    { query: document, variables: { filter: { type } } },
    {
      next: (result) => {
        const receivedAt = now();
        if (result.errors?.length) failure ??= result.errors.map((error) => error.message).join("; ");
        const id = result.data?.events.id;
        if (id) onEvent(id, receivedAt);
      },
      error: (error) => {
        failure ??= describe(error);
      },
      complete: () => {
        failure ??= "the server completed the subscription";
      },
    },
  );
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      await client.dispose();
    },
    failure: () => (closed ? null : failure),
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  // A CloseEvent from the socket: its code and reason say more than "[object Object]".
  const close = error as { code?: number; reason?: string };
  if (close && typeof close.code === "number") return `socket closed with ${close.code}${close.reason ? ` (${close.reason})` : ""}`;
  return String(error);
}
