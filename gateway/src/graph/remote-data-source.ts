import { RemoteGraphQLDataSource } from "@apollo/gateway";
import { GraphQLError } from "graphql";
import type { GatewayContext } from "./context";

type FetcherResponse = Parameters<RemoteGraphQLDataSource["errorFromResponse"]>[0];

/** A subgraph in another process, reached over HTTP with the caller's trace and identity headers. */
export class RemoteSubgraph extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>["willSendRequest"]>>[0]) {
    for (const [name, value] of Object.entries(context?.headers ?? {})) {
      if (typeof value === "string") request.http?.headers.set(name, value);
    }
  }

  /**
   * A subgraph answers a request it refuses as a whole (a value that fails its validation) with a 4xx
   * and GraphQL errors that carry the platform's code and status. Apollo would replace them with
   * "400: Bad Request"; the subgraph's own first error is kept instead, so the client learns why.
   */
  override async errorFromResponse(response: FetcherResponse): Promise<GraphQLError> {
    const body = (await response
      .clone()
      .json()
      .catch(() => undefined)) as { errors?: Array<{ message?: unknown; extensions?: Record<string, unknown> }> } | undefined;
    const first = body?.errors?.[0];
    if (response.status < 500 && typeof first?.message === "string" && typeof first.extensions?.code === "string") {
      return new GraphQLError(first.message, { extensions: { ...first.extensions, status: first.extensions.status ?? response.status } });
    }
    return super.errorFromResponse(response);
  }
}
