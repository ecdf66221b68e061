import { GraphQLError } from "graphql";
import { ApiError, notFound, validationFailed } from "./api-error";
import { envelopeFromGraphQLError } from "./status";

describe("envelopeFromGraphQLError", () => {
  it("keeps a domain error's status, code and details through graphql-js wrapping", () => {
    const wrapped = new GraphQLError("wrapped", { originalError: validationFailed([{ field: "name", message: "is required" }]) });
    expect(envelopeFromGraphQLError({ message: "The request body is not valid.", extensions: wrapped.extensions })).toEqual({
      status: 422,
      envelope: {
        code: "VALIDATION_ERROR",
        message: "The request body is not valid.",
        details: [{ field: "name", message: "is required" }],
      },
    });
    const missing = notFound("Case", "abc");
    expect(envelopeFromGraphQLError({ message: missing.message, extensions: missing.extensions })).toEqual({
      status: 404,
      envelope: { code: "NOT_FOUND", message: "Case abc was not found." },
    });
  });
  it("treats GraphQL request errors as 400", () => {
    expect(envelopeFromGraphQLError({ message: "Cannot query field", extensions: { code: "GRAPHQL_VALIDATION_FAILED" } })).toEqual({
      status: 400,
      envelope: { code: "BAD_REQUEST", message: "Cannot query field" },
    });
  });
  it("masks anything else as a 500 without its message", () => {
    expect(envelopeFromGraphQLError({ message: 'relation "x" does not exist', extensions: {} })).toEqual({
      status: 500,
      envelope: { code: "INTERNAL_ERROR", message: "An unexpected error occurred." },
    });
  });
});

describe("GraphQL's code for a missing credential", () => {
  it("is UNAUTHENTICATED in GraphQL and UNAUTHORIZED again in the envelope read back from it", () => {
    const refused = new ApiError(401, "UNAUTHORIZED", "Sign in first.");
    expect(refused.extensions).toEqual({ code: "UNAUTHENTICATED", status: 401 });
    expect(envelopeFromGraphQLError({ message: refused.message, extensions: refused.extensions })).toEqual({
      status: 401,
      envelope: { code: "UNAUTHORIZED", message: "Sign in first." },
    });
    expect(new ApiError(403, "FORBIDDEN", "No.").extensions.code).toBe("FORBIDDEN");
  });
});
