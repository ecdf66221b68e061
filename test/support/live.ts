/**
 * Clients for the platform's live event delivery, used by the event stream and subscription tests:
 * a server-sent-events reader over fetch (frames parsed by hand, no dependency), a graphql-ws
 * subscription collector, and helpers that read the log (with positions) through GraphQL.
 */
import { randomUUID } from "node:crypto";
import type { PlatformEvent } from "@pap/events";
import { createLogger } from "@pap/core";
import type { DatabaseConfig } from "@pap/db";
import { startPlatform, type RunningPlatform } from "@pap/gateway";
import { createClient, type Client } from "graphql-ws/client";
import { adminHeaders } from "./auth";
import { waitFor, waitForValue, WAIT_MS } from "./waiting";
import WebSocket from "ws";

/** Lets a reader wait for the next arrival (or a timeout) without polling: `notify()` on each arrival. */
function arrivals() {
  let wake: (() => void) | undefined;
  return {
    notify: () => wake?.(),
    next: async (timeoutMs: number) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    },
  };
}

/** A fresh envelope of a declared type, as a producer writing straight to the log would make it. */
export const rawEvent = (): PlatformEvent => ({
  id: randomUUID(),
  specversion: "1.0",
  type: "persons.person.updated",
  source: "/persons",
  subject: randomUUID(),
  time: new Date().toISOString(),
  datacontenttype: "application/json",
  data: { changes: [] },
});

/**
 * A whole platform on `databaseUrl` (several may share one database, each with its own hub and LISTEN
 * connection: separate processes in all but name). `env` is applied while it starts (settings such as
 * EVENT_STREAM_HEARTBEAT_MS are read then; `undefined` unsets one) and restored afterwards.
 */
export async function startPlatformOn(
  database: DatabaseConfig | string,
  env: Record<string, string | undefined> = {},
): Promise<RunningPlatform> {
  process.env.LOG_LEVEL ??= "silent";
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(env);
  try {
    const config: DatabaseConfig = typeof database === "string" ? { kind: "postgres", url: database, poolSize: 5 } : database;
    // A cloned PostgreSQL database is migrated already; an embedded store migrates at start.
    return await startPlatform({
      database: config,
      host: "127.0.0.1",
      port: 0,
      logger: createLogger("test"),
      migrate: config.kind === "pglite",
    });
  } finally {
    apply(saved);
  }
}

// ---------------------------------------------------------------------------------------------------
// Server-sent events

/** One SSE frame (the lines up to a blank line), as received. */
export type SseFrame = {
  /** The frame's text without the terminating blank line. */
  raw: string;
  /** Comment lines (`: text`), without the colon and the one leading space. */
  comments: string[];
  id?: string;
  event?: string;
  /** The `data:` lines joined with "\n" (the SSE rule). */
  data?: string;
  dataLines: number;
  /** Milliseconds since the stream's response arrived. */
  at: number;
};

export type SseEvent = { id: string; data: any; frame: SseFrame };

