import { readSetting } from "@pap/core";
import type { DomainContract } from "@pap/kernel/domain";
import type { RestRoute, RestSurfaceOptions } from "@pap/kernel/rest";

/** Deployment choices of the REST surface (SPEC §9 overlays and stream timing). */
export type RestOptions = RestSurfaceOptions & {
  /** Interval of the `: heartbeat` comment on the event stream. */
  heartbeatMs: number;
  /** A change of an existing record without If-Match is 428 (REQUIRE_IF_MATCH). */
  requireIfMatch?: boolean;
};

export function restOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RestOptions {
  const base = readSetting("PLATFORM_BASE_PATH", env).replace(/\/+$/, "");
  return {
    platformBasePath: base.startsWith("/") ? base : `/${base}`,
    heartbeatMs: readSetting("EVENT_STREAM_HEARTBEAT_MS", env),
    requireIfMatch: readSetting("REQUIRE_IF_MATCH", env),
  };
}

/** Every REST operation of the registered domains; the Fastify routes and /openapi.json are both generated from it. */
export function restRoutes(domains: readonly DomainContract[], options: RestSurfaceOptions): RestRoute[] {
  return domains.flatMap((domain) => domain.restRoutes(options));
}
