/** What a production start asks for, with keys of the benchmark's own: no secrets, its data is thrown away with its database. */
export const productionSettings = {
  AUTH_SECRET: "bench-only-token-signing-key-0123456789abcdef",
  AUTH_ISSUER: "urn:pap:bench",
  AUTH_AUDIENCE: "public-assistance-platform",
  PERSON_MATCH_KEY: "bench-only-person-match-key-0123456789abcdef",
  ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 11).toString("base64")}`,
  CONTENT_SIGNING_SECRET: "bench-only-content-signing-secret-0123456789",
  REFERENCE_SERVICES: "on",
  // Production asks for it to be set; UTC is the default the seeded dates were written against.
  PLATFORM_TIME_ZONE: "UTC",
};
