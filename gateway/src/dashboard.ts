import { applicationChannels, applicationStatuses } from "@pap/intake/contract";
import { roles } from "@pap/kernel/auth";
import { openTaskStatuses } from "@pap/workflow/contract";
import type { FastifyInstance } from "fastify";
import { scriptJson, serveBundle } from "./web-bundle";

const page = (config: Record<string, unknown>) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Dashboard · Public Assistance Platform</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
</head>
<body>
<div id="dashboard">Loading the dashboard…</div>
<script type="application/json" id="dashboard-config">${scriptJson(config)}</script>
<script src="/dashboard/assets/dashboard.js"></script>
</body>
</html>
`;

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
