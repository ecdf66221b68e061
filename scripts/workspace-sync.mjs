#!/usr/bin/env node
/**
 * `npm run workspace:sync`: rewrites the lists that register a package from what the workspaces'
 * package.json files already say, so adding a package (a domain among them) edits none by hand:
 *
 * - the root tsconfig.json references every workspace that has a tsconfig.json;
 * - a workspace's tsconfig.json references the workspaces its package.json depends on that are
 *   TypeScript projects (`tsc -b` builds them first, as turbo does);
 * - gateway/package.json depends on every domain (each workspace under subgraphs/), since its registry
 *   loads them all, and on no `@pap/…` package that is not a workspace.
 *
 * `--check` writes nothing: it names each file out of step and exits 1 (test/contract/workspace-sync.test.ts).
 * A file is rewritten only when what it says differs (references are compared as sets), and then in
 * the order of the root package.json's `workspaces`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const { workspaces } = require("./workspaces.cjs");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GATEWAY = "gateway";
const DOMAINS = "subgraphs/";

/** One registration file as it should be: its path from the root, its JSON now, and the JSON derived. */
function derivedFiles() {
  const all = workspaces(root);
  const byName = new Map(all.map((workspace) => [workspace.manifest.name, workspace]));
  // A project that turns `composite` off (the browser bundle, the tests) cannot be referenced.
  const referable = (workspace) => workspace.tsconfig && workspace.tsconfig.compilerOptions?.composite !== false;
  const order = (dirs) => all.map((workspace) => workspace.dir).filter((dir) => dirs.includes(dir));
  const files = [];

  const gateway = all.find((workspace) => workspace.dir === GATEWAY);
  const gatewayManifest = gateway && withDomainDependencies(gateway.manifest, all, byName);
  if (gateway) files.push({ file: `${GATEWAY}/package.json`, current: gateway.manifest, derived: gatewayManifest, same: sameDependencies });

  const rootConfig = readJson("tsconfig.json");
  const everyProject = order(all.filter((workspace) => workspace.tsconfig).map((workspace) => workspace.dir));
  files.push({ file: "tsconfig.json", current: rootConfig, derived: withReferences(rootConfig, everyProject), same: sameReferences });

  for (const workspace of all.filter((candidate) => candidate.tsconfig)) {
    const manifest = workspace.dir === GATEWAY ? gatewayManifest : workspace.manifest;
    const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
      .map((name) => byName.get(name))
      .filter((dependency) => dependency && dependency !== workspace && referable(dependency));
    const paths = order(dependencies.map((dependency) => dependency.dir)).map((dir) => path.posix.relative(workspace.dir, dir));
    files.push({
      file: `${workspace.dir}/tsconfig.json`,
      current: workspace.tsconfig,
      derived: withReferences(workspace.tsconfig, paths),
      same: sameReferences,
    });
  }
  return files;
}

/** The gateway's manifest depending on every domain at its version, and on no `@pap/…` package that is gone. */
function withDomainDependencies(manifest, all, byName) {
  const dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies ?? {}).filter(([name]) => !name.startsWith("@pap/") || byName.has(name)),
  );
  for (const domain of all.filter((workspace) => workspace.dir.startsWith(DOMAINS)))
    dependencies[domain.manifest.name] = domain.manifest.version;
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...manifest, dependencies: sorted };
}

const withReferences = (config, paths) => ({ ...config, references: paths.map((reference) => ({ path: reference })) });
const referenceSet = (config) => new Set((config.references ?? []).map((reference) => path.posix.normalize(reference.path)));
const sameReferences = (a, b) => {
  const [left, right] = [referenceSet(a), referenceSet(b)];
  return left.size === right.size && [...left].every((reference) => right.has(reference));
};
const sameDependencies = (a, b) => {
  const [left, right] = [Object.entries(a.dependencies ?? {}), b.dependencies ?? {}];
  return left.length === Object.keys(right).length && left.every(([name, version]) => right[name] === version);
};
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

const check = process.argv.includes("--check");
const outOfStep = derivedFiles().filter(({ current, derived, same }) => !same(current, derived));
if (check) {
  for (const { file } of outOfStep) console.log(`${file} is out of step with the workspaces' package.json files`);
  if (outOfStep.length) {
    console.log("Run `npm run workspace:sync` to regenerate it (then `npm install` if a package.json changed).");
    process.exitCode = 1;
  }
} else {
  for (const { file, derived } of outOfStep) {
    writeFileSync(path.join(root, file), `${JSON.stringify(derived, null, 2)}\n`);
    console.log(`wrote ${file}`);
  }
  if (!outOfStep.length) console.log("The registration files are in step with the workspaces.");
}
