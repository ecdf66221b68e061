import { contentSettingsFromEnv } from "./settings";

// What every case needs besides the setting under test (the launcher fills these in for development).
const base = { CONTENT_DIRECTORY: "/var/lib/pap/content", CONTENT_SIGNING_SECRET: "s".repeat(32) };

describe("whether uploads are scanned (issue 18: fail closed in production, say so in development)", () => {
  it("scans with the daemon CLAMD_URL names, in development and in production", () => {
    for (const NODE_ENV of ["development", "production", undefined]) {
      expect(contentSettingsFromEnv({ ...base, NODE_ENV, CLAMD_URL: "tcp://127.0.0.1:3310" }).scanner?.address).toBe(
        "tcp://127.0.0.1:3310",
      );
    }
  });

  it("runs without a scanner outside production when CLAMD_URL is unset", () => {
    expect(contentSettingsFromEnv({ ...base }).scanner).toBeUndefined();
    expect(contentSettingsFromEnv({ ...base }).unscannedBecause).toBe("no CLAMD_URL");
    expect(contentSettingsFromEnv({ ...base, NODE_ENV: "development", CLAMD_URL: " " }).scanner).toBeUndefined();
  });

  it("refuses to start in production without a scanner, naming both ways out", () => {
    expect(() => contentSettingsFromEnv({ ...base, NODE_ENV: "production" })).toThrow(
      /NODE_ENV=production needs a virus scanner.*CLAMD_URL.*VIRUS_SCAN=off/,
    );
    expect(() => contentSettingsFromEnv({ ...base, NODE_ENV: "production", VIRUS_SCAN: "on", CLAMD_URL: "" })).toThrow(
      /needs a virus scanner/,
    );
  });

  it("runs without one in production only when VIRUS_SCAN=off says so, even with CLAMD_URL set", () => {
    expect(contentSettingsFromEnv({ ...base, NODE_ENV: "production", VIRUS_SCAN: "off" }).scanner).toBeUndefined();
    expect(contentSettingsFromEnv({ ...base, NODE_ENV: "production", VIRUS_SCAN: "off", CLAMD_URL: "tcp://127.0.0.1:3310" })).toMatchObject(
      { scanner: undefined, unscannedBecause: "VIRUS_SCAN=off" },
    );
  });

  it("refuses a VIRUS_SCAN other than on or off, and a CLAMD_URL that is not tcp://host:port", () => {
    expect(() => contentSettingsFromEnv({ ...base, VIRUS_SCAN: "no" })).toThrow(/VIRUS_SCAN must be on or off/);
    expect(() => contentSettingsFromEnv({ ...base, CLAMD_URL: "clamav:3310" })).toThrow(/CLAMD_URL/);
  });
});

describe("the other content settings", () => {
  it("has the defaults the README gives", () => {
    expect(contentSettingsFromEnv({ ...base })).toMatchObject({ maxBytes: 100 * 1024 * 1024, delivery: "stream", linkTtlSeconds: 300 });
    expect(
      contentSettingsFromEnv({ ...base, CONTENT_DELIVERY: "redirect", CONTENT_MAX_BYTES: "1024", CONTENT_LINK_TTL_SECONDS: "60" }),
    ).toMatchObject({ maxBytes: 1024, delivery: "redirect", linkTtlSeconds: 60 });
  });

  it.each([
    [{ CONTENT_DIRECTORY: "" }, /CONTENT_DIRECTORY/],
    [{ CONTENT_SIGNING_SECRET: "short" }, /CONTENT_SIGNING_SECRET/],
    [{ CONTENT_DELIVERY: "email" }, /CONTENT_DELIVERY/],
    [{ CONTENT_MAX_BYTES: "0" }, /CONTENT_MAX_BYTES/],
    [{ CONTENT_MAX_BYTES: String(2 ** 31) }, /CONTENT_MAX_BYTES/],
    [{ CONTENT_LINK_TTL_SECONDS: "-5" }, /CONTENT_LINK_TTL_SECONDS/],
  ])("refuses %j, naming the setting", (setting, named) => {
    expect(() => contentSettingsFromEnv({ ...base, ...setting })).toThrow(named);
  });
});
