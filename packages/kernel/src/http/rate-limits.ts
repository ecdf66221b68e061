import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, openConnections, rateLimitRefusals, isProduction, readSetting } from "@pap/core";
import type { Authenticator } from "../auth";
import { pickForwardedHeaders } from "../graphql/forwarded-headers";
import { sharedRateCounts } from "./shared-rate-counts";

/** Per-caller limits at the platform's edge (the processes clients reach). */
export type RateLimitSettings = {
  enabled: boolean;
  /** Requests one caller may make per window. */
  max: number;
  windowMs: number;
  /** Live connections (event streams and GraphQL WebSockets) one caller may hold open at once (per process). */
  maxConnections: number;
  /** Where requests are counted for every host together; unset, each process counts its own. */
  redisUrl?: string;
  /** The Redis keys' prefix. */
  redisPrefix?: string;
};

/** Off unless `RATE_LIMIT=true`, or `NODE_ENV=production` and `RATE_LIMIT` is not `false`. */
export function rateLimitSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  return {
    enabled: readSetting("RATE_LIMIT", env) ?? isProduction(env),
    max: readSetting("RATE_LIMIT_MAX", env),
    windowMs: readSetting("RATE_LIMIT_WINDOW_MS", env),
    maxConnections: readSetting("RATE_LIMIT_MAX_CONNECTIONS", env),
    redisUrl: readSetting("RATE_LIMIT_REDIS_URL", env),
    redisPrefix: readSetting("RATE_LIMIT_REDIS_PREFIX", env),
  };
}

/** Who a request counts against, for the per-caller limits: a key that names the caller, never a credential. */
export type CallerIdentifier = (headers: Record<string, string | string[] | undefined>, address: string) => Promise<string>;

/**
 * The verified caller (its kind and id), else the client's address. A credential that does not verify
 * counts against its address, so made-up tokens or keys share one bucket instead of each opening a
 * fresh one. Verified tokens are remembered by the authenticator, so a caller's token is verified once.
 */
export function callerIdentifier(authenticate: Authenticator): CallerIdentifier {
  return async (headers, address) => {
    try {
      const principal = await authenticate(pickForwardedHeaders(headers));
      if (principal.kind !== "unauthenticated" && principal.id) return `${principal.kind}:${principal.id}`;
    } catch {
      // Refused credentials are answered 401 by the operation; here they only count against their address.
    }
    return `address:${address}`;
  };
}

const tooManyRequests = (message: string) => new ApiError(429, "RATE_LIMITED", message);

/**
 * Limits how many requests each caller makes per window: past it, 429 in the envelope with
 * `Retry-After` (seconds). Health and readiness probes are never limited. With a Redis URL the
 * counts are shared by every process that names it (`sharedRateCounts`).
 */
export async function useRateLimits(app: FastifyInstance, settings: RateLimitSettings, identify: CallerIdentifier): Promise<void> {
  if (!settings.enabled) return;
  const shared = settings.redisUrl
    ? await sharedRateCounts(settings.redisUrl, settings.redisPrefix ?? "pap-rate-limit:", app.log)
    : undefined;
  if (shared) app.addHook("onClose", () => shared.close());
  await app.register(rateLimit, {
    ...(shared && { store: shared.Store }),
    // Not per route (the plugin would run after each route's own hooks, authentication among them, so
    // a refused credential would never be counted): one hook for every request, before any route's.
    global: false,
    max: settings.max,
    timeWindow: settings.windowMs,
    keyGenerator: (request: FastifyRequest) => identify(request.headers, request.ip),
    allowList: (request: FastifyRequest) => request.url === "/healthz" || request.url === "/readyz",
    onExceeded: () => rateLimitRefusals.inc({ limit: "requests" }),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests: at most ${context.max} per ${context.after}. Retry after ${Math.ceil(context.ttl / 1000)} s.`),
  });
  app.addHook("onRequest", app.rateLimit());
}

/** Counts each caller's open live connections, refusing one past the limit. */
export class ConnectionLimiter {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly settings: Pick<RateLimitSettings, "enabled" | "maxConnections">,
    private readonly identify: CallerIdentifier,
  ) {}

  /**
   * Takes a place for the connection of `kind` of the caller these headers and address name: the
   * function that gives it back, or undefined when the caller holds the most allowed. Every open
   * connection is counted in the metrics, limited or not.
   */
  async acquire(
    headers: Record<string, string | string[] | undefined>,
    address: string,
    kind: "sse" | "websocket",
  ): Promise<(() => void) | undefined> {
    const key = this.settings.enabled ? await this.identify(headers, address) : "";
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
