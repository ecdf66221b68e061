import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readSetting, badRequest, platformMetricsText, processMetricsText, httpDuration, httpRequests, metricsRegistry } from "@pap/core";

/** Times every request of the app by its route template (never the raw URL: ids would make a label per record). */
export function useHttpMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

export type MetricsAccess = { token?: string };

export const metricsAccessFromEnv = (env: NodeJS.ProcessEnv = process.env): MetricsAccess => ({ token: readSetting("METRICS_TOKEN", env) });

const loopback = (address: string) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

/**
 * `GET /metrics`, for operators only: with `METRICS_TOKEN` set, to `Authorization: Bearer <token>`;
 * without it, to clients on this machine (a scraper beside the process, or through a tunnel).
 * It answers the whole platform's figures, whichever process is scraped; `?scope=process`, the
 * scraped process's alone.
 */
export function registerMetricsEndpoint(app: FastifyInstance, accessNow: () => MetricsAccess): void {
  app.get<{ Querystring: { scope?: unknown } }>("/metrics", async (request, reply) => {
    const access = accessNow();
    const allowed = access.token
      ? request.headers.authorization === `Bearer ${access.token}`
      : loopback(request.socket.remoteAddress ?? "");
    if (!allowed) {
      return reply.code(access.token ? 401 : 403).send({
        code: access.token ? "UNAUTHORIZED" : "FORBIDDEN",
        message: access.token
          ? "The metrics need the metrics token (Authorization: Bearer)."
          : "The metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere.",
      });
    }
    const scope = request.query.scope ?? "platform";
    if (scope !== "platform" && scope !== "process")
      throw badRequest("scope is 'platform' (the default) or 'process'.", [{ field: "scope", message: "must be 'platform' or 'process'" }]);
    return reply.type(metricsRegistry.contentType).send(await (scope === "process" ? processMetricsText() : platformMetricsText()));
  });
}
