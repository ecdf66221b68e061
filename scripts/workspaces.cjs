/**
 * The repository's npm workspaces, as the root package.json lists them, each with its manifest and its
 * TypeScript project: what Jest's module mappings and `workspace-sync.mjs` derive the registration
 * lists from, so that adding a package edits none of them by hand.
 */
const { existsSync, readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** The folders a `workspaces` entry names: `dir/*` is every folder in `dir` holding a package.json, in name order. */
function foldersOf(root, pattern) {
  if (!pattern.endsWith("/*")) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, "package.json")))
    .map((entry) => `${parent}/${entry.name}`)
    .sort();
}

/**
 * Every workspace, in the order the root package.json lists them: its folder (relative to the root,
 * with `/`), its package.json, and its tsconfig.json when it has one.
 */
function workspaces(root = path.resolve(__dirname, "..")) {
  const patterns = readJson(path.join(root, "package.json")).workspaces ?? [];
  return patterns.flatMap((pattern) =>
    foldersOf(root, pattern).map((dir) => {
      const tsconfigFile = path.join(root, dir, "tsconfig.json");
      return {
        dir,
        manifest: readJson(path.join(root, dir, "package.json")),
        tsconfig: existsSync(tsconfigFile) ? readJson(tsconfigFile) : null,
      };
    }),
  );
}

/** The file an `exports` (or `main`) entry points at: its `default`, `require` or `node` condition when it has conditions. */
function targetOf(entry) {
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object") return targetOf(entry.default ?? entry.require ?? entry.node);
  return undefined;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Jest's `moduleNameMapper` entries that resolve each workspace package's entries to their TypeScript
 * sources: every `exports` subpath (or `main`) whose file the build writes from `rootDir` to `outDir`
 * (`dist/X.js` from `src/X.ts`) maps to that source. A subpath pattern (`./*`) maps as a pattern.
 */
function sourceMappings(root = path.resolve(__dirname, "..")) {
  const mappings = {};
  for (const { dir, manifest, tsconfig } of workspaces(root)) {
    const outDir = tsconfig?.compilerOptions?.outDir;
    if (!manifest.name || !outDir) continue;
    const built = `${path.posix.normalize(outDir)}/`;
    const rootDir = path.posix.normalize(tsconfig.compilerOptions.rootDir ?? ".");
    const entries = manifest.exports ?? (manifest.main ? { ".": manifest.main } : {});
    for (const [subpath, entry] of Object.entries(typeof entries === "string" ? { ".": entries } : entries)) {
      const file = path.posix.normalize(targetOf(entry) ?? "");
      if (!file.startsWith(built) || !file.endsWith(".js")) continue;
      const source = path.posix.join(dir, rootDir, file.slice(built.length, -".js".length));
      const specifier = manifest.name + subpath.slice(1);
      mappings[`^${escapeRegExp(specifier).replace("\\*", "(.*)")}$`] = `<rootDir>/${source.replace("*", "$1")}`;
    }
  }
  return mappings;
}

module.exports = { workspaces, sourceMappings };
