import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";

/** Where `web/`'s build (run by `npm start` and `npm test` like every other) puts a page's bundle. */
const bundleRoot = path.join(path.dirname(require.resolve("@pap/web/package.json")), "dist");

const types: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/**
 * Serves one browser page's built assets at `<route>/<file>`, from this process: nothing a page loads
 * comes from another host. Only the named files are served.
 */
export function serveBundle(
  app: FastifyInstance,
  options: { route: string; directory: string; files: readonly string[]; what: string },
): void {
  const directory = path.join(bundleRoot, options.directory);
  app.get<{ Params: { asset: string } }>(`${options.route}/:asset`, async (request, reply) => {
    const { asset } = request.params;
    const file = path.join(directory, asset);
    if (!options.files.includes(asset) || !existsSync(file))
      return reply.code(404).send({ code: "NOT_FOUND", message: `No ${options.what} asset ${asset} (is the build done?).` });
    return reply.type(types[path.extname(asset)]!).header("cache-control", "no-cache").send(createReadStream(file));
  });
}

/** Text safe inside a `<script type="application/json">` element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** What a bundled page is: its title, the element its script draws into, the settings it reads, its files. */
export type BundlePage = {
  title: string;
  /** The element's id, and what it says until the script has drawn. */
  root: { id: string; loading: string };
  /** The settings the script reads, in `<script type="application/json" id=…>`. */
  config?: { id: string; value: unknown };
  stylesheets?: readonly string[];
  style?: string;
  scripts: readonly string[];
};

/** The HTML of a page whose every file is this process's own (no other host, no favicon request). */
export const bundlePage = ({ title, root, config, stylesheets = [], style, scripts }: BundlePage): string =>
  [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${title} · Public Assistance Platform</title>`,
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...(style ? [`<style>${style}</style>`] : []),
    "</head>",
    "<body>",
    `<div id="${root.id}">${root.loading}</div>`,
    ...(config ? [`<script type="application/json" id="${config.id}">${scriptJson(config.value)}</script>`] : []),
    ...scripts.map((src) => `<script src="${src}"></script>`),
    "</body>",
    "</html>",
    "",
  ].join("\n");
