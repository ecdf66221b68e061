import { pickForwardedHeaders } from "@pap/kernel";

/** What the gateway knows of a request; subgraph contexts are derived from it. */
export type GatewayContext = {
  headers: Record<string, string | undefined>;
};

export const gatewayContextFromHeaders = (headers: Record<string, string | string[] | undefined>): GatewayContext => ({
  headers: pickForwardedHeaders(headers),
});
