import { applicationChannels, applicationStatuses } from "@pap/intake/contract";
import { roles } from "@pap/kernel/auth";
import { openTaskStatuses } from "@pap/workflow/contract";
import type { FastifyInstance } from "fastify";
import { bundlePage, serveBundle } from "./web-bundle";

const page = (config: Record<string, unknown>) =>
  bundlePage({
    title: "Dashboard",
    root: { id: "dashboard", loading: "Loading the dashboard…" },
    config: { id: "dashboard-config", value: config },
    stylesheets: ["/dashboard/assets/dashboard.css"],
    scripts: ["/dashboard/assets/dashboard.js"],
  });

/**
 * The live dashboard at `/dashboard`: a page that reads everything through this platform's public graph
 * and its event subscription, so it is served wherever the graph is.
 */
export function registerDashboard(app: FastifyInstance, options: { development: boolean; byHash: boolean }): void {
  serveBundle(app, { route: "/dashboard/assets", directory: "dashboard", files: ["dashboard.js", "dashboard.css"], what: "dashboard" });
  // The panels count by the domains' own states and channels (web/src/dashboard/page-config.ts).
  // With trusted documents configured, the page sends its operations by hash (web/src/dashboard/api.ts).
  const html = page({
    development: options.development,
    byHash: options.byHash,
    roles,
    openTaskStatuses,
    applicationStatuses,
    applicationChannels,
  });
  app.get("/dashboard", async (_request, reply) => reply.type("text/html; charset=utf-8").send(html));
}
