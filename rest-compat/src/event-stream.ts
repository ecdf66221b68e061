import { ApiError, envelopeCodeOf, envelopeFromGraphQLError } from "@pap/core";
import type { GraphExecutor, GraphResult, GraphSubscriber } from "@pap/kernel/graphql";
import { corkedPerTurn, type ConnectionLimiter } from "@pap/kernel/http";
import { eventStreamOperations, positionFrom, streamFilter } from "@pap/platform/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EventFrames } from "./event-frames";

export type EventStreamOptions = {
  path: string;
  heartbeatMs: number;
  connections?: ConnectionLimiter;
  /**
   * Refuses a caller the log's subscription would refuse (401/403), before anything else: a stream
   * resumed with Last-Event-ID reads no head of the log first, and must not open for them either.
   */
  admit?: (request: FastifyRequest) => Promise<void>;
};

/**
 * `GET …/events/stream`: the live log as server-sent events. Each event is one frame with `id:` set
 * to its log position and one `data:` line of JSON. A client that reconnects with `Last-Event-ID`
 * (which EventSource sends by itself) first receives every event it missed, read from the log.
 */
export function registerEventStream(
  app: FastifyInstance,
  graph: { execute: GraphExecutor; subscribe: GraphSubscriber },
  options: EventStreamOptions,
): void {
  // Open streams never go idle, so the server could not close while one is open: end them first.
  const open = new Set<() => void>();
  const frames = new EventFrames();
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });
  app.get(options.path, { ...(options.admit && { onRequest: options.admit }) }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : undefined);
    const lastEventId = headerValue(request, "last-event-id") ?? text("lastEventId");
    // Checked here, before the stream opens, so that bad parameters get a 400 and not a broken stream.
    const filter = streamFilter({ type: text("type"), source: text("source"), subject: text("subject") });
    const after = positionFrom(lastEventId, headerValue(request, "last-event-id") ? "Last-Event-ID" : "lastEventId");
    // A new stream starts at the log's head as it is now, not whenever the subscription reaches the hub
    // (in the distributed mode that is a few hops away): no event committed after `: connected` is lost.
    const start = after ?? (await logHead(graph.execute, request.headers));
    const variables = {
      filter: { type: filter.types?.join(","), source: filter.source, subject: filter.subject },
      after: start.toString(),
    };
    const release = options.connections ? await options.connections.acquire(request.headers, request.ip, "sse") : () => {};
    if (!release) {
      reply.header("retry-after", "5");
      throw options.connections!.refusal();
    }
    try {
      const results = await graph.subscribe({ query: eventStreamOperations.live, variables, headers: request.headers });
      const end = () => void results.return?.();
      open.add(end);
      try {
        await stream(request, reply, results, options.heartbeatMs, frames);
      } finally {
        open.delete(end);
      }
    } finally {
      release();
    }
  });
}

async function logHead(execute: GraphExecutor, headers: FastifyRequest["headers"]): Promise<bigint> {
  const result = await execute({ query: eventStreamOperations.head, headers });
  const error = result.errors?.[0];
  if (error) {
    const { status, envelope } = envelopeFromGraphQLError(error);
    throw new ApiError(status, envelope.code, envelope.message, envelope.details);
  }
  return BigInt(result.data?.result as string);
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  results: AsyncIterableIterator<GraphResult>,
  heartbeatMs: number,
  frames: EventFrames,
) {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    // Proxies such as nginx would otherwise buffer the stream.
    "x-accel-buffering": "no",
  });
  out.write(": connected\n\n");
  const heartbeat = setInterval(() => out.write(": heartbeat\n\n"), heartbeatMs);
  let gone = false;
  const turn = corkedPerTurn(out);
  const closed = new Promise<void>((resolve) => request.raw.once("close", resolve)).then(() => {
    gone = true;
  });
  void closed.then(() => results.return?.());
  try {
    for await (const result of results) {
      const error = result.errors?.[0];
      if (error) {
        // The client reconnects with Last-Event-ID and resumes where this stream stopped.
        out.write(
          `event: error\ndata: ${JSON.stringify({ code: envelopeCodeOf(String(error.extensions?.code ?? "INTERNAL_ERROR")), message: error.message })}\n\n`,
        );
        break;
      }
      const { position, ...event } = (result.data?.result ?? {}) as Record<string, unknown>;
      // The events of one hub read reach this loop in the same turn of the event loop: held back until
      // the turn ends, they leave in one socket write instead of one system call each.
      turn.hold();
      const written = out.write(frames.frameOf(String(position), event));
      // A slow reader holds the next event back instead of growing this process's buffers. The frames
      // held by the cork go to the socket first, and only a socket that is full is waited for: from
      // Node 22 a corked answer keeps its frames itself and says "wait" once they pass its high-water
      // mark, but its 'drain' comes only from the socket's, which never fills if the reader keeps up.
      if (!written) {
        turn.release();
        const socket = out.socket;
        if (socket?.writableNeedDrain) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
      }
      // A client that went away while events were still queued gets no more writes (nor a listener per write).
      if (gone) break;
    }
  } catch (error) {
    request.log.warn({ err: error }, "event stream ended with an error");
    out.write(
      `event: error\ndata: ${JSON.stringify({ code: "STREAM_INTERRUPTED", message: "The stream was interrupted; reconnect with Last-Event-ID to resume." })}\n\n`,
    );
  } finally {
    clearInterval(heartbeat);
    out.end();
  }
}
