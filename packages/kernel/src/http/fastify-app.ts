import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { useErrorEnvelope } from "./error-envelope";

/**
 * The one way the platform creates an HTTP server: the process logger, per-request logs only when
 * LOG_REQUESTS=true (they dominate the cost of small requests), a 1 MiB JSON body limit, and the error
 * envelope on every failure.
 */
export function createHttpServer(logger: Logger, options: { bodyLimit?: number } = {}): FastifyInstance {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== "true" }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
  });
  useErrorEnvelope(app);
  acceptEmptyJsonBodies(app);
  return app;
}

/**
 * An empty body sent with `Content-Type: application/json` is no body at all, as if the header were
 * absent (many clients send the header on every POST): an operation that needs a body still answers
 * 400, and one whose body is optional (a task's `claim`) goes ahead. Non-empty bodies keep Fastify's
 * own parser, with its protection against prototype poisoning.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
}
