import { envelopeCodeOf, type ErrorDetail, type ErrorEnvelope } from "./api-error";

/** Codes graphql-js and Apollo give to requests that are wrong, as opposed to servers that failed. */
const clientErrorCodes: Record<string, { status: number; code: string }> = {
  GRAPHQL_PARSE_FAILED: { status: 400, code: "BAD_REQUEST" },
  GRAPHQL_VALIDATION_FAILED: { status: 400, code: "BAD_REQUEST" },
  BAD_USER_INPUT: { status: 400, code: "BAD_REQUEST" },
  BAD_REQUEST: { status: 400, code: "BAD_REQUEST" },
  PERSISTED_QUERY_NOT_FOUND: { status: 400, code: "BAD_REQUEST" },
  PERSISTED_QUERY_NOT_SUPPORTED: { status: 400, code: "BAD_REQUEST" },
  OPERATION_RESOLUTION_FAILURE: { status: 400, code: "BAD_REQUEST" },
};

type GraphQLErrorLike = { message: string; extensions?: Record<string, unknown> | null };

/**
 * graphql-js's own refusals of an argument or variable value, raised while a subgraph coerces it (the
 * gateway validates against the supergraph, whose custom scalars such as DateTime and JSONObject accept
 * anything, so a bad value is first caught there). They carry no code, only this wording.
 */
const coercionFailure =
  /^(Argument|Variable) "\$?[_A-Za-z][_0-9A-Za-z]*" (has invalid value|got invalid value|of required type|of non-null type)/;

/**
 * Reads the status and envelope back out of a GraphQL error, whichever layer produced it: a domain
 * ApiError (carries `status`), a GraphQL syntax/validation failure, or anything else (a 500 whose
 * message is not shown, because it may hold internals).
 */
export function envelopeFromGraphQLError(error: GraphQLErrorLike): { status: number; envelope: ErrorEnvelope } {
  const extensions = error.extensions ?? {};
  const code = typeof extensions.code === "string" ? envelopeCodeOf(extensions.code) : undefined;
  if (typeof extensions.status === "number" && code) {
    const details = Array.isArray(extensions.details) ? (extensions.details as ErrorDetail[]) : undefined;
    return { status: extensions.status, envelope: details ? { code, message: error.message, details } : { code, message: error.message } };
  }
  const known = code ? clientErrorCodes[code] : undefined;
  if (known) return { status: known.status, envelope: { code: known.code, message: error.message } };
  if (coercionFailure.test(error.message)) return { status: 400, envelope: { code: "BAD_REQUEST", message: error.message } };
  return { status: 500, envelope: { code: "INTERNAL_ERROR", message: "An unexpected error occurred." } };
}
