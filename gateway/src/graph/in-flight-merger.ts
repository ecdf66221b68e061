import type { FetcherRequestInit } from "./subgraph-transport";

/**
 * Merges identical subgraph queries while one of them is on its way: under load many clients ask
 * the same page of the same list, and the gateway plans the same entity fetches for each of them;
 * the first call goes out, the others wait for its answer instead of asking again.
 *
 * Identical means the same subgraph URL, the same caller identity and the same request body. The
 * identity is part of the key because subgraphs answer per caller (permissions, an applicant's own
 * records): two callers never share an answer, however alike their queries. Trace headers are not
 * part of it (each request has its own trace), so a merged call carries the first caller's trace.
 * Only queries are merged; a mutation, or a body whose operation is not recognised as a query, always
 * goes out on its own. Each waiter gets the reply as read text and parses its own copy, because the
 * gateway merges later fetches into the objects of earlier ones.
 */
export class InFlightMerger<Reply> {
  private readonly pending = new Map<string, Promise<Reply>>();

  constructor(private readonly identityHeaders: readonly string[]) {}

  /** How many calls are being shared right now (for tests and diagnostics). */
  get inFlight(): number {
    return this.pending.size;
  }

  run(url: string, init: FetcherRequestInit, send: () => Promise<Reply>): Promise<Reply> {
    const key = this.keyOf(url, init);
    if (key === null) return send();
    const existing = this.pending.get(key);
    if (existing) return existing;
    const call = send().finally(() => this.pending.delete(key));
    this.pending.set(key, call);
    return call;
  }

  private keyOf(url: string, init: FetcherRequestInit): string | null {
    if (!isQueryFetch(init)) return null;
    const headers = lowerCased(init.headers ?? {});
    const identity = this.identityHeaders.map((name) => headers[name] ?? "").join("\u0000");
    return `${url}\u0000${identity}\u0000${init.body}`;
  }
}

/**
 * A POST of a query. Apollo's data source sends `{"query":"<operation>",...}`; a query's text starts
 * with `query` or `{`, and anything else (`mutation`, `subscription`, another body shape) is not one.
 */
export function isQueryFetch(init: FetcherRequestInit): init is FetcherRequestInit & { body: string } {
  return (init.method ?? "POST") === "POST" && typeof init.body === "string" && /^\{"query":"\s*(query\b|\{)/.test(init.body);
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  const lowered: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return lowered;
}
