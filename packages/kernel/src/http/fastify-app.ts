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
  return app;
}
