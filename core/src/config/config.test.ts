import { configurationVerdict, describeVerdict } from "./verdict";
import { referenceServicesAllowed } from "./rules";
import { editDistance, intendedSetting, misspeltSettings } from "./misspelt";
import { ConfigurationError, readSetting, valueProblems } from "./read";
import { DEVELOPMENT_PERSON_MATCH_KEY, settingDeclarations, settingNames } from "./schema";
import { DEVELOPMENT_ENCRYPTION_KEYS } from "./encryption-keys";
import { calendarFromEnv } from "./calendar";

// A production environment the platform starts with; each test below spoils one thing.
const production = {
  NODE_ENV: "production",
  AUTH_SECRET: "an-hmac-secret-of-more-than-32-characters",
  PERSON_MATCH_KEY: "a-person-match-key-of-more-than-32-characters",
  ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
  CONTENT_SIGNING_SECRET: "a-content-signing-secret-of-more-than-32-chars",
  CLAMD_URL: "tcp://clamd.internal:3310",
  ELIGIBILITY_ADAPTER_URL: "https://rules.state.example/",
  DATA_EXCHANGE_AGENCY_URL: "https://agencies.state.example",
  PLATFORM_TIME_ZONE: "America/New_York",
  SMTP_URL: "smtp://mail.state.example:587",
};
const problemsOf = (env: Record<string, string | undefined>) => configurationVerdict(env).problems.map((problem) => problem.variable);

describe("reading a setting through its declaration", () => {
  it("gives the declared default when the variable is unset or blank", () => {
    expect(readSetting("PORT", {})).toBe(4000);
    expect(readSetting("PORT", { PORT: "  " })).toBe(4000);
    expect(readSetting("DATABASE_POOL_SIZE", {})).toBe(20);
    expect(readSetting("VIRUS_SCAN", {})).toBe("on");
    expect(readSetting("SUBGRAPH_MERGE_IN_FLIGHT", {})).toBe(true);
    expect(readSetting("DATABASE_URL", {})).toBeUndefined();
    expect(readSetting("AUTH_API_KEYS", {})).toEqual([]);
    expect(readSetting("EVENT_TYPE_PREFIX", {})).toBe("");
  });

  it("parses what is given into the value the platform uses", () => {
    expect(readSetting("PORT", { PORT: " 8080 " })).toBe(8080);
    expect(readSetting("PORT", { PORT: "0" })).toBe(0);
    expect(readSetting("RATE_LIMIT", { RATE_LIMIT: "TRUE" })).toBe(true);
    expect(readSetting("AUTH_API_KEYS", { AUTH_API_KEYS: "one, ,two" })).toEqual(["one", "two"]);
    expect(readSetting("OTEL_TRACES_SAMPLER_ARG", { OTEL_TRACES_SAMPLER_ARG: "0.25" })).toBe(0.25);
    expect(readSetting("EVENT_TYPE_PREFIX", { EVENT_TYPE_PREFIX: "org.example. " })).toBe("org.example. ");
    expect(readSetting("DATABASE_URL", { DATABASE_URL: "postgresql://pap@db:5432/pap" })).toBe("postgresql://pap@db:5432/pap");
  });

  it.each([
    ["PORT", "eighty", "PORT must be a whole number from 0 to 65535, not 'eighty'."],
    ["PORT", "70000", "PORT must be a whole number from 0 to 65535, not '70000'."],
    ["RATE_LIMIT_MAX", "-1", "RATE_LIMIT_MAX must be a positive whole number, not '-1'."],
    ["GRAPHQL_MAX_DEPTH", "1.5", "GRAPHQL_MAX_DEPTH must be a positive whole number, not '1.5'."],
    ["AUTH_MODE", "jtw", "AUTH_MODE must be jwt, trusted-headers or development, not 'jtw'."],
    ["RATE_LIMIT", "yes", "RATE_LIMIT must be true or false, not 'yes'."],
    ["DATABASE_URL", "mysql://db/pap", "DATABASE_URL must be a postgres or postgresql URL, not 'mysql://db/pap'."],
    ["CLAMD_URL", "clamav:3310", "CLAMD_URL must be a tcp URL, not 'clamav:3310'."],
    ["PERSON_MATCH_KEY", "short", "PERSON_MATCH_KEY must be at least 32 characters long, not 'short'."],
    ["OTEL_TRACES_SAMPLER_ARG", "7", "OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, not '7'."],
  ] as const)("refuses %s=%s, naming the variable and what it must be", (name, value, message) => {
    expect(() => readSetting(name, { [name]: value })).toThrow(ConfigurationError);
    expect(() => readSetting(name, { [name]: value })).toThrow(message);
    expect(valueProblems({ [name]: value })).toEqual([{ variable: name, message }]);
  });

  it("declares every variable with a default, a meaning and a kind that accepts it being unset", () => {
    for (const name of settingNames) {
      const declaration = settingDeclarations[name];
      expect([name, declaration.default.length > 0, declaration.meaning.length > 0]).toEqual([name, true, true]);
      expect([name, declaration.value.safeParse(undefined).success]).toEqual([name, true]);
    }
  });
});

