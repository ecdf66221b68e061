// Bundles the browser pages into dist/ with esbuild: everything they load comes from this platform.
import { build } from "esbuild";

await build({
  entryPoints: { graphiql: "src/graphiql.tsx" },
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  outdir: "dist/ide",
  define: { "process.env.NODE_ENV": '"production"' },
  loader: { ".woff": "dataurl", ".woff2": "dataurl", ".ttf": "dataurl", ".svg": "dataurl" },
  logLevel: "warning",
});
