import { forwardedHeaderNames } from "@pap/kernel/graphql";
import { InFlightMerger } from "./in-flight-merger";
import { responseOf, SubgraphTransport, type FetcherRequestInit, type FetcherResponse, type SubgraphReply } from "./subgraph-transport";
import { TurnBatcher } from "./turn-batcher";

// Every forwarded header that is not trace context says who is asking, so it belongs in the key.
const traceHeaders = new Set(["traceparent", "tracestate", "x-request-id"]);
export const identityHeaderNames = forwardedHeaderNames.filter((name) => !traceHeaders.has(name));

/** The remote data sources' fetcher: kept-alive connections, identical in-flight queries merged, a request's side-by-side queries to one subgraph batched. */
export type SubgraphFetcher = {
  fetch(url: string, init?: FetcherRequestInit): Promise<FetcherResponse>;
  close(): void;
};

export function createSubgraphFetcher(options: { mergeInFlight?: boolean; batch?: boolean } = {}): SubgraphFetcher {
  const transport = new SubgraphTransport();
  const merger = options.mergeInFlight === false ? null : new InFlightMerger<SubgraphReply>(identityHeaderNames);
  const batcher = options.batch === false ? null : new TurnBatcher((url, init) => transport.send(url, init));
  const send = (url: string, init: FetcherRequestInit) => (batcher ? batcher.run(url, init) : transport.send(url, init));
  return {
    async fetch(url, init = {}) {
      const reply = merger ? await merger.run(url, init, () => send(url, init)) : await send(url, init);
      return responseOf(reply, url);
    },
    close: () => transport.close(),
  };
}
