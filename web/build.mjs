// Bundles the browser pages into dist/ with esbuild: everything they load comes from this platform.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

// One React for the page and for every library in it (the workspace may hoist another copy for other
// packages): resolved from here, whatever imports it.
const require = createRequire(import.meta.url);
const packageDirectory = (name) => path.dirname(require.resolve(`${name}/package.json`));

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".woff": "dataurl", ".woff2": "dataurl", ".ttf": "dataurl", ".svg": "dataurl" },
  alias: { react: packageDirectory("react"), "react-dom": packageDirectory("react-dom") },
  logLevel: "warning",
};

/**
 * Redoc's standalone bundle, taken as published (it is already minified, with its own React) but for the
 * one thing it would fetch from another host: the Redocly logo in the side menu's credit line, an image
 * on Redocly's CDN. Pointed at an empty `data:` image instead, the logo hides itself as it does when the
 * CDN is unreachable. A Redoc release that moves the logo fails the build here rather than reaching out.
 */
async function copyRedoc(outdir) {
  const bundle = await readFile(require.resolve("redoc/bundles/redoc.standalone.js"), "utf8");
  const logo = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
  if (!bundle.includes(logo)) throw new Error(`Redoc's standalone bundle no longer holds ${logo}: check what it loads from outside`);
  await mkdir(outdir, { recursive: true });
  await writeFile(path.join(outdir, "redoc.standalone.js"), bundle.replaceAll(logo, '"data:,"'));
}

await Promise.all([
  build({ ...common, entryPoints: { graphiql: "src/graphiql.tsx" }, outdir: "dist/ide" }),
  build({ ...common, entryPoints: { dashboard: "src/dashboard/main.tsx" }, outdir: "dist/dashboard", jsx: "automatic" }),
  build({ ...common, entryPoints: { "api-reference": "src/api-reference.ts" }, outdir: "dist/api-reference" }),
  copyRedoc("dist/api-reference"),
]);
