/**
 * The HA fault test (`npm run test:ha`): one test file that makes its own hosts (network namespaces,
 * root only), HAProxy and a Patroni pair, so it runs alone and apart from the main suite.
 * @type {import('jest').Config}
 */
const { swcOptions } = require("@pap/transpile");
const { sourceMappings } = require("./scripts/workspaces.cjs");

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test/ha"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["@swc/jest", swcOptions] },
  moduleNameMapper: { ...sourceMappings(), "^(\\.{1,2}/.*)\\.js$": "$1" },
  testTimeout: 900_000,
  maxWorkers: 1,
};
