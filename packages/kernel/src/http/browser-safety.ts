import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import { ConfigurationError, edgeProblems, readSetting } from "@pap/core/config";
import type { FastifyInstance } from "fastify";

/** The origins whose browser apps may call this process (CORS); none unless CORS_ORIGINS names them. */
export type BrowserSettings = { corsOrigins: readonly string[] };

/** CORS_ORIGINS, held to production's rule (no `*`) however the process was started. */
export function browserSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BrowserSettings {
  const problems = edgeProblems(env);
  if (problems.length) throw new ConfigurationError(problems);
  return { corsOrigins: readSetting("CORS_ORIGINS", env) };
}

/**
 * What a browser app on another origin may send (the request headers the REST surface and the graph
 * read) and read back (the response headers a client acts on).
 */
const requestHeaders = ["Authorization", "Content-Type", "If-Match", "Idempotency-Key", "Last-Event-ID", "traceparent", "tracestate"];
const responseHeaders = ["ETag", "Location", "Retry-After", "WWW-Authenticate", "Content-Disposition", "Idempotency-Replayed"];

/**
 * The pages this process serves (the dashboard, the GraphQL IDE) load their scripts, styles and
 * fonts from here and talk to here only: a script from anywhere else, a frame around them or a form
 * posted elsewhere is refused by the browser. Inline styles stay allowed, as the IDE's editor sets them.
 */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * Security headers on every answer (helmet), and CORS for the origins configured: a browser app on
 * one of them may call the REST surface and the graph with a bearer token; any other origin's page
 * gets no CORS headers, so the browser keeps the answer from it.
 */
export async function useBrowserSafety(app: FastifyInstance, settings: BrowserSettings): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy,
    // Answers are for the configured origins' apps as well as this origin's pages.
    crossOriginResourcePolicy: { policy: settings.corsOrigins.length > 0 ? "cross-origin" : "same-origin" },
  });
  if (settings.corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: settings.corsOrigins.includes("*") ? "*" : [...settings.corsOrigins],
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: requestHeaders,
    exposedHeaders: responseHeaders,
    maxAge: 600,
  });
}