describe("the platform's calendar settings", () => {
  it("takes an IANA zone and real closure dates, and refuses anything else with the variable's name", () => {
    expect(readSetting("PLATFORM_TIME_ZONE", {})).toBe("UTC");
    expect(readSetting("PLATFORM_CLOSURE_DAYS", { PLATFORM_CLOSURE_DAYS: "2026-11-27, 2026-12-24" })).toEqual(["2026-11-27", "2026-12-24"]);
    expect(problemsOf({ PLATFORM_TIME_ZONE: "Eastern" })).toEqual(["PLATFORM_TIME_ZONE"]);
    expect(configurationVerdict({ PLATFORM_CLOSURE_DAYS: "2026-11-27,2026-02-30" }).problems[0]!.message).toMatch(
      /^PLATFORM_CLOSURE_DAYS must be dates written YYYY-MM-DD; not 2026-02-30/,
    );
    expect(() => calendarFromEnv({ PLATFORM_TIME_ZONE: "Eastern" })).toThrow(/PLATFORM_TIME_ZONE must be an IANA time-zone name/);
    expect(
      calendarFromEnv({ PLATFORM_TIME_ZONE: "America/Chicago", PLATFORM_CLOSURE_DAYS: "2026-12-24" }).isBusinessDay("2026-12-24"),
    ).toBe(false);
  });
  it("is named in production, even when it is UTC", () => {
    expect(problemsOf({ ...production, PLATFORM_TIME_ZONE: undefined })).toEqual(["PLATFORM_TIME_ZONE"]);
    expect(problemsOf({ ...production, PLATFORM_TIME_ZONE: "UTC" })).toEqual([]);
  });
});

