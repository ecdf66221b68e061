import type { ApolloServerPlugin } from "@apollo/server";
import { BEARER_CREDENTIAL, type Authenticator } from "@pap/kernel";
import { GraphQLError, visit, type DocumentNode } from "graphql";
import type { GatewayContext } from "./context";

const asksForSchema = (document: DocumentNode) => {
  let found = false;
  visit(document, { Field: (field) => void (found ||= field.name.value === "__schema" || field.name.value === "__type") });
  return found;
};

/**
 * Introspection follows the rule every field follows: no signed-in caller, no answer. (Where it is
 * switched off altogether, Apollo refuses it before this runs.)
 */
export function introspectionGuard(authenticate: Authenticator): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (!asksForSchema(document)) return;
          const caller = await authenticate(contextValue.headers);
          if (caller.kind === "unauthenticated") {
            throw new GraphQLError(`Reading the schema needs a signed-in caller: send '${caller.expects ?? BEARER_CREDENTIAL}'.`, {
              extensions: { code: "UNAUTHORIZED", status: 401, http: { status: 401 } },
            });
          }
        },
      };
    },
  };
}
