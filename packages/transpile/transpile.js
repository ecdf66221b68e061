#!/usr/bin/env node
/**
 * `pap-transpile`: writes the JavaScript of the workspace package in the current directory, one file per
 * TypeScript source, with its source map — what `tsc` would emit, without checking types. A type check
 * of the whole repository takes a minute; this takes about a second, so `npm start` only waits for this,
 * and `npm run typecheck` (part of `npm test` and CI) runs tsc for the types.
 *
 * The files are the ones the package's tsconfig.json names: every `.ts` under its `include` directories
 * but not in `exclude`, written from `rootDir` to `outDir`.
 */
const { mkdir, readdir, readFile, rm, writeFile } = require("node:fs/promises");
const path = require("node:path");
const { transformFile } = require("@swc/core");
const { swcOptions } = require("./swc-options");

async function main() {
  const packageDirectory = process.cwd();
  const config = JSON.parse(await readFile(path.join(packageDirectory, "tsconfig.json"), "utf8"));
  const options = config.compilerOptions ?? {};
  if (!options.outDir) throw new Error("pap-transpile: tsconfig.json names no outDir");
  const rootDirectory = path.resolve(packageDirectory, options.rootDir ?? ".");
  const outDirectory = path.resolve(packageDirectory, options.outDir);
  const excluded = (config.exclude ?? []).map((pattern) => globToRegExp(pattern));

  const sources = [];
  for (const entry of config.include ?? []) {
    if (/[*?]/.test(entry)) throw new Error(`pap-transpile: include entries must be directories, not patterns ("${entry}")`);
    sources.push(...(await typeScriptFilesUnder(path.resolve(packageDirectory, entry))));
  }
  const kept = sources.filter(
    (file) => !excluded.some((pattern) => pattern.test(path.relative(packageDirectory, file).split(path.sep).join("/"))),
  );
  const outputOf = (file) => path.join(outDirectory, path.relative(rootDirectory, file)).replace(/\.ts$/, ".js");
  await Promise.all(kept.map((file) => emit(file, outputOf(file))));
  await removeOrphans(outDirectory, new Set(kept.map(outputOf)));
}

/**
 * Deletes what an earlier build wrote for a source that is gone (its `.js`, map and declarations). Left
 * behind, `dist/x.js` of a moved `src/x.ts` would shadow `dist/x/index.js` for a `require("./x")`.
 */
async function removeOrphans(outDirectory, emitted) {
  const entries = await readdir(outDirectory, { withFileTypes: true, recursive: true }).catch(() => []);
  const outputs = entries.filter((entry) => entry.isFile() && /\.(js|js\.map|d\.ts|d\.ts\.map)$/.test(entry.name));
  const orphans = outputs
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !emitted.has(file.replace(/\.(js\.map|d\.ts|d\.ts\.map)$/, ".js")));
  await Promise.all(orphans.map((file) => rm(file, { force: true })));
}

async function emit(sourceFile, outputFile) {
  const outputDirectory = path.dirname(outputFile);
  const { code, map } = await transformFile(sourceFile, {
    ...swcOptions,
    sourceMaps: true,
    // Like tsc: the map points at the source on disk instead of carrying a copy of it.
    inlineSourcesContent: false,
    // The map names its source relative to itself, as tsc's do, so the tree can move.
    sourceFileName: path.relative(outputDirectory, sourceFile).split(path.sep).join("/"),
  });
  await mkdir(outputDirectory, { recursive: true });
  const mapName = `${path.basename(outputFile)}.map`;
  await Promise.all([writeFile(outputFile, `${code}\n//# sourceMappingURL=${mapName}\n`), writeFile(`${outputFile}.map`, map)]);
}

async function typeScriptFilesUnder(directory) {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** A tsconfig `exclude` entry as tsc reads it: `**` any directories, `*` within one name; a plain path covers what is under it. */
function globToRegExp(pattern) {
  const body = pattern
    .replace(/^\.\//, "")
    .replace(/\/$/, "")
    .split(/(\*\*\/|\*|\?)/)
    .map((part) =>
      part === "**/" ? "(?:.*/)?" : part === "*" ? "[^/]*" : part === "?" ? "[^/]" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${body}(?:/.*)?$`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
