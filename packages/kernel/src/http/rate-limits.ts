import { createHash } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, openConnections, rateLimitRefusals, isProduction, readSetting } from "@pap/core";

/** Per-caller limits at the platform's edge (the processes clients reach). */
export type RateLimitSettings = {
  enabled: boolean;
  /** Requests one caller may make per window. */
  max: number;
  windowMs: number;
  /** Live connections (event streams and GraphQL WebSockets) one caller may hold open at once. */
  maxConnections: number;
};

/** Off unless `RATE_LIMIT=true`, or `NODE_ENV=production` and `RATE_LIMIT` is not `false`. */
export function rateLimitSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  return {
    enabled: readSetting("RATE_LIMIT", env) ?? isProduction(env),
    max: readSetting("RATE_LIMIT_MAX", env),
    windowMs: readSetting("RATE_LIMIT_WINDOW_MS", env),
    maxConnections: readSetting("RATE_LIMIT_MAX_CONNECTIONS", env),
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24);

/**
 * Who a request counts against: its credential (a token, a trusted caller id, an API key), kept only
 * as a digest, else its address. Keying by the credential as sent, without verifying it first, costs
 * nothing per request; a forged credential is refused by authentication all the same.
 */
export function callerKey(headers: Record<string, string | string[] | undefined>, address: string): string {
  for (const name of ["authorization", "x-caller-id", "x-api-key"]) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text) return `${name}:${digest(text)}`;
  }
  return `address:${address}`;
}

const tooManyRequests = (message: string) => new ApiError(429, "RATE_LIMITED", message);

/**
 * Limits how many requests each caller makes per window: past it, 429 in the envelope with
 * `Retry-After` (seconds). Health and readiness probes are never limited.
 */
export async function useRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  if (!settings.enabled) return;
  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.windowMs,
    keyGenerator: (request: FastifyRequest) => callerKey(request.headers, request.ip),
    allowList: (request: FastifyRequest) => request.url === "/healthz" || request.url === "/readyz",
    onExceeded: () => rateLimitRefusals.inc({ limit: "requests" }),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests: at most ${context.max} per ${context.after}. Retry after ${Math.ceil(context.ttl / 1000)} s.`),
  });
}

/** Counts each caller's open live connections, refusing one past the limit. */
export class ConnectionLimiter {
  private readonly open = new Map<string, number>();

  constructor(private readonly settings: Pick<RateLimitSettings, "enabled" | "maxConnections">) {}

  /**
   * Takes a place for the caller's connection of `kind`: the function that gives it back, or undefined
   * when the caller holds the most allowed. Every open connection is counted in the metrics, limited or not.
   */
  acquire(key: string, kind: "sse" | "websocket"): (() => void) | undefined {
    const held = this.open.get(key) ?? 0;
    if (this.settings.enabled && held >= this.settings.maxConnections) {
      rateLimitRefusals.inc({ limit: "connections" });
      return undefined;
    }
    if (this.settings.enabled) this.open.set(key, held + 1);
    openConnections.inc({ kind });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      openConnections.dec({ kind });
      if (!this.settings.enabled) return;
      const remaining = (this.open.get(key) ?? 1) - 1;
      if (remaining > 0) this.open.set(key, remaining);
      else this.open.delete(key);
    };
  }

  /** The 429 for a caller who already holds the most live connections allowed. */
  refusal(): ApiError {
    return tooManyRequests(
      `Too many live connections: at most ${this.settings.maxConnections} event streams and GraphQL WebSockets per caller at once.`,
    );
  }
}
