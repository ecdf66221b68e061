import type { ApolloServerPlugin } from "@apollo/server";
import { notSignedIn, type Authenticator } from "@pap/kernel/auth";
import { perDocument } from "@pap/kernel/graphql";
import { BREAK, GraphQLError, visit, type DocumentNode } from "graphql";
import type { GatewayContext } from "./context";

/**
 * Whether a document asks about the schema (`__schema`, `__type`; `__typename` is an ordinary field's
 * question): the guard below and the owned operations (which leave such documents to the gateway) ask it.
 */
export const asksForIntrospection = perDocument((document: DocumentNode) => {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== "__schema" && node.name.value !== "__type") return undefined;
      found = true;
      return BREAK;
    },
  });
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
          if (!asksForIntrospection(document)) return;
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
