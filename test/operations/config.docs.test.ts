// The configuration schema (packages/kernel/src/config/schema.ts) is the one place each environment
// variable is declared: `.env.example` and the configuration tables of docs/operations.md are generated from it
// (`npm run config:docs`), and no source may read a variable it does not declare. Each check fails
// when the files or the sources drift from the schema.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { envExample, isSettingName, README_BEGIN, README_END, readmeConfigurationTables, settingNames } from "@pap/core";

const root = path.join(__dirname, "../..");
const fixWith = "run `npm run config:docs` and commit the result";

/** The platform's sources: every package's, without its tests, test helpers or build output. */
const sourceRoots = ["core", "packages", "prisma/src", "prisma/scripts", "subgraphs", "gateway/src", "rest-compat/src", "adapters"];
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (["node_modules", "dist", "test-support", "generated"].includes(name)) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs)$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** The environment variables a source reads or sets by name: `process.env.NAME`, `env.NAME`, `env["NAME"]`, `readSetting("NAME")`. */
function environmentReads(source: string): string[] {
  const patterns = [
    /\benv\??\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g,
    /\breadSetting\(\s*"([A-Z][A-Z0-9_]*)"/g,
  ];
  return [...new Set(patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!)))];
}

it(".env.example is what the schema renders", () => {
  const committed = readFileSync(path.join(root, ".env.example"), "utf8");
  expect({ file: ".env.example", upToDate: committed === envExample(), fixWith }).toEqual({
    file: ".env.example",
    upToDate: true,
    fixWith,
  });
});

it("the configuration tables of docs/operations.md are what the schema renders", () => {
  const page = readFileSync(path.join(root, "docs", "operations.md"), "utf8");
  const block = page.slice(page.indexOf(README_BEGIN) + README_BEGIN.length, page.indexOf(README_END)).trim();
  expect(page.indexOf(README_BEGIN)).toBeGreaterThan(0);
  expect({ file: "docs/operations.md", upToDate: block === readmeConfigurationTables(), fixWith }).toEqual({
    file: "docs/operations.md",
    upToDate: true,
    fixWith,
  });
});

it("every variable a source reads is declared in the schema", () => {
  const undeclared = sourceRoots
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .flatMap((file) =>
      environmentReads(readFileSync(file, "utf8"))
        .filter((name) => !isSettingName(name))
        .map((name) => `${path.relative(root, file)}: ${name}`),
    );
  expect(undeclared).toEqual([]);
});

it("every declared variable is read somewhere (none is left declared after its reader is gone)", () => {
  const schema = path.join(root, "core/src/config/schema.ts");
  const sources = sourceRoots
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => file !== schema)
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  expect(settingNames.filter((name) => !new RegExp(`\\b${name}\\b`).test(sources))).toEqual([]);
});

it("finds a read of an undeclared variable in each form a source may write it", () => {
  const reads = environmentReads(
    'process.env.DATABSE_URL; env?.PERSON_MATCHKEY; env["LOG_LEVL"]; readSetting("PORT", env); env.lowercase;',
  );
  expect(reads).toEqual(["DATABSE_URL", "PERSON_MATCHKEY", "LOG_LEVL", "PORT"]);
  expect(reads.filter((name) => !isSettingName(name))).toEqual(["DATABSE_URL", "PERSON_MATCHKEY", "LOG_LEVL"]);
});
