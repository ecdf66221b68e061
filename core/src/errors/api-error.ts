/** One problem with one input field, as carried in the error envelope's `details`. */
export type ErrorDetail = { field: string; message: string };

/**
 * Where GraphQL's conventions name a failure differently from the REST envelope: Apollo's clients and
 * tooling expect UNAUTHENTICATED for a missing or invalid credential (FORBIDDEN, a refusal, is spelled
 * alike on both surfaces). The REST envelope keeps its published UNAUTHORIZED.
 */
const graphqlCodes: Readonly<Record<string, string>> = { UNAUTHORIZED: "UNAUTHENTICATED" };
const envelopeCodes: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(graphqlCodes).map(([envelope, graphql]) => [graphql, envelope]),
);

/** The code a GraphQL error carries for an envelope code. */
export const graphqlCodeOf = (envelopeCode: string): string => graphqlCodes[envelopeCode] ?? envelopeCode;
/** The envelope code a GraphQL error's code stands for (the inverse of `graphqlCodeOf`). */
export const envelopeCodeOf = (graphqlCode: string): string => envelopeCodes[graphqlCode] ?? graphqlCode;

/** The error envelope every REST error body and every GraphQL error's extensions carry. */
export type ErrorEnvelope = { code: string; message: string; details?: ErrorDetail[] };

/**
 * A failure the caller can act on. Domain code throws these; the GraphQL layer and rest-compat turn
 * them into `extensions` and HTTP statuses from the same three fields, so both surfaces agree.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = "ApiError";
  }

  /**
   * graphql-js copies an original error's `extensions` onto the GraphQLError it wraps it in, and the
   * gateway forwards subgraph extensions, so these reach GraphQL clients and rest-compat unchanged
   * (rest-compat reads the envelope's code back with `envelopeCodeOf`).
   */
  get extensions(): { code: string; status: number; details?: ErrorDetail[] } {
    const code = graphqlCodeOf(this.code);
    return this.details ? { code, status: this.status, details: this.details } : { code, status: this.status };
  }

  toEnvelope(): ErrorEnvelope {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

export const badRequest = (message: string, details?: ErrorDetail[], code = "BAD_REQUEST") => new ApiError(400, code, message, details);
export const invalidQuery = (message: string, position?: number) =>
  new ApiError(400, "INVALID_QUERY", message, [
    { field: "q", message: position === undefined ? message : `${message} (at character ${position + 1})` },
  ]);
export const fieldNotSortable = (field: string, sortable: readonly string[]) =>
  new ApiError(400, "FIELD_NOT_SORTABLE", `Cannot sort by '${field}'.`, [
    { field: "sort", message: `'${field}' is not sortable; sortable fields: ${sortable.join(", ") || "none"}` },
  ]);
export const invalidSortField = (field: string, reason: string) =>
  new ApiError(400, "INVALID_SORT_FIELD", `Invalid sort field '${field}'.`, [{ field: "sort", message: reason }]);
export const validationFailed = (details: ErrorDetail[], message = "The request body is not valid.") =>
  new ApiError(422, "VALIDATION_ERROR", message, details);
export const notFound = (resource: string, id: string) => new ApiError(404, "NOT_FOUND", `${resource} ${id} was not found.`);
export const conflict = (message: string, details?: ErrorDetail[]) => new ApiError(409, "CONFLICT", message, details);
/** A change whose If-Match the record no longer matches (it changed since the client read it). */
export const preconditionFailed = (message = "The record has changed since the version named by If-Match: read it again, then retry.") =>
  new ApiError(412, "PRECONDITION_FAILED", message);
/** A change without If-Match where the deployment requires one (REQUIRE_IF_MATCH). */
export const preconditionRequired = () =>
  new ApiError(428, "PRECONDITION_REQUIRED", "This deployment requires If-Match on changes: send the ETag of the record as you read it.");
export const internalError = () => new ApiError(500, "INTERNAL_ERROR", "An unexpected error occurred.");
