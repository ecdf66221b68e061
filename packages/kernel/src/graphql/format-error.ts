import type { GraphQLFormattedError } from "graphql";
import { clientErrorFromDatabase, envelopeFromGraphQLError } from "../errors";

export type ErrorLogger = (error: unknown, message: string) => void;

/**
 * Codes that say only who failed, not why: Apollo's for an uncoded error and the gateway's for a
 * subgraph's. On a client error the envelope's own code is kept instead.
 */
const uninformativeCodes = new Set(["INTERNAL_SERVER_ERROR", "DOWNSTREAM_SERVICE_ERROR"]);

/**
 * Apollo `formatError` for the gateway and every subgraph server. Domain errors keep their code,
 * status and details; request errors get status 400; a value the database refused is the client's
 * error (4xx); anything unexpected is logged and masked so that
 * no stack trace, SQL or internal message reaches a client.
 */
export function createErrorFormatter(log: ErrorLogger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const { status, envelope } = envelopeFromGraphQLError(formatted);
    const base = { locations: formatted.locations, path: formatted.path };
    if (status >= 500) {
      const refused = clientErrorFromDatabase(error);
      if (refused) return { ...base, message: refused.message, extensions: refused.extensions };
      // Apollo's own request errors (a persisted query whose hash does not match) say their HTTP status, not a code.
      const httpStatus = (error as { extensions?: { http?: { status?: unknown } } } | undefined)?.extensions?.http?.status;
      if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) {
        return { ...base, message: formatted.message, extensions: { code: "BAD_REQUEST", status: httpStatus } };
      }
      log(error, "unexpected error while executing a GraphQL operation");
      return { ...base, message: envelope.message, extensions: { code: envelope.code, status } };
    }
    // Apollo files every validation failure under GRAPHQL_VALIDATION_FAILED; a rule's own code (a refused
    // query's QUERY_TOO_DEEP) says more, so it is kept.
    const ruleCode = (error as { originalError?: { extensions?: { code?: unknown } } } | undefined)?.originalError?.extensions?.code;
    const given = formatted.extensions?.code;
    const code =
      given === "GRAPHQL_VALIDATION_FAILED" && typeof ruleCode === "string"
        ? ruleCode
        : typeof given === "string" && !uninformativeCodes.has(given)
          ? given
          : envelope.code;
    return {
      ...base,
      message: formatted.message,
      extensions: envelope.details ? { code, status, details: envelope.details } : { code, status },
    };
  };
}
