/**
 * One Jest run for the whole workspace. Workspace packages resolve to their TypeScript sources, so tests
 * never run against stale builds; @swc/jest strips types with the settings the build transpiles with
 * (`@pap/transpile`), and types are checked apart (`npm run typecheck`, part of `npm test`).
 * @type {import('jest').Config}
 */
const { swcOptions } = require("@pap/transpile");
const workspacePackages = {
  "@pap/core": "packages/core/src",
  "@pap/db": "prisma/src",
  "@pap/events": "packages/events/src",
  "@pap/content": "packages/content/src",
  "@pap/platform": "subgraphs/platform/src",
  "@pap/persons": "subgraphs/persons/src",
  "@pap/case-management": "subgraphs/case-management/src",
  "@pap/scheduling": "subgraphs/scheduling/src",
  "@pap/identity": "subgraphs/identity/src",
  "@pap/workflow": "subgraphs/workflow/src",
  "@pap/intake": "subgraphs/intake/src",
  "@pap/eligibility": "subgraphs/eligibility/src",
  "@pap/data-exchange": "subgraphs/data-exchange/src",
  "@pap/document-management": "subgraphs/document-management/src",
  "@pap/gateway": "gateway/src",
  "@pap/rest-compat": "rest-compat/src",
  "@pap/eligibility-reference": "adapters/eligibility-reference/src",
  "@pap/agency-simulator": "adapters/agency-simulator/src",
  "@pap/reference-process": "adapters/reference-process/src",
};

/** What every test file runs with, on either engine. */
const shared = {
  testEnvironment: "node",
  roots: ["<rootDir>/packages", "<rootDir>/prisma/src", "<rootDir>/subgraphs", "<rootDir>/gateway/src", "<rootDir>/rest-compat/src", "<rootDir>/adapters", "<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // The options keep `import()` as is, so ESM-only packages (the WebAssembly migration engine) load
  // through Jest's ESM support (NODE_OPTIONS=--experimental-vm-modules in `npm test`).
  transform: { "^.+\\.ts$": ["@swc/jest", swcOptions] },
  moduleNameMapper: {
    ...Object.fromEntries(Object.entries(workspacePackages).map(([name, dir]) => [`^${name.replace("/", "\\/")}$`, `<rootDir>/${dir}`])),
    // A domain's side-effect-free entry (`@pap/<domain>/contract`), as its package.json exports it.
    ...Object.fromEntries(Object.entries(workspacePackages).map(([name, dir]) => [`^${name.replace("/", "\\/")}\\/contract$`, `<rootDir>/${dir}/contract`])),
    // What a domain lets other domains' reactions call (`@pap/<domain>/operations`), likewise.
    "^@pap\\/persons\\/operations$": "<rootDir>/subgraphs/persons/src/operations/persons",
    "^@pap\\/data-exchange\\/operations$": "<rootDir>/subgraphs/data-exchange/src/operations",
    // The early entry every process imports first to start tracing (`@pap/core/tracing`).
    "^@pap\\/core\\/tracing$": "<rootDir>/packages/core/src/tracing/start",
    // The other entries of the core and the kernel's layers (`@pap/core/config`, `@pap/kernel/graphql`…): the folder of that name.
    "^@pap\\/(core|kernel)\\/(.*)$": "<rootDir>/packages/$1/src/$2",
    // The generated Prisma client imports its siblings as `./x.js`; Jest resolves the `.ts` sources.
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
};

/**
 * The suites run again on the embedded engine, the one `npm start` uses without DATABASE_URL: each test
 * platform migrates a PGlite store in memory at start, as a fresh checkout's does. Which suites, and
 * why not all of them, is in the README (Tests).
 */
const onEmbeddedEngine = [
  "test/list.driver.test.ts",
  "test/list-query.rest.test.ts",
  "test/platform.search.rest.test.ts",
  "test/intake.walk.test.ts",
  "test/eligibility.walk.test.ts",
  "test/data-exchange.walk.test.ts",
  "test/dashboard.browser.test.ts",
  "test/dashboard.jwt.browser.test.ts",
  "test/applicant.development.test.ts",
  "test/applicant.jwt.test.ts",
  "test/applicant.trusted-headers.test.ts",
];

module.exports = {
  projects: [
    { ...shared, displayName: "postgres" },
    {
      ...shared,
      displayName: "pglite",
      testMatch: onEmbeddedEngine.map((file) => `<rootDir>/${file}`),
      setupFiles: ["<rootDir>/test/support/on-embedded-engine.js"],
    },
  ],
  globalSetup: "<rootDir>/test/support/global-setup.js",
  globalTeardown: "<rootDir>/test/support/global-teardown.js",
  // A budget, not an expectation: tests wait for conditions, and on a loaded 2-core CI machine starting
  // a platform or a child process can take tens of seconds.
  testTimeout: 120_000,
  // One test file per core: more would only make each file's waits longer on a small machine.
  maxWorkers: Math.max(1, require("node:os").availableParallelism()),
  // A worker runs file after file, embedded stores among them; one grown past this is replaced before
  // its next file, rather than running out of memory in the middle of one.
  workerIdleMemoryLimit: "1GB",
};
