/**
 * The direction imports may take, checked by `npm run lint:imports` (part of `npm test`):
 *
 *   @pap/core  ←  @pap/db  ←  kernel resource layer  ←  kernel graphql  ←  kernel http, rest  ←  domains, gateway, …
 *                             (resource, list, state-machine,
 *                              search, auth, domain, validation)
 *
 * and no import circle, type-only imports counted: a circle of types still ties the modules' meanings
 * together. Workspace packages resolve to their TypeScript sources (the paths are derived from each
 * package's `exports`/`main`, so a new package needs no entry here), which lets a circle through
 * several packages show too. Circles known and being removed are listed in
 * `.dependency-cruiser-known-violations.json` (`--ignore-known`); refresh it with
 * `npm run lint:imports -- --output-type baseline --output-to .dependency-cruiser-known-violations.json`
 * only when removing entries.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const fs = require("node:fs");
const path = require("node:path");

const root = __dirname;
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));

/** The workspace package directories, from the root manifest's `workspaces` (`dir` or `dir/*`). */
function workspaceDirs() {
  return readJson("package.json").workspaces.flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, parent, entry.name, "package.json")))
      .map((entry) => `${parent}/${entry.name}`);
  });
}

/** A built target (`./dist/x/index.js`; the database package's `dist/src/…`) as the source it is built from. */
function sourceOf(dir, target) {
  let relative = target.replace(/^\.\//, "").replace(/^dist\//, "");
  if (!relative.startsWith("src/")) relative = `src/${relative}`;
  return `${dir}/${relative.replace(/\.js$/, "")}`;
}

/** Each workspace package's entries as TypeScript paths onto its sources: `@pap/kernel/*` → `packages/kernel/src/*\/index`. */
function sourcePaths() {
  const paths = {};
  for (const dir of workspaceDirs()) {
    const manifest = readJson(`${dir}/package.json`);
    const entries = manifest.exports ?? (manifest.main?.startsWith("dist/") ? { ".": manifest.main } : {});
    for (const [key, value] of Object.entries(entries)) {
      const target = typeof value === "string" ? value : value.default;
      if (target) paths[manifest.name + key.slice(1)] = [sourceOf(dir, target)];
    }
  }
  return paths;
}

/** The modules a domain offers other domains (`@pap/<domain>/contract`, `/operations`), as their source files. */
function domainEntryFiles() {
  return Object.entries(sourcePaths())
    .filter(([name, [file]]) => /^@pap\/[^/]+\/(contract|operations)$/.test(name) && file.startsWith("subgraphs/"))
    .map(([, [file]]) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\.ts|/index\\.ts)$`);
}

// dependency-cruiser reads the paths from a tsconfig file: written where build output and caches live.
const tsConfigFile = path.join(root, "node_modules/.cache/dependency-cruiser/tsconfig.json");
fs.mkdirSync(path.dirname(tsConfigFile), { recursive: true });
fs.writeFileSync(
  tsConfigFile,
  `${JSON.stringify({ compilerOptions: { baseUrl: root, paths: sourcePaths() }, include: [path.join(root, "core/src/index.ts")] }, null, 2)}\n`,
);

const PLATFORM = "^(core|packages|prisma|subgraphs|gateway|rest-compat|adapters|bench|test|web)/";
const RESOURCE_LAYER = "^packages/kernel/src/(resource|list|state-machine|search|auth|validation)/";
/** Tests beside the code may use the test suite's helpers; what ships may not. */
const NOT_A_TEST = "\\.test\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle, type-only imports included: break it by moving what both sides need below them.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-circular-kernel-folders",
      severity: "error",
      scope: "folder",
      comment: "The kernel's and the core's folders form no circle either: a folder leans on the folders below it only.",
      from: { path: "^(packages/kernel|core)/src/" },
      to: { path: "^(packages/kernel|core)/src/", circular: true },
    },
    {
      name: "core-imports-nothing-of-the-platform",
      severity: "error",
      comment:
        "@pap/core is the foundation: errors, ids, clock, logger, configuration, metrics, tracing. It depends on no other package of the platform.",
      from: { path: "^core/" },
      to: { path: PLATFORM, pathNot: "^core/" },
    },
    {
      name: "db-stands-on-core-alone",
      severity: "error",
      comment: "@pap/db (prisma/) may import @pap/core and nothing else of the platform.",
      from: { path: "^prisma/" },
      to: { path: PLATFORM, pathNot: "^(prisma|core)/" },
    },
    {
      name: "kernel-stands-on-core-and-db",
      severity: "error",
      comment: "The kernel imports @pap/core and @pap/db only; the packages and domains above import it.",
      from: { path: "^packages/kernel/" },
      to: { path: PLATFORM, pathNot: "^(packages/kernel|core|prisma)/" },
    },
    {
      name: "kernel-has-no-root-entry",
      severity: "error",
      comment: "The kernel is imported by layer (`@pap/kernel/<folder>`), never through one barrel.",
      from: {},
      to: { path: "^packages/kernel/src/index\\.ts$" },
    },
    {
      name: "resource-layer-below-graph",
      severity: "error",
      comment: "resource, list, state-machine, search, auth, domain and validation know nothing of the graph or the transport above them.",
      from: { path: RESOURCE_LAYER },
      to: { path: "^packages/kernel/src/(graphql|http|rest)/" },
    },
    {
      name: "resource-layer-builds-no-schema",
      severity: "error",
      comment: "The resource layer describes; Pothos, Apollo and Fastify belong to graphql/ and the transport.",
      from: { path: RESOURCE_LAYER },
      to: { path: "(^|/)node_modules/(@pothos|@apollo|fastify|@fastify|graphql-ws|graphql-scalars)/" },
    },
    {
      name: "graph-below-transport",
      severity: "error",
      comment: "graphql/ (Pothos helpers, executor, loaders, change feeds) knows nothing of http/ and rest/.",
      from: { path: "^packages/kernel/src/graphql/" },
      to: { path: "^packages/kernel/src/(http|rest)/" },
    },
    {
      name: "events-and-content-below-the-domains",
      severity: "error",
      comment:
        "The events and content packages stand beside the kernel: on core, db and the kernel's layers below the transport, under the domains.",
      from: { path: "^packages/(events|content)/" },
      to: { path: "^(subgraphs|gateway|rest-compat|adapters|bench|test|web)/|^packages/kernel/src/(http|rest)/" },
    },
    {
      name: "domains-meet-through-their-entries",
      severity: "error",
      comment: "A domain reaches another only through what it offers: `@pap/<domain>/contract` and `@pap/<domain>/operations`.",
      from: { path: "^subgraphs/([^/]+)/" },
      to: { path: "^subgraphs/", pathNot: ["^subgraphs/$1/", ...domainEntryFiles()] },
    },
    {
      name: "production-imports-no-tests-or-benchmarks",
      severity: "error",
      comment: "What ships never imports the test suite or the benchmarks.",
      from: { path: "^(packages|prisma|subgraphs|gateway|rest-compat|adapters|web)/", pathNot: NOT_A_TEST },
      to: { path: "^(test|bench)/" },
    },
    {
      name: "platform-imports-resolve",
      severity: "error",
      comment:
        "An import of a workspace package names one of its entries (a removed entry, such as the kernel's old root, resolves nowhere).",
      from: {},
      to: { couldNotResolve: true, path: "^@pap/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: tsConfigFile },
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)(dist|generated)/|^bench/results/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
