// The Jest project `pglite`: every test platform of its files runs on the embedded engine (see startTestPlatform).
process.env.TEST_DATABASE_ENGINE = "pglite";
