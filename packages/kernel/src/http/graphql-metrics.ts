import type { ApolloServerPlugin } from "@apollo/server";
import { graphqlDuration, graphqlOperations, operationLabel } from "@pap/core";

/** Counts and times each GraphQL operation the server executes, by its name and type, with its outcome. */
export function graphqlMetricsPlugin<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operation, operationName, errors }) {
          const labels = { operation: operationLabel(operationName), type: operation?.operation ?? "unknown" };
          graphqlOperations.inc({ ...labels, outcome: errors?.length ? "error" : "ok" });
          graphqlDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        },
      };
    },
  };
}
