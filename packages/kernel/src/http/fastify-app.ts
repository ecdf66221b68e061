import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Logger } from "pino";
import { readSetting, badRequest, requestTraceparent, tracingActive } from "@pap/core";
import { trustedProxiesFromEnv } from "./client-address";
import { useHttpMetrics } from "./metrics";
import { maxBodyDepthFromEnv, unacceptableJson } from "../validation/json-shape";
import { envelopeServerOptions, useErrorEnvelope } from "./error-envelope";

/**
 * The one way the platform creates an HTTP server: the process logger, per-request logs only when
 * LOG_REQUESTS=true (they dominate the cost of small requests), a 1 MiB JSON body limit, bodies
 * checked for depth and storable text as they are parsed, the error envelope on every failure,
 * the framework's own included, and `request.ip` the client's address through the proxies TRUST_PROXY names. Each request's log lines carry its trace id (`requestTraceLogging`).
 */
export function createHttpServer(logger: Logger, options: { bodyLimit?: number; maxBodyDepth?: number } = {}): FastifyInstance {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: trustedProxiesFromEnv(),
    ...envelopeServerOptions,
    ...requestTraceLogging(!readSetting("LOG_REQUESTS")),
  });
  useErrorEnvelope(app);
  useHttpMetrics(app);
  refuseNulInUrls(app);
  parseJsonBodies(app, options.maxBodyDepth ?? maxBodyDepthFromEnv());
  return app;
}

/**
 * With tracing on, OpenTelemetry's span is in progress around the whole request and the logger's mixin
 * names it on every line. Without it, the request's trace is settled as it arrives (the `traceparent`
 * the caller sent, or a new one written into the request's headers, so every process it reaches and
 * every event it records share it), and the request's id is that trace id: Fastify binds the id to
 * the request's logger anyway, so its lines carry `trace_id` at no cost beyond the default's.
 */
function requestTraceLogging(disableRequestLogging: boolean): Pick<FastifyServerOptions, "genReqId" | "logController"> {
  if (tracingActive()) return { logController: new LogController({ disableRequestLogging }) };
  return {
    logController: new LogController({ disableRequestLogging, requestIdLogLabel: "trace_id" }),
    genReqId: (request) => {
      const sent = request.headers.traceparent;
      const traceparent = requestTraceparent(typeof sent === "string" ? sent : undefined);
      request.headers.traceparent = traceparent;
      // Valid by construction: its trace-id part, without parsing it again.
      return traceparent.slice(3, 35);
    },
  };
}

/**
 * A NUL can name nothing stored (PostgreSQL refuses it in text), so a URL that carries one, in its
 * path or its query, is refused before any route sees it.
 */
function refuseNulInUrls(app: FastifyInstance): void {
  // Every request passes here: a callback hook, not an async one, so it costs no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (/%00|\u0000/i.test(request.url))
      done(badRequest("The request URL must not contain the NUL character (%00).", [{ field: "url", message: "must not contain %00" }]));
    else done();
  });
}

/**
 * JSON bodies: an empty one with `Content-Type: application/json` is no body at all, as if the header
 * were absent (many clients send the header on every POST), so an operation that needs a body still
 * answers 400 and one whose body is optional (a task's `claim`) goes ahead. Non-empty bodies keep
 * Fastify's own parser, with its protection against prototype poisoning, and are then checked for
 * nesting and for text the database cannot store, before any handler recurses over them.
 */
function parseJsonBodies(app: FastifyInstance, maxDepth: number): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    parseJson(request, body.toString(), (error, parsed) => {
      if (error) return done(error, undefined);
      const refusal = unacceptableJson(parsed, maxDepth);
      return refusal ? done(refusal, undefined) : done(null, parsed);
    });
  });
}
