// `npm run config:example`: writes config/deployment.example.yaml, the built-in configuration as a
// deployment file, from the sections the registered domains declare (gateway/dist, built).
// test/operations/deployment-config.test.ts fails when the committed file differs from it.
const { mkdirSync, writeFileSync } = require("node:fs");
const path = require("node:path");
const { deploymentExample } = require("@pap/core");
const { configSections } = require("../dist/domains");

const file = path.resolve(__dirname, "../../config/deployment.example.yaml");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, deploymentExample(configSections));
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
