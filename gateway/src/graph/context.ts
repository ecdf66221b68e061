import { requestTraceparent } from "@pap/core";
import { pickForwardedHeaders } from "@pap/kernel/graphql";

/** What the gateway knows of a request; subgraph contexts are derived from it. */
export type GatewayContext = {
  headers: Record<string, string | undefined>;
};

/**
 * A request carries its trace to every subgraph it reaches (and every event they record): the
 * gateway's span with tracing on, else the traceparent it came with, else a trace started here.
 */
export function gatewayContextFromHeaders(headers: Record<string, string | string[] | undefined>): GatewayContext {
  const forwarded = pickForwardedHeaders(headers);
  forwarded.traceparent = requestTraceparent(forwarded.traceparent);
  return { headers: forwarded };
}