export type SseStream = {
  status: number;
  headers: Headers;
  /** Every frame received so far, in order. */
  frames: SseFrame[];
  /** The next frame not yet taken by `next`/`nextEvent` (comments included). */
  next(timeoutMs?: number): Promise<SseFrame>;
  /** The next event frame (skips comments), with its `data` parsed. */
  nextEvent(timeoutMs?: number): Promise<SseEvent>;
  /** The next `count` event frames. */
  events(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Event frames received but not yet taken. */
  untakenEvents(): SseEvent[];
  /** Aborts the request (a forced disconnect, as when the network drops). */
  close(): void;
  /** Resolves when the response body ends or the request is aborted. */
  ended: Promise<void>;
};

function parseFrame(raw: string, at: number): SseFrame {
  const frame: SseFrame = { raw, comments: [], dataLines: 0, at };
  const data: string[] = [];
  for (const line of raw.split("\n")) {
    if (line.startsWith(":")) {
      frame.comments.push(line.slice(1).replace(/^ /, ""));
      continue;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") {
      data.push(value);
      frame.dataLines++;
    } else if (field === "id") frame.id = value;
    else if (field === "event") frame.event = value;
  }
  if (data.length) frame.data = data.join("\n");
  return frame;
}

const isEventFrame = (frame: SseFrame) => frame.data !== undefined && frame.event === undefined;

function toEvent(frame: SseFrame): SseEvent {
  if (frame.id === undefined) throw new Error(`event frame without an id: line: ${JSON.stringify(frame.raw)}`);
  return { id: frame.id, data: JSON.parse(frame.data!), frame };
}

/**
 * Opens `GET url` as an event stream. A non-2xx answer is returned as `{status, headers, body}` with
 * the body parsed as JSON, so error envelopes can be checked.
 */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream | { status: number; headers: Headers; body: any }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...(await adminHeaders()), ...headers },
    signal: abort.signal,
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // left as text
    }
    return { status: response.status, headers: response.headers, body };
  }
  const opened = Date.now();
  const frames: SseFrame[] = [];
  let taken = 0;
  const arrived = arrivals();
  let finished = false;
  let failure: unknown;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
        let boundary: number;
        while ((boundary = buffer.indexOf("\n\n")) !== -1) {
          frames.push(parseFrame(buffer.slice(0, boundary), Date.now() - opened));
          buffer = buffer.slice(boundary + 2);
          arrived.notify();
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) failure = error;
    } finally {
      finished = true;
      arrived.notify();
    }
  })();

  const next = async (timeoutMs = WAIT_MS): Promise<SseFrame> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (taken < frames.length) return frames[taken++]!;
      if (finished)
        throw new Error(
          `the stream ended${failure ? ` with ${String(failure)}` : ""} while a frame was awaited (received: ${JSON.stringify(frames.map((f) => f.raw))})`,
        );
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no SSE frame within ${timeoutMs} ms (received so far: ${frames.length} frames)`);
      await arrived.next(remaining);
    }
  };
  const nextEvent = async (timeoutMs = WAIT_MS): Promise<SseEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await next(Math.max(1, deadline - Date.now()));
      if (frame.event === "error") throw new Error(`the stream sent an error frame: ${frame.raw}`);
      if (isEventFrame(frame)) return toEvent(frame);
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    frames,
    next,
    nextEvent,
    async events(count, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      const events: SseEvent[] = [];
      while (events.length < count) events.push(await nextEvent(Math.max(1, deadline - Date.now())));
      return events;
    },
    untakenEvents: () => frames.slice(taken).filter(isEventFrame).map(toEvent),
    close: () => abort.abort(),
    ended,
  };
}

/** `openSse` for a stream that must open (200). */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await openSse(url, headers);
  if (!("next" in stream)) throw new Error(`expected an open event stream, got ${stream.status} ${JSON.stringify(stream.body)}`);
  return stream;
}

// ---------------------------------------------------------------------------------------------------
// graphql-ws

/** A graphql-ws client for a platform's (or gateway's) base URL or /graphql URL, as the administrator unless `headers` name another caller. */
export function wsClient(url: string, headers?: Record<string, string>): Client {
  const graphqlUrl = url.endsWith("/graphql") ? url : `${url}/graphql`;
  // Browsers cannot set headers on a WebSocket: the token travels in the connection's init payload.
  return createClient({
    url: graphqlUrl.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 0,
    connectionParams: () => headers ?? adminHeaders(),
  });
}

export type Collected = {
  /** Every `next` payload received, in order. */
  results: Array<{ data?: any; errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }> }>;
  /** The protocol-level error, when the server refused the subscription (or the socket failed). */
  error?: unknown;
  completed: boolean;
  /** The next payload not yet taken. */
  next(timeoutMs?: number): Promise<Collected["results"][number]>;
  /** The next `count` payloads. */
  take(count: number, timeoutMs?: number): Promise<Collected["results"]>;
  /** Resolves when the server completes the subscription or reports an error. */
  finished(timeoutMs?: number): Promise<void>;
  untaken(): Collected["results"];
  /** Stops the subscription (sends `complete`). */
  dispose(): void;
};

export function collect(client: Client, query: string, variables?: Record<string, unknown>): Collected {
  let taken = 0;
  const arrived = arrivals();
  const collected: Collected = {
    results: [],
    completed: false,
    async next(timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (taken < collected.results.length) return collected.results[taken++]!;
        if (collected.completed || collected.error) {
          throw new Error(
            `the subscription ended (${collected.error ? `error: ${JSON.stringify(collected.error)}` : "complete"}) while a payload was awaited`,
          );
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0)
          throw new Error(`no subscription payload within ${timeoutMs} ms (received: ${JSON.stringify(collected.results)})`);
        await arrived.next(remaining);
      }
    },
    async take(count, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      const results: Collected["results"] = [];
      while (results.length < count) results.push(await collected.next(Math.max(1, deadline - Date.now())));
      return results;
    },
    async finished(timeoutMs = WAIT_MS) {
      await waitFor(() => collected.completed || collected.error !== undefined, "the subscription to end", timeoutMs);
    },
    untaken: () => collected.results.slice(taken),
    dispose: () => dispose(),
  };
  const dispose = client.subscribe(
    { query, variables },
    {
      next: (value) => {
        collected.results.push(value as Collected["results"][number]);
        arrived.notify();
      },
      error: (error) => {
        collected.error = error ?? "error";
        arrived.notify();
      },
      complete: () => {
        collected.completed = true;
        arrived.notify();
      },
    },
  );
  return collected;
}

// ---------------------------------------------------------------------------------------------------
// The log, with positions (REST does not show them)

export type LogEntry = { id: string; position: bigint; type: string; source: string; subject: string };

/**
 * The whole log in position order, read through GraphQL at `graphqlUrl` (pages of 100). Events get
 * their position a moment after they commit, so the read is repeated until every one has it.
 */
export async function readLog(graphqlUrl: string): Promise<LogEntry[]> {
  const entries = await waitForValue(
    async () => {
      const read = await readLogOnce(graphqlUrl);
      return read.every((entry) => entry.position !== null) ? (read as LogEntry[]) : undefined;
    },
    "every event in the log to have its position",
    WAIT_MS,
    20,
  );
  return entries.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}

async function readLogOnce(graphqlUrl: string): Promise<Array<Omit<LogEntry, "position"> & { position: bigint | null }>> {
  const entries: Array<Omit<LogEntry, "position"> & { position: bigint | null }> = [];
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(graphqlUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await adminHeaders()) },
      body: JSON.stringify({
        query: `query ($offset: Int) { events(limit: 100, offset: $offset) { items { id position type source subject } hasNext } }`,
        variables: { offset },
      }),
    });
    const body = (await response.json()) as any;
    if (body.errors) throw new Error(`reading the log failed: ${JSON.stringify(body.errors)}`);
    for (const item of body.data.events.items) entries.push({ ...item, position: item.position === null ? null : BigInt(item.position) });
    if (!body.data.events.hasNext) break;
  }
  return entries;
}

/** A stream's events must be exactly these log entries, in order: same position, same envelope id. */
export function expectStreamed(received: SseEvent[], expected: LogEntry[]): void {
  expect(received.map((event) => [event.id, event.data.id])).toEqual(expected.map((entry) => [entry.position.toString(), entry.id]));
}

/** Log entries after `after` (and up to `upTo`, when given), in position order. */
export async function logAfter(graphqlUrl: string, after: bigint, upTo?: bigint): Promise<LogEntry[]> {
  return (await readLog(graphqlUrl)).filter((entry) => entry.position > after && (upTo === undefined || entry.position <= upTo));
}

/** The newest position in the log (0n when empty). */
export async function logHead(graphqlUrl: string): Promise<bigint> {
  const log = await readLog(graphqlUrl);
  return log.length ? log[log.length - 1]!.position : 0n;
}

/**
 * Subscribes over graphql-ws and waits until `platform`'s hub has registered the subscription
 * (graphql-ws acknowledges nothing); the client joins `clients`, for the test file to dispose of.
 */
export async function subscribeRegistered(
  platform: RunningPlatform,
  url: string,
  clients: Client[],
  query: string,
  variables?: Record<string, unknown>,
): Promise<Collected> {
  const hub = platform.services.eventRuntime.hub;
  const before = hub.subscriberCount;
  const client = wsClient(url);
  clients.push(client);
  const subscription = collect(client, query, variables);
  await waitFor(
    () => hub.subscriberCount > before || subscription.completed || subscription.error !== undefined,
    "the subscription to register",
  );
  return subscription;
}
