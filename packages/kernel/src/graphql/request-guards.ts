import type { ApolloServerPlugin, BaseContext } from "@apollo/server";
import { BREAK, GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import { perDocument } from "./per-document";

const badRequest = (message: string) =>
  new GraphQLError(message, { extensions: { code: "BAD_REQUEST", status: 400, http: { status: 400 } } });

/**
 * A request over HTTP must name one operation its document holds: several operations need
 * `operationName`, and it must be one of theirs; and a subscription belongs on the WebSocket. Each is
 * 400 here, where the gateway would otherwise fail the request as its own error (500).
 */
export function requireOneOperation<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request }) {
          if (operation?.operation === "subscription") {
            throw badRequest("Subscriptions are served over WebSocket (the graphql-ws protocol) at /graphql, not over HTTP.");
          }
          if (operation) return;
          const names = document.definitions.flatMap((definition) =>
            definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : [],
          );
          throw request.operationName
            ? badRequest(
                `The document holds no operation named '${request.operationName}'${names.length ? ` (it holds ${names.join(", ")})` : ""}.`,
              )
            : badRequest("The document holds several operations: name the one to run in 'operationName'.");
        },
      };
    },
  };
}

/** The first number literal of a document that no JavaScript number holds (`1e999` reads as Infinity), if any. */
export function unrepresentableNumber(document: DocumentNode): string | undefined {
  let found: string | undefined;
  const check = (node: { value: string }) => {
    if (Number.isFinite(Number(node.value))) return undefined;
    found = node.value;
    return BREAK;
  };
  visit(document, { IntValue: check, FloatValue: check });
  return found;
}

/**
 * A number literal too large for a number (`1e999`) is the client's mistake: refused with 400 before
 * planning, where the gateway would otherwise fail to write it into a subgraph's query (500).
 */
export function refuseUnrepresentableNumbers<C extends BaseContext>(): ApolloServerPlugin<C> {
  const unrepresentableIn = perDocument(unrepresentableNumber);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document }) {
          const literal = unrepresentableIn(document);
          if (literal !== undefined)
            throw badRequest(
              `The number ${literal.length > 40 ? `${literal.slice(0, 40)}…` : literal} is too large to be represented: write a finite number.`,
            );
        },
      };
    },
  };
}
