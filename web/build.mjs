// Bundles the browser pages into dist/ with esbuild: everything they load comes from this platform.
import { createHash } from "node:crypto";
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

// The dashboard's trusted documents: every operation it sends, keyed by the SHA-256 of its text, for a
// deployment's GRAPHQL_TRUSTED_DOCUMENTS (docs/graphql.md#trusted-documents). The documents are made
// from the domains' own vocabulary, as the gateway serves it to the page (gateway/src/dashboard.ts).
const { applicationChannels, applicationStatuses } = require("@pap/intake/contract");
const { openTaskStatuses } = require("@pap/workflow/contract");
const bundled = await build({
  ...common,
  entryPoints: ["src/dashboard/queries.ts"],
  format: "esm",
  platform: "node",
  write: false,
  minify: false,
});
const { dashboardOperations } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].contents).toString("base64")}`
);
const { documents } = dashboardOperations({ openTaskStatuses, applicationStatuses, applicationChannels });
const manifest = Object.fromEntries(documents.map((document) => [createHash("sha256").update(document).digest("hex"), document]));
await writeFile("dist/dashboard/trusted-documents.json", `${JSON.stringify(manifest, null, 2)}\n`);
