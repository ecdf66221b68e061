import { openApiPath } from "@pap/rest-compat";
import type { FastifyInstance } from "fastify";
import { scriptJson, serveBundle } from "./web-bundle";

/** Where a browser finds the API reference. */
export const apiReferencePath = "/docs";

const assets = `${apiReferencePath}/assets`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>API reference · Public Assistance Platform</title>
<style>body { margin: 0; }</style>
</head>
<body>
<div id="api-reference">Loading the API reference…</div>
<script type="application/json" id="api-reference-config">${scriptJson({ specUrl: openApiPath })}</script>
<script src="${assets}/redoc.standalone.js"></script>
<script src="${assets}/api-reference.js"></script>
</body>
</html>
`;

/**
 * The REST surface's reference at `/docs`: Redoc drawing this process's own OpenAPI document, its
 * scripts served from here (built by `web/`), so the page loads nothing from another host. Served
 * wherever the REST surface is, in every mode, as the GraphQL IDE is wherever the graph is.
 */
export function registerApiReference(app: FastifyInstance): void {
  serveBundle(app, {
    route: assets,
    directory: "api-reference",
    files: ["redoc.standalone.js", "api-reference.js"],
    what: "API reference",
  });
  app.get(apiReferencePath, async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));
}
