import type { ApolloServerPlugin } from "@apollo/server";
import { notSignedIn, type Authenticator } from "@pap/kernel/auth";
import { perDocument } from "@pap/kernel/graphql";
import { GraphQLError, visit, type DocumentNode } from "graphql";
import type { GatewayContext } from "./context";

const asksForSchema = perDocument((document: DocumentNode) => {
  let found = false;
  visit(document, { Field: (field) => void (found ||= field.name.value === "__schema" || field.name.value === "__type") });
  return found;
});

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
            // The same 401 every operation gives a caller without a credential, with Apollo's HTTP status.
            const refused = notSignedIn(caller);
            throw new GraphQLError(refused.message, { extensions: { ...refused.extensions, http: { status: 401 } } });
          }
        },
      };
    },
  };
}
