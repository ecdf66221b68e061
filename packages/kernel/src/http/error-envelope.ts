import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { bearerChallenge } from "../auth/authenticate";
import {
  ApiError,
  clientErrorFromDatabase,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  isDatabaseUnavailable,
  reportDatabaseOutage,
  reportServerFault,
  requestValuesOf,
  type ErrorEnvelope,
} from "@pap/core";

type Answer = { status: number; envelope: ErrorEnvelope };

/** Fastify's own request errors, by code, as the envelope says them. */
const frameworkAnswers: Record<string, (error: FastifyError, request: FastifyRequest) => Answer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ status: 400, envelope: { code: "BAD_REQUEST", message: "Invalid JSON in request body." } }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({ status: 400, envelope: { code: "BAD_REQUEST", message: "The JSON request body is empty." } }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ({ status: 413, envelope: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." } }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_error, request) => ({
    status: 415,
    envelope: {
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: `Content type '${String(request.headers["content-type"] ?? "")}' is not supported.`,
    },
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({
    status: 400,
    envelope: { code: "BAD_REQUEST", message: "The Content-Length header does not match the body." },
  }),
  FST_ERR_BAD_URL: () => ({
    status: 400,
    envelope: { code: "BAD_REQUEST", message: "The request URL is not valid (a malformed percent-encoding?)." },
  }),
  FST_ERR_MAX_PARAM_LENGTH: () => ({
    status: 414,
    envelope: { code: "URI_TOO_LONG", message: "A path segment of the request URL is too long." },
  }),
};

/**
 * The status and envelope for any error a request ends with: domain errors as thrown, Fastify's own
 * request errors (bad JSON, too large, bad URL) as 4xx, and anything else as a masked 500.
 */
export function answerFor(error: FastifyError | ApiError | Error, request: FastifyRequest): Answer {
  // Only a value the request carried makes a database refusal the client's (`clientErrorFromDatabase`).
  const refused =
    error instanceof ApiError ? error : clientErrorFromDatabase(error, () => requestValuesOf(request.query, request.params, request.body));
  if (refused) return { status: refused.status, envelope: refused.toEnvelope() };
  const fastifyError = error as FastifyError;
  const known = frameworkAnswers[fastifyError.code];
  if (known) return known(fastifyError, request);
  if (fastifyError.statusCode === 400 && fastifyError instanceof SyntaxError)
    return frameworkAnswers.FST_ERR_CTP_INVALID_JSON_BODY!(fastifyError, request);
  if (typeof fastifyError.statusCode === "number" && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, envelope: { code: "BAD_REQUEST", message: fastifyError.message } };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, envelope: databaseUnavailable().toEnvelope() };
  return { status: 500, envelope: { code: "INTERNAL_ERROR", message: "An unexpected error occurred." } };
}

function sendAnswer(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { status, envelope } = answerFor(error, request);
  if (status === 503 && envelope.code === "SERVICE_UNAVAILABLE") {
    reportDatabaseOutage(
      (record, message) => request.log.warn(record, message),
      error,
      `${request.method} ${request.routeOptions?.url ?? "(no route)"}`,
    );
    reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (status >= 500)
    reportServerFault(
      (record, message) => request.log.error(record, message),
      error,
      `${request.method} ${request.routeOptions?.url ?? "(no route)"}`,
    );
  if (status === 401) reply.header("www-authenticate", bearerChallenge(envelope.details?.[0]?.message));
  return reply.code(status).send(envelope);
}

/** Errors Node's HTTP parser meets before Fastify sees a request, answered on the socket itself. */
const clientErrorAnswers: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: { status: 431, envelope: { code: "HEADERS_TOO_LARGE", message: "The request's URL and headers are too large." } },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, envelope: { code: "REQUEST_TIMEOUT", message: "The request was not received in time." } },
  HPE_URI_TOO_LONG: { status: 414, envelope: { code: "URI_TOO_LONG", message: "The request URL is too long." } },
};
const malformedRequest: Answer = { status: 400, envelope: { code: "BAD_REQUEST", message: "The HTTP request is malformed." } };

function answerOnSocket(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, envelope } = clientErrorAnswers[error.code ?? ""] ?? malformedRequest;
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The Fastify constructor options that route the framework's own early answers (a malformed URL, an
 * overlong path segment, a request Node's parser refused) through the same envelope.
 */
export const envelopeServerOptions: Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler"> = {
  frameworkErrors: (error, request, reply) => sendAnswer(error, request, reply),
  clientErrorHandler: answerOnSocket,
};

/**
 * Makes every HTTP error of a Fastify app an error envelope: thrown errors through `answerFor`,
 * unknown routes as 404; unexpected failures are logged with their stack.
 */
export function useErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => sendAnswer(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ code: "NOT_FOUND", message: `No route for ${request.method} ${request.url.split("?")[0]}.` }),
  );
}
