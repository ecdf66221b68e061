// `npm run config:docs`: writes `.env.example` and docs/operations.md's configuration tables from the
// configuration schema (core/src/config/schema.ts, built). test/operations/config.docs.test.ts fails
// when either file differs from what the schema renders.
const { readFileSync, writeFileSync } = require("node:fs");
const path = require("node:path");
const { envExample, withConfigurationTables } = require("../dist/config");

const root = path.resolve(__dirname, "../..");
const page = path.join(root, "docs", "operations.md");
writeFileSync(path.join(root, ".env.example"), envExample());
writeFileSync(page, withConfigurationTables(readFileSync(page, "utf8")));
process.stdout.write("wrote .env.example and docs/operations.md's configuration tables\n");
