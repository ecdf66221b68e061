#!/usr/bin/env node
/**
 * `npm run licenses`: writes docs/licenses.md, the licence of every package the platform runs with
 * (package-lock.json's entries that are not development-only), and checks each against the allowed list.
 *
 * `--check` writes nothing: it exits 1 when the committed report differs from the lock file, or when a
 * package's licence is not allowed (part of `npm run lint`). `--root DIR` reads DIR's lock file and
 * report instead of this repository's (the test gives it lock files of its own).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Licences that let a state run, change and redistribute the platform without conditions on its own code. */
const ALLOWED = new Set([
  "0BSD",
  "Apache-2.0",
  "BlueOak-1.0.0",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "CC-BY-3.0",
  "CC0-1.0",
  "ISC",
  "MIT",
  "MIT-0",
  "PSF-2.0",
  "Python-2.0",
  "Unlicense",
  "Zlib",
]);

/**
 * The one known exception: Apollo Federation's gateway and the query planner it runs (with the packages
 * they are built from) are under the Elastic License 2.0. Any other package under it fails the check.
 */
const ELASTIC = "Elastic-2.0";
const ELASTIC_PACKAGES = new Set([
  "@apollo/gateway",
  "@apollo/query-planner",
  "@apollo/query-graphs",
  "@apollo/federation-internals",
  "@apollo/composition",
]);

/**
 * Packages whose package.json names no licence, or none an SPDX list knows ("BSD"), by name@version,
 * with the licence their own files state and where.
 */
const STATED_ELSEWHERE = new Map([
  ["decko@1.2.0", { license: "MIT", where: "its LICENSE file" }],
  ["stickyfill@1.1.1", { license: "MIT", where: "its LICENSE file" }],
  ["url-template@2.0.8", { license: "BSD-3-Clause", where: 'its LICENSE file; its package.json says only "BSD"' }],
  ["png-js@2.0.0", { license: "MIT", where: "its LICENSE file" }],
  ["humanize-number@0.0.2", { license: "MIT", where: "its Readme" }],
  ["only@0.0.2", { license: "MIT", where: "its Readme" }],
]);

const REPORT = "docs/licenses.md";

/** The licence a lock entry declares: the lock's `license`, else the installed package.json's (old `licenses` arrays too). */
function declaredLicense(root, location, entry) {
  if (entry.license) return entry.license;
  const manifestPath = path.join(root, location, "package.json");
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  if (typeof manifest.license === "string") return manifest.license;
  const listed = (manifest.licenses ?? []).map((license) => license.type ?? license);
  return listed.length ? listed.join(" OR ") : undefined;
}

/** Every package the platform runs with, once per name and version, sorted by name. */
export function productionPackages(root) {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  const byKey = new Map();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!location.includes("node_modules/") || entry.link || entry.dev || entry.devOptional) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    const key = `${name}@${entry.version}`;
    if (byKey.has(key)) continue;
    const stated = STATED_ELSEWHERE.get(key);
    const license = stated?.license ?? declaredLicense(root, location, entry);
    byKey.set(key, { name, version: entry.version, license, note: stated?.where });
  }
  return [...byKey.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1));
}

/**
 * Whether an SPDX expression is acceptable for a package: every part of an AND, and one part of an OR,
 * must be allowed. Parentheses group; `+` ("or later") is read as the licence it follows.
 */
export function allowed(expression, name) {
  const tokens = expression
    .replace(/[()]/g, (paren) => ` ${paren} `)
    .trim()
    .split(/\s+/);
  let at = 0;
  const term = () => {
    const token = tokens[at++];
    if (token === "(") {
      const value = either();
      at++; // the closing parenthesis
      return value;
    }
    const id = token.replace(/\+$/, "");
    return ALLOWED.has(id) || (id === ELASTIC && ELASTIC_PACKAGES.has(name));
  };
  const both = () => {
    let value = term();
    while (tokens[at]?.toUpperCase() === "AND") {
      at++;
      value = term() && value;
    }
    return value;
  };
  const either = () => {
    let value = both();
    while (tokens[at]?.toUpperCase() === "OR") {
      at++;
      value = both() || value;
    }
    return value;
  };
  return either();
}

/** The packages whose licence is missing or not allowed, as lines to print. */
export function refusals(packages) {
  return packages
    .filter((pkg) => !pkg.license || !allowed(pkg.license, pkg.name))
    .map((pkg) => `${pkg.name}@${pkg.version}: ${pkg.license ? `${pkg.license} is not on the allowed list` : "declares no licence"}`);
}

/** The report, as Markdown: counts by licence, the Elastic exception, then every package. */
export function report(packages) {
  const counts = new Map();
  for (const pkg of packages) counts.set(pkg.license, (counts.get(pkg.license) ?? 0) + 1);
  const elastic = packages.filter((pkg) => pkg.license === ELASTIC);
  const cell = (text) => String(text).replace(/\|/g, "\\|");
  return [
    "# Dependency licences",
    "",
    "Generated by `npm run licenses` from `package-lock.json`: every package the platform runs with (the",
    "lock file's entries not marked development-only; the test and benchmark workspaces' own dependencies",
    "count, as npm counts them). `npm run lint` fails when this page is out of date or when a licence is not",
    "on the allowed list in `scripts/licenses.mjs`. Do not edit it by hand.",
    "",
    "The platform itself is under the Apache License 2.0 ([LICENSE](../LICENSE)).",
    "",
    "## The Elastic License 2.0 exception",
    "",
    "Apollo Federation's gateway and the query planner it runs are under the Elastic License 2.0, a",
    "source-available licence rather than an open-source one. A state may run them in its own platform,",
    "change them and redistribute them; it may not offer them to others as a hosted or managed service,",
    "get around any licence-key feature, or remove their licence and copyright notices. These are the only",
    "packages under it, and the check refuses any other:",
    "",
    ...elastic.map((pkg) => `- \`${pkg.name}\` ${pkg.version}`),
    "",
    "## By licence",
    "",
    "| Licence | Packages |",
    "|---|---|",
    ...[...counts].sort(([, a], [, b]) => b - a).map(([license, count]) => `| ${cell(license)} | ${count} |`),
    "",
    `## Every package (${packages.length})`,
    "",
    "| Package | Version | Licence |",
    "|---|---|---|",
    ...packages.map(
      (pkg) => `| \`${pkg.name}\` | ${pkg.version} | ${cell(pkg.license ?? "none")}${pkg.note ? ` (stated in ${pkg.note})` : ""} |`,
    ),
    "",
  ].join("\n");
}

function main(args) {
  const rootIndex = args.indexOf("--root");
  const root = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const packages = productionPackages(root);
  const written = report(packages);
  const target = path.join(root, REPORT);
  const problems = refusals(packages);
  if (args.includes("--check")) {
    const committed = existsSync(target) ? readFileSync(target, "utf8") : "";
    if (committed !== written) problems.push(`${REPORT} is out of date: run \`npm run licenses\``);
  } else {
    writeFileSync(target, written);
    console.log(`wrote ${REPORT} (${packages.length} packages)`);
  }
  for (const problem of problems) console.log(problem);
  if (problems.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
