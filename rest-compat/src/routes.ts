import { appointmentRoutes } from "./resources/appointments";
import { caseRoutes } from "./resources/cases";
import { identityRoutes } from "./resources/identity";
import { personRoutes } from "./resources/persons";
import { platformRoutes } from "./resources/platform";
import { workflowRoutes } from "./resources/workflow";
import type { RestRoute } from "./route";

/** Deployment choices of the REST surface (SPEC §9 overlays and stream timing). */
export type RestOptions = {
  /** Base path of the platform domain; `/platform` unless a deployment moves it. */
  platformBasePath: string;
  /** Interval of the `: heartbeat` comment on the event stream. */
  heartbeatMs: number;
};

export function restOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RestOptions {
  const base = (env.PLATFORM_BASE_PATH ?? "/platform").replace(/\/+$/, "");
  return { platformBasePath: base.startsWith("/") ? base : `/${base}`, heartbeatMs: Number(env.EVENT_STREAM_HEARTBEAT_MS ?? 30_000) };
}

/** Every REST operation served; the Fastify routes and /openapi.json are both generated from it. */
export function restRoutes(options: Pick<RestOptions, "platformBasePath">): RestRoute[] {
  return [...platformRoutes(options.platformBasePath), ...personRoutes, ...caseRoutes, ...appointmentRoutes, ...identityRoutes, ...workflowRoutes];
}
