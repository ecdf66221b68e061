import { isQueryFetch } from "./in-flight-merger";
import type { FetcherRequestInit, SubgraphReply } from "./subgraph-transport";

type Send = (url: string, init: FetcherRequestInit) => Promise<SubgraphReply>;
type Part = { init: FetcherRequestInit; resolve(reply: SubgraphReply): void; reject(error: unknown): void };

/** Headers that differ between the fetches of one request without saying anything of who asks. */
const perFetchHeaders = new Set(["traceparent", "tracestate", "content-length"]);

/**
 * Sends the queries that one request of one caller makes of one subgraph in the same turn of the event
 * loop as one HTTP batch (a JSON array of operations, which the subgraph servers accept). The query
 * planner puts fetches that do not depend on each other side by side; two of them often go to the same
 * subgraph (an application's case and its members' cases both to case management), and each fetch
 * costs the subgraph a request of its own: its context, its caller's credentials checked, its
 * connection. A batch pays that once and its operations share the request's loaders.
 *
 * Batched together: the same subgraph URL, the same headers apart from the span's own trace context,
 * and the same trace id, so a batch belongs to one client request and its spans to that request's trace
 * (a request without trace context may share a batch with another of the same caller's). Only queries
 * are batched: a mutation goes out on its own, as the plan orders it. A batch whose answer is not one
 * answer per operation with status 200 (the subgraph refused part of it, or failed) is sent again one
 * operation at a time, so each fetch gets exactly the answer it would have had alone.
 */
export class TurnBatcher {
  private readonly gathering = new Map<string, Part[]>();

  constructor(private readonly send: Send) {}

  run(url: string, init: FetcherRequestInit): Promise<SubgraphReply> {
    const key = batchKeyOf(url, init);
    if (key === null) return this.send(url, init);
    return new Promise<SubgraphReply>((resolve, reject) => {
      let parts = this.gathering.get(key);
      if (!parts) {
        parts = [];
        this.gathering.set(key, parts);
        const gathered = parts;
        setImmediate(() => {
          this.gathering.delete(key);
          void this.flush(url, gathered);
        });
      }
      parts.push({ init, resolve, reject });
    });
  }

  private async flush(url: string, parts: Part[]): Promise<void> {
    if (parts.length === 1) return this.alone(url, parts[0]!);
    let reply: SubgraphReply;
    try {
      reply = await this.send(url, { ...parts[0]!.init, body: `[${parts.map((part) => part.init.body).join(",")}]` });
    } catch (error) {
      // The subgraph could not be reached: each fetch would have failed alike.
      for (const part of parts) part.reject(error);
      return;
    }
    const answers = answersOf(reply, parts.length);
    if (!answers) {
      for (const part of parts) void this.alone(url, part);
      return;
    }
    // The batch's length is not a part's.
    const { "content-length": _batchLength, ...headers } = reply.headers;
    parts.forEach((part, index) => part.resolve({ ...reply, headers, body: JSON.stringify(answers[index]) }));
  }

  private async alone(url: string, part: Part): Promise<void> {
    try {
      part.resolve(await this.send(url, part.init));
    } catch (error) {
      part.reject(error);
    }
  }
}

/** A batch's answers, one per operation in order, or nothing when the reply is not that. */
function answersOf(reply: SubgraphReply, count: number): unknown[] | undefined {
  if (reply.status !== 200) return undefined;
  try {
    const parsed: unknown = JSON.parse(reply.body);
    return Array.isArray(parsed) && parsed.length === count ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function batchKeyOf(url: string, init: FetcherRequestInit): string | null {
  if (!isQueryFetch(init)) return null;
  const headers: string[] = [];
  let traceId = "";
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    const lowered = name.toLowerCase();
    if (lowered === "traceparent") traceId = value.split("-")[1] ?? value;
    else if (!perFetchHeaders.has(lowered)) headers.push(`${lowered}:${value}`);
  }
  return [url, traceId, ...headers.sort()].join("\u0000");
}
