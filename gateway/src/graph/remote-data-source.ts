import { RemoteGraphQLDataSource } from "@apollo/gateway";
import type { GatewayContext } from "./context";

/** A subgraph in another process, reached over HTTP with the caller's trace and identity headers. */
export class RemoteSubgraph extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>["willSendRequest"]>>[0]) {
    for (const [name, value] of Object.entries(context?.headers ?? {})) {
      if (typeof value === "string") request.http?.headers.set(name, value);
    }
  }
}
