import { randomUUID } from "node:crypto";
import http from "node:http";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { now } from "../measure";

// The events and dashboard suites' envelope and readers, each stamping an arrival before any parsing.

export type Reader = { close(): Promise<void>; failure(): string | null };
export type OnEvent = (id: string, receivedAt: number) => void;

/** A type declared for its source, a payload the size of a real change notice, and a fresh id: the log refuses a repeated one. */
export const envelope = (id: string = randomUUID()) =>
  JSON.stringify({
    id,
    specversion: "1.0",
    type: "persons.person.updated",
    source: "/persons",
    subject: randomUUID(),
    time: new Date().toISOString(),
    datacontenttype: "application/json",
    data: { changedFields: ["phone", "address.line1"], reason: "caseworker update" },
  });

/** What the readers ask for: every person event, as a consumer would filter. */
export const typeFilter = "persons.*";

/** An SSE reader on a socket of its own, ready at `: connected`, sent once its subscription exists: every later event is due on it. */
export function openSse(url: string, headers: Record<string, string>, onEvent: OnEvent): Promise<Reader> {
  return new Promise((resolve, reject) => {
    let failure: string | null = null;
    let opened = false;
    let closing = false;
    const request = http.get(url, { agent: false, headers: { accept: "text/event-stream", ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        request.destroy();
        return reject(new Error(`GET ${url} answered ${response.statusCode}`));
      }
      response.setEncoding("utf8");
      let buffered = "";
      response.on("data", (chunk: string) => {
        const receivedAt = now();
        buffered += chunk;
        for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (frame.startsWith(": connected") && !opened) {
            opened = true;
            clearTimeout(timer);
            resolve(reader);
          }
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (frame.includes("event: error")) failure ??= `event: error ${data ?? ""}`;
          else if (data && !frame.startsWith(":")) onEvent((JSON.parse(data) as { id: string }).id, receivedAt);
        }
      });
      response.on("close", () => void (closing || (failure ??= "the server closed the stream")));
    });
    const reader: Reader = { close: async () => void ((closing = true), request.destroy()), failure: () => failure };
    request.on("error", (error) => (opened ? void (closing || (failure ??= error.message)) : reject(error)));
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`GET ${url}: no ': connected' within 15 s`));
    }, 15_000);
  });
}

/** No retries: a dropped socket must show as missing events. Only the connection is acknowledged: callers prove the subscription live. */
export async function openSubscription(url: string, headers: Record<string, string>, onEvent: OnEvent, type = typeFilter): Promise<Reader> {
  let failure: string | null = null;
  const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, connectionParams: () => headers });
  await new Promise<void>((resolve, reject) => {
    const unhook = [client.on("connected", () => done()), client.on("error", (error) => done(error))];
    const done = (error?: unknown) => {
      unhook.forEach((off) => off());
      error ? reject(new Error(`graphql-ws could not connect to ${url}: ${describe(error)}`)) : resolve();
    };
  });
  const unsubscribe = client.subscribe<{ events: { id: string } }>(
    { query: `subscription ($filter: EventStreamFilter) { events(filter: $filter) { id } }`, variables: { filter: { type } } },
    {
      next: (result) => {
        const receivedAt = now();
        if (result.errors?.length) failure ??= result.errors.map((error) => error.message).join("; ");
        if (result.data?.events.id) onEvent(result.data.events.id, receivedAt);
      },
      error: (error) => void (failure ??= describe(error)),
      complete: () => void (failure ??= "the server completed the subscription"),
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

/** A socket's CloseEvent says more by its code and reason than as "[object Object]". */
function describe(error: unknown): string {
  const close = error as { code?: number; reason?: string };
  return error instanceof Error
    ? error.message
    : typeof close?.code === "number"
      ? `socket closed with ${close.code} ${close.reason ?? ""}`.trim()
      : String(error);
}
