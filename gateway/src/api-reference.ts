import { openApiPath } from "@pap/rest-compat";
import type { FastifyInstance } from "fastify";
import { bundlePage, serveBundle } from "./web-bundle";

/** Where a browser finds the API reference. */
export const apiReferencePath = "/docs";

const assets = `${apiReferencePath}/assets`;

const page = bundlePage({
  title: "API reference",
  root: { id: "api-reference", loading: "Loading the API reference…" },
  config: { id: "api-reference-config", value: { specUrl: openApiPath } },
  style: "body { margin: 0; }",
  scripts: [`${assets}/redoc.standalone.js`, `${assets}/api-reference.js`],
});

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
