// Runs once before all test files, outside Jest's module sandbox. Creates a fresh PostgreSQL database
// for this run and migrates it, so integration tests start from a known schema and runs never collide.
// Each test file then clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
const { execFileSync } = require("node:child_process");
const path = require("node:path");
const { Client } = require("pg");

const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

module.exports = async () => {
  const template = `pap_test_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  execFileSync(process.execPath, [path.join(__dirname, "../../prisma/scripts/migrate.mjs"), "deploy", "--url", url.toString()], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.TEST_TEMPLATE_DATABASE = template;
  // Every platform the tests start verifies tokens signed with this key (test/support/auth.ts signs them).
  process.env.AUTH_SECRET = "test-only-signing-key-0123456789abcdef";
  process.env.AUTH_ISSUER = "https://idp.test.local";
  process.env.AUTH_AUDIENCE = "public-assistance-platform";
  // The identity provider's key for the token-claims lookup (X-API-Key).
  process.env.AUTH_API_KEYS = "test-idp-api-key-1,test-idp-api-key-2";
};
