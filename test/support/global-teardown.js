// Drops the databases this run created: the template and every per-file clone named after it.
const { Client } = require("pg");

module.exports = async () => {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template) return;
  const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${template}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
};
