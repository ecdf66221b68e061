// Bundles the browser pages into dist/ with esbuild: everything they load comes from this platform.
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

await Promise.all([
  build({ ...common, entryPoints: { graphiql: "src/graphiql.tsx" }, outdir: "dist/ide" }),
  build({ ...common, entryPoints: { dashboard: "src/dashboard/main.tsx" }, outdir: "dist/dashboard", jsx: "automatic" }),
]);