describe("the verdict in production", () => {
  it("lets a complete production configuration start", () => {
    expect(configurationVerdict(production)).toEqual({ production: true, problems: [], warnings: [] });
  });

  it("refuses development authentication, chosen or left by default", () => {
    expect(problemsOf({ ...production, AUTH_SECRET: undefined })).toEqual(["AUTH_MODE"]);
    expect(problemsOf({ ...production, AUTH_MODE: "development" })).toEqual(["AUTH_MODE"]);
    expect(configurationVerdict({ ...production, AUTH_SECRET: undefined }).problems[0]!.message).toMatch(
      /development mode, where GET \/dev\/token .* set AUTH_JWKS_URI, AUTH_PUBLIC_KEY or AUTH_SECRET/,
    );
    expect(problemsOf({ ...production, AUTH_SECRET: undefined, AUTH_MODE: "trusted-headers" })).toEqual([]);
    expect(problemsOf({ ...production, AUTH_SECRET: undefined, AUTH_JWKS_URI: "https://idp.example/jwks" })).toEqual([]);
  });

  it("refuses PERSON_MATCH_KEY unset or the development secret", () => {
    expect(configurationVerdict({ ...production, PERSON_MATCH_KEY: undefined }).problems).toEqual([
      {
        variable: "PERSON_MATCH_KEY",
        message: expect.stringMatching(/^PERSON_MATCH_KEY is not set, .*set it to a secret of at least 32 characters/),
      },
    ]);
    expect(configurationVerdict({ ...production, PERSON_MATCH_KEY: DEVELOPMENT_PERSON_MATCH_KEY }).problems).toEqual([
      { variable: "PERSON_MATCH_KEY", message: expect.stringMatching(/^PERSON_MATCH_KEY is the public development secret/) },
    ]);
  });

  it("refuses ENCRYPTION_KEYS unset or holding the development key, and a malformed list anywhere", () => {
    expect(configurationVerdict({ ...production, ENCRYPTION_KEYS: undefined }).problems).toEqual([
      { variable: "ENCRYPTION_KEYS", message: expect.stringMatching(/^ENCRYPTION_KEYS is not set, .*set it to id:base64key/) },
    ]);
    expect(
      configurationVerdict({ ...production, ENCRYPTION_KEYS: `${production.ENCRYPTION_KEYS},${DEVELOPMENT_ENCRYPTION_KEYS}` }).problems,
    ).toEqual([{ variable: "ENCRYPTION_KEYS", message: expect.stringMatching(/^ENCRYPTION_KEYS holds the public development key/) }]);
    expect(problemsOf({ ...production, ENCRYPTION_KEYS: "k1:c2hvcnQ=" })).toEqual(["ENCRYPTION_KEYS"]);
    expect(problemsOf({ ENCRYPTION_KEYS: "k1:c2hvcnQ=" })).toEqual(["ENCRYPTION_KEYS"]);
    expect(problemsOf({})).toEqual([]);
  });

  it("refuses CORS for any origin and a proxy trusted whoever it is, and accepts them named", () => {
    expect(problemsOf({ ...production, CORS_ORIGINS: "https://caseworker.state.example,*" })).toEqual(["CORS_ORIGINS"]);
    expect(problemsOf({ ...production, TRUST_PROXY: "true" })).toEqual(["TRUST_PROXY"]);
    expect(problemsOf({ ...production, CORS_ORIGINS: "https://caseworker.state.example", TRUST_PROXY: "10.0.0.0/8" })).toEqual([]);
    // Outside production both are a developer's choice.
    expect(problemsOf({ CORS_ORIGINS: "*", TRUST_PROXY: "true" })).toEqual([]);
  });

  it("refuses a missing CONTENT_SIGNING_SECRET in every authentication mode", () => {
    expect(problemsOf({ ...production, CONTENT_SIGNING_SECRET: undefined })).toEqual(["CONTENT_SIGNING_SECRET"]);
    expect(problemsOf({ ...production, CONTENT_SIGNING_SECRET: undefined, AUTH_SECRET: undefined, AUTH_MODE: "trusted-headers" })).toEqual([
      "CONTENT_SIGNING_SECRET",
    ]);
  });

  it("refuses to start a reference service nobody asked for, and starts them on REFERENCE_SERVICES=on", () => {
    expect(problemsOf({ ...production, ELIGIBILITY_ADAPTER_URL: undefined })).toEqual(["ELIGIBILITY_ADAPTER_URL"]);
    expect(problemsOf({ ...production, DATA_EXCHANGE_AGENCY_URL: "" })).toEqual(["DATA_EXCHANGE_AGENCY_URL"]);
    expect(configurationVerdict({ ...production, ELIGIBILITY_ADAPTER_URL: undefined }).problems[0]!.message).toMatch(
      /or REFERENCE_SERVICES=on/,
    );
    expect(
      problemsOf({ ...production, ELIGIBILITY_ADAPTER_URL: undefined, DATA_EXCHANGE_AGENCY_URL: undefined, REFERENCE_SERVICES: "on" }),
    ).toEqual([]);
    expect(referenceServicesAllowed(production)).toBe(false);
    expect(referenceServicesAllowed({})).toBe(true);
  });

  it("refuses to email notices without a mail server unless NOTICE_EMAIL=off", () => {
    expect(problemsOf({ ...production, SMTP_URL: undefined })).toEqual(["SMTP_URL"]);
    expect(problemsOf({ ...production, SMTP_URL: undefined, NOTICE_EMAIL: "off" })).toEqual([]);
  });

  it("refuses uploads without a scanner unless VIRUS_SCAN=off", () => {
    expect(problemsOf({ ...production, CLAMD_URL: undefined })).toEqual(["CLAMD_URL"]);
    expect(problemsOf({ ...production, CLAMD_URL: undefined, VIRUS_SCAN: "off" })).toEqual([]);
  });

  it("refuses a misspelt platform variable, naming the one it likely meant", () => {
    expect(configurationVerdict({ ...production, DATABSE_URL: "postgresql://db/pap" }).problems).toEqual([
      { variable: "DATABSE_URL", message: "DATABSE_URL is not a platform variable: did you mean DATABASE_URL? Rename it." },
    ]);
  });

  it("names every problem at once", () => {
    expect(problemsOf({ NODE_ENV: "production", PORT: "eighty" })).toEqual([
      "PORT",
      "AUTH_MODE",
      "PERSON_MATCH_KEY",
      "ENCRYPTION_KEYS",
      "CONTENT_SIGNING_SECRET",
      "CLAMD_URL",
      "SMTP_URL",
      "ELIGIBILITY_ADAPTER_URL",
      "DATA_EXCHANGE_AGENCY_URL",
      "PLATFORM_TIME_ZONE",
    ]);
  });
});

