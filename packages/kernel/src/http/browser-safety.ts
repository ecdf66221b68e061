import cors from "@fastify/cors";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ConfigurationError, edgeProblems, readSetting } from "@pap/core/config";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

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
const contentSecurityPolicy: HelmetOptions["contentSecurityPolicy"] = {
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
  const headers = securityHeaders({
    contentSecurityPolicy,
    // Answers are for the configured origins' apps as well as this origin's pages.
    crossOriginResourcePolicy: { policy: settings.corsOrigins.length > 0 ? "cross-origin" : "same-origin" },
  });
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
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

/**
 * The headers helmet sets for `options`, worked out once. They depend on nothing of the request (no
 * CSP nonces), and building helmet's middleware per request, as its Fastify plugin does, parsed the
 * policy again for every answer (about 4% of a read by id's CPU).
 */
export function securityHeaders(options: HelmetOptions): (readonly [string, string])[] {
  const headers: (readonly [string, string])[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => void headers.push([name, String(value)]),
    // Helmet removes X-Powered-By, which Node's own server never sets.
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
