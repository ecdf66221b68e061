import type { FastifyError, FastifyInstance } from "fastify";
import { bearerChallenge } from "../auth/authenticate";
import { ApiError } from "../errors";

/**
 * Makes every HTTP error of a Fastify app an error envelope: domain errors as thrown, Fastify's own
 * request errors (bad JSON, too large, unsupported media type) as 4xx, unknown routes as 404, and
 * anything else as a masked 500 that is logged with its stack.
 */
export function useErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) {
      if (error.status === 401) reply.header("www-authenticate", bearerChallenge(error.details?.[0]?.message));
      return reply.code(error.status).send(error.toEnvelope());
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY" || (fastifyError.statusCode === 400 && fastifyError instanceof SyntaxError)) {
      return reply.code(400).send({ code: "BAD_REQUEST", message: "Invalid JSON in request body." });
    }
    if (fastifyError.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.code(413).send({ code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." });
    }
    if (fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.code(415).send({ code: "UNSUPPORTED_MEDIA_TYPE", message: `Content type '${request.headers["content-type"]}' is not supported.` });
    }
    if (typeof fastifyError.statusCode === "number" && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.code(fastifyError.statusCode).send({ code: "BAD_REQUEST", message: fastifyError.message });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.code(500).send({ code: "INTERNAL_ERROR", message: "An unexpected error occurred." });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: "NOT_FOUND", message: `No route for ${request.method} ${request.url.split("?")[0]}.` }),
  );
}