describe("the verdict outside production", () => {
  it("asks nothing of a fresh machine", () => {
    expect(configurationVerdict({})).toEqual({ production: false, problems: [], warnings: [] });
  });

  it("refuses values and combinations the platform cannot run with", () => {
    expect(problemsOf({ RATE_LIMIT_MAX: "lots" })).toEqual(["RATE_LIMIT_MAX"]);
    expect(problemsOf({ AUTH_MODE: "jwt" })).toEqual(["AUTH_MODE"]);
    expect(problemsOf({ CONTENT_STORE: "s3" })).toEqual(["S3_BUCKET"]);
    expect(problemsOf({ CONTENT_STORE: "s3", S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "id" })).toEqual(["S3_SECRET_ACCESS_KEY"]);
    expect(problemsOf({ REFERENCE_SERVICES: "off" })).toEqual(["ELIGIBILITY_ADAPTER_URL", "DATA_EXCHANGE_AGENCY_URL"]);
    expect(configurationVerdict({ REFERENCE_SERVICES: "off" }).problems[0]!.message).toMatch(
      /ELIGIBILITY_ADAPTER_URL is not set and REFERENCE_SERVICES=off/,
    );
  });

  it("warns of a misspelt platform variable without refusing", () => {
    expect(configurationVerdict({ PERSON_MATCHKEY: "x" })).toEqual({
      production: false,
      problems: [],
      warnings: [
        {
          variable: "PERSON_MATCHKEY",
          message:
            "PERSON_MATCHKEY is not a platform variable: did you mean PERSON_MATCH_KEY? Rename it (in production this stops the start).",
        },
      ],
    });
  });
});

describe("misspelt variables", () => {
  it.each([
    ["DATABSE_URL", "DATABASE_URL"],
    ["PERSON_MATCHKEY", "PERSON_MATCH_KEY"],
    ["database_url", "DATABASE_URL"],
    ["AUTH_SECRETS", "AUTH_SECRET"],
    ["CONTENT_SIGNING_SECERT", "CONTENT_SIGNING_SECRET"],
    ["POST", "PORT"],
  ])("takes %s for %s", (given, intended) => {
    expect(intendedSetting(given)).toBe(intended);
  });

  it.each(["HOME", "PGPORT", "PATH", "HOSTNAME", "TERM", "NODE_PATH", "TEST_PG_ADMIN_URL", "PORT"])("leaves %s alone", (name) => {
    expect(intendedSetting(name)).toBeUndefined();
  });

  it("counts a swap of two neighbours as one edit", () => {
    expect(editDistance("DATABSAE_URL", "DATABASE_URL")).toBe(1);
    expect(editDistance("HOME", "HOST")).toBe(2);
  });

  it("reads only variables that are set", () => {
    expect(misspeltSettings({ DATABSE_URL: undefined })).toEqual([]);
  });
});

it("prints one line per problem under a heading that says where", () => {
  const text = describeVerdict(configurationVerdict({ ...production, PERSON_MATCH_KEY: "", CLAMD_URL: "" }), "cluster mode");
  expect(text.split("\n")).toEqual([
    "The platform will not start (NODE_ENV=production, cluster mode): 2 problems in its configuration.",
    expect.stringMatching(/^ {2}- PERSON_MATCH_KEY is not set/),
    expect.stringMatching(/^ {2}- NODE_ENV=production needs a virus scanner for document uploads: set CLAMD_URL/),
  ]);
  expect(describeVerdict(configurationVerdict({}), "single mode")).toBe(
    "The configuration is sound (development, single mode): the platform would start.",
  );
});
