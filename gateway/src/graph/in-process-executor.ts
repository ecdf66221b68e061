import type { ApolloServer } from "@apollo/server";
import type { GraphExecutor } from "@pap/kernel/graphql";
import { gatewayContextFromHeaders, type GatewayContext } from "./context";

/** rest-compat's way into a graph served by this same process: Apollo's executeOperation, no HTTP. */
export function inProcessExecutor(server: ApolloServer<GatewayContext>): GraphExecutor {
  return async ({ query, variables, headers }) => {
    const response = await server.executeOperation({ query, variables }, { contextValue: gatewayContextFromHeaders(headers) });
    if (response.body.kind !== "single") throw new Error("incremental delivery is not used by rest-compat operations");
    return response.body.singleResult as Awaited<ReturnType<GraphExecutor>>;
  };
}
