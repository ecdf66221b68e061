/**
 * One Jest run for the whole workspace. Workspace packages resolve to their TypeScript sources, so tests
 * never run against stale builds; @swc/jest strips types with the settings the build transpiles with
 * (`@pap/transpile`), and types are checked apart (`npm run typecheck`, part of `npm test`).
 * @type {import('jest').Config}
 */
const { swcOptions } = require("@pap/transpile");
// Each workspace package's entries (`@pap/kernel`, `@pap/<domain>/contract`, `@pap/persons/operations`…),
// read from its package.json `exports`: adding a package or an entry needs no edit here.
const { sourceMappings } = require("./scripts/workspaces.cjs");

/** What every test file runs with, on either engine. */
const shared = {
  testEnvironment: "node",
  roots: [
    "<rootDir>/core",
    "<rootDir>/packages",
    "<rootDir>/prisma/src",
    "<rootDir>/subgraphs",
    "<rootDir>/gateway/src",
    "<rootDir>/rest-compat/src",
    "<rootDir>/adapters",
    "<rootDir>/test",
  ],
  testMatch: ["**/*.test.ts"],
  // The HA fault test makes hosts of its own as root and runs apart: `npm run test:ha` (jest.ha.config.js).
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/ha/"],
  // The options keep `import()` as is, so ESM-only packages (the WebAssembly migration engine) load
  // through Jest's ESM support (NODE_OPTIONS=--experimental-vm-modules in `npm test`).
  transform: { "^.+\\.ts$": ["@swc/jest", swcOptions] },
  moduleNameMapper: {
    ...sourceMappings(),
    // The generated Prisma client imports its siblings as `./x.js`; Jest resolves the `.ts` sources.
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
};

/**
 * The suites run again on the embedded engine, the one `npm start` uses without DATABASE_URL: each test
 * platform migrates a PGlite store in memory at start, as a fresh checkout's does. Which suites, and
 * why not all of them, is in docs/testing.md.
 */
const onEmbeddedEngine = [
  "test/lists/driver.test.ts",
  "test/lists/query.rest.test.ts",
  "test/platform/search.rest.test.ts",
  "test/platform/audit-trail.test.ts",
  "test/intake/walk.test.ts",
  "test/eligibility/walk.test.ts",
  "test/data-exchange/walk.test.ts",
  "test/scheduling/interview-lifecycle.test.ts",
  "test/operations/sealed-at-rest.test.ts",
  "test/browser/dashboard.test.ts",
  "test/browser/dashboard.jwt.test.ts",
  "test/auth/applicant.development.test.ts",
  "test/auth/applicant.jwt.test.ts",
  "test/auth/applicant.trusted-headers.test.ts",
  "test/auth/county-scoping.test.ts",
  "test/auth/partner-scoping.test.ts",
  "test/communication/notices.test.ts",
  "test/workflow/deployment-config.test.ts",
  "test/scheduling/timers.test.ts",
  "test/hardening/idempotency-store.test.ts",
  "test/hardening/idempotency-takeover.test.ts",
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
