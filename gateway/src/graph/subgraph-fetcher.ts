import { forwardedHeaderNames } from "@pap/kernel/graphql";
import { InFlightMerger } from "./in-flight-merger";
import { responseOf, SubgraphTransport, type FetcherRequestInit, type FetcherResponse, type SubgraphReply } from "./subgraph-transport";

// Every forwarded header that is not trace context says who is asking, so it belongs in the key.
const traceHeaders = new Set(["traceparent", "tracestate", "x-request-id"]);
export const identityHeaderNames = forwardedHeaderNames.filter((name) => !traceHeaders.has(name));

/** The remote data sources' fetcher: kept-alive connections, identical in-flight queries merged. */
export type SubgraphFetcher = {
  fetch(url: string, init?: FetcherRequestInit): Promise<FetcherResponse>;
  close(): void;
};

export function createSubgraphFetcher(options: { mergeInFlight?: boolean } = {}): SubgraphFetcher {
  const transport = new SubgraphTransport();
  const merger = options.mergeInFlight === false ? null : new InFlightMerger<SubgraphReply>(identityHeaderNames);
  return {
    async fetch(url, init = {}) {
      const reply = merger ? await merger.run(url, init, () => transport.send(url, init)) : await transport.send(url, init);
      return responseOf(reply, url);
    },
    close: () => transport.close(),
  };
}
