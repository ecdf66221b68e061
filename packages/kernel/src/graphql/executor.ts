import { pickForwardedHeaders } from "./forwarded-headers";
import { connectionFailure, tracedCall } from "@pap/core";

/** A GraphQL result as any executor returns it. */
export type GraphResult = {
  data?: Record<string, unknown> | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> | null }>;
};

export type GraphRequest = {
  query: string;
  variables?: Record<string, unknown>;
  /** Caller headers to pass on (identity, trace context). */
  headers: Record<string, string | string[] | undefined>;
  /** What the operation is called in the logs when its document names none (a REST route's operationId). */
  label?: string;
};

/**
 * How rest-compat reaches the graph: in the same process (Apollo's executeOperation, no HTTP hop) or
 * over HTTP to a gateway elsewhere. Both give the same result shape.
 */
export type GraphExecutor = (request: GraphRequest) => Promise<GraphResult>;

/** Executor for a gateway in another process, over `http://` or `https://` (trusting NODE_EXTRA_CA_CERTS too). */
export function httpGraphExecutor(url: string): GraphExecutor {
  const target = new URL(url);
  return ({ query, variables, headers }) => {
    const sent = Object.assign(pickForwardedHeaders(headers), { "content-type": "application/json" });
    return tracedCall(target, sent, async () => {
      const response = await fetch(url, { method: "POST", headers: sent, body: JSON.stringify({ query, variables }) }).catch((error) => {
        throw connectionFailure(url, error);
      });
      return (await response.json()) as GraphResult;
    });
  };
}

/**
 * How rest-compat subscribes to the graph (the SSE stream): a GraphQL subscription whose results
 * arrive one by one until the iterator is returned. Either an in-process call into the gateway's
 * subscription engine or a graphql-ws connection to a gateway elsewhere.
 */
export type GraphSubscriber = (request: GraphRequest) => Promise<AsyncIterableIterator<GraphResult>>;
