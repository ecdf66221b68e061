import { isTraceparent, newTraceparent } from "@pap/events";
import { pickForwardedHeaders } from "@pap/kernel";

/** What the gateway knows of a request; subgraph contexts are derived from it. */
export type GatewayContext = {
  headers: Record<string, string | undefined>;
};

/**
 * A request that arrives without trace context starts a trace here, so that every subgraph it reaches
 * (and every event they record) shares one trace id.
 */
export function gatewayContextFromHeaders(headers: Record<string, string | string[] | undefined>): GatewayContext {
  const forwarded = pickForwardedHeaders(headers);
  if (!isTraceparent(forwarded.traceparent)) forwarded.traceparent = newTraceparent();
  return { headers: forwarded };
}
