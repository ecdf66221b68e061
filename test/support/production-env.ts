/**
 * What an in-process test platform needs to start with NODE_ENV=production: keys of its own (test
 * values), and the virus scanner and mail server production asks for switched off on purpose.
 */
export const productionTestEnv = {
  NODE_ENV: "production",
  PERSON_MATCH_KEY: "production-test-person-match-key-0123456789",
  ENCRYPTION_KEYS: `production-test:${Buffer.alloc(32, 7).toString("base64")}`,
  CONTENT_SIGNING_SECRET: "production-test-content-signing-secret-0123",
  VIRUS_SCAN: "off",
  NOTICE_EMAIL: "off",
};

/** Sets `env` in process.env before the describe block's (or file's) platform starts, and restores it after. */
export function withEnvironment(env: Record<string, string>): void {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  beforeAll(() => {
    Object.assign(process.env, env);
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
