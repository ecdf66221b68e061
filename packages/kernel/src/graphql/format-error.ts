import type { ApolloServerPlugin } from "@apollo/server";
import { visit, type DocumentNode, type GraphQLFormattedError } from "graphql";
import {
  clientErrorFromDatabase,
  databaseUnavailable,
  envelopeFromGraphQLError,
  graphqlCodeOf,
  isDatabaseUnavailable,
  reportDatabaseOutage,
  reportServerFault,
  requestValuesOf,
  type FaultLog,
  type RequestValues,
} from "@pap/core";

/** The operation an error arose in: its name (for the log) and what the client sent with it. */
export type FailedOperation = { operationName?: string | null; variables?: Record<string, unknown> | null; document?: DocumentNode };

/**
 * The values an operation carried: its variables and the literals of its document. The gateway's
 * entity references (`representations`) are left out: they are made from stored rows, not sent.
 */
export function operationValues(operation: FailedOperation): RequestValues {
  const { representations: _references, ...variables } = operation.variables ?? {};
  const literals: unknown[] = [];
  if (operation.document) {
    visit(operation.document, {
      StringValue: (node) => void literals.push(node.value),
      IntValue: (node) => void literals.push(Number(node.value)),
      FloatValue: (node) => void literals.push(Number(node.value)),
    });
  }
  return requestValuesOf(variables, literals);
}

/**
 * Codes that say only who failed, not why: Apollo's for an uncoded error and the gateway's for a
 * subgraph's. On a client error the envelope's own code is kept instead.
 */
const uninformativeCodes = new Set(["INTERNAL_SERVER_ERROR", "DOWNSTREAM_SERVICE_ERROR"]);

/** The error a resolver threw, under the GraphQLError that wraps it. */
const originalOf = (error: unknown) => (error as { originalError?: unknown } | undefined)?.originalError ?? error;

/**
 * Formats every GraphQL error the gateway and the subgraphs answer. Domain errors keep their code,
 * status and details; request errors get status 400; a value the database refused is the client's
 * error (4xx) only when the operation carried it; anything else is the platform's fault, logged and
 * counted (`reportServerFault`) and masked, so that no stack trace, SQL or internal message reaches a client.
 */
export function formatGraphError(
  log: FaultLog,
  formatted: GraphQLFormattedError,
  error: unknown,
  operation?: FailedOperation,
): GraphQLFormattedError {
  const { status, envelope } = envelopeFromGraphQLError(formatted);
  const base = { locations: formatted.locations, path: formatted.path };
  if (status >= 500) {
    const refused = clientErrorFromDatabase(error, () => operation && operationValues(operation));
    if (refused) return { ...base, message: refused.message, extensions: refused.extensions };
    if (isDatabaseUnavailable(originalOf(error))) {
      reportDatabaseOutage(log, originalOf(error), operation?.operationName);
      const outage = databaseUnavailable();
      return { ...base, message: outage.message, extensions: outage.extensions };
    }
    // Apollo's own request errors (a persisted query whose hash does not match) say their HTTP status, not a code.
    const httpStatus = (error as { extensions?: { http?: { status?: unknown } } } | undefined)?.extensions?.http?.status;
    if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) {
      return { ...base, message: formatted.message, extensions: { code: "BAD_REQUEST", status: httpStatus } };
    }
    // A remote subgraph's fault reaches the gateway as that subgraph formatted it (its INTERNAL_ERROR, with
    // the gateway's serviceName): it was logged and counted where it arose, and counting it here too
    // would count it twice in the platform's figures.
    const reportedBySubgraph = formatted.extensions?.code === "INTERNAL_ERROR" && formatted.extensions?.serviceName !== undefined;
    if (!reportedBySubgraph) reportServerFault(log, error, operation?.operationName);
    return { ...base, message: envelope.message, extensions: { code: envelope.code, status } };
  }
  // Apollo files every validation failure under GRAPHQL_VALIDATION_FAILED; a rule's own code (a refused
  // query's QUERY_TOO_DEEP) says more, so it is kept.
  const ruleCode = (error as { originalError?: { extensions?: { code?: unknown } } } | undefined)?.originalError?.extensions?.code;
  const given = formatted.extensions?.code;
  const code = graphqlCodeOf(
    given === "GRAPHQL_VALIDATION_FAILED" && typeof ruleCode === "string"
      ? ruleCode
      : typeof given === "string" && !uninformativeCodes.has(given)
        ? given
        : envelope.code,
  );
  return {
    ...base,
    message: formatted.message,
    extensions: envelope.details ? { code, status, details: envelope.details } : { code, status },
  };
}

/**
 * The error formatting of an Apollo server: its `formatError`, and the plugin that tells it which
 * operation each error arose in (Apollo hands `formatError` the error alone; it reports the errors to
 * plugins first, with the request).
 */
export function apolloErrorFormatting<Context extends object>(
  log: FaultLog,
): { formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError; plugin: ApolloServerPlugin<Context> } {
  const operations = new WeakMap<object, FailedOperation>();
  return {
    formatError: (formatted, error) =>
      formatGraphError(log, formatted, error, error && typeof error === "object" ? operations.get(error) : undefined),
    plugin: {
      async requestDidStart() {
        return {
          async didEncounterErrors({ errors, operationName, request, document }) {
            const operation = { operationName, variables: request.variables, document };
            for (const error of errors) operations.set(error, operation);
          },
        };
      },
    },
  };
}
