import { callerKey, ConnectionLimiter, rateLimitSettingsFromEnv } from "./rate-limits";

describe("rate limit settings", () => {
  it("are off in development and on in production unless RATE_LIMIT says otherwise", () => {
    expect(rateLimitSettingsFromEnv({}).enabled).toBe(false);
    expect(rateLimitSettingsFromEnv({ NODE_ENV: "production" }).enabled).toBe(true);
    expect(rateLimitSettingsFromEnv({ NODE_ENV: "production", RATE_LIMIT: "false" }).enabled).toBe(false);
    expect(rateLimitSettingsFromEnv({ RATE_LIMIT: "true", RATE_LIMIT_MAX: "7" })).toMatchObject({ enabled: true, max: 7 });
    expect(rateLimitSettingsFromEnv({}).max).toBe(1200);
  });

  it("refuses a limit it cannot use rather than running without the one intended", () => {
    expect(() => rateLimitSettingsFromEnv({ RATE_LIMIT_MAX: "-1" })).toThrow("RATE_LIMIT_MAX must be a positive whole number, not '-1'.");
  });
});

describe("caller keys", () => {
  it("follow the credential, never holding it, else the address", () => {
    const key = callerKey({ authorization: "Bearer secret-token" }, "10.0.0.1");
    expect(key).toMatch(/^authorization:[0-9a-f]{24}$/);
    expect(key).not.toContain("secret");
    expect(callerKey({ authorization: "Bearer secret-token" }, "10.0.0.2")).toBe(key);
    expect(callerKey({ authorization: "Bearer other" }, "10.0.0.1")).not.toBe(key);
    expect(callerKey({}, "10.0.0.1")).toBe("address:10.0.0.1");
  });
});

describe("connection limiter", () => {
  it("gives each caller at most the allowed places, and takes each back once", () => {
    const limiter = new ConnectionLimiter({ enabled: true, maxConnections: 2 });
    const first = limiter.acquire("a", "sse")!;
    const second = limiter.acquire("a", "sse")!;
    expect(limiter.acquire("a", "sse")).toBeUndefined();
    expect(limiter.acquire("b", "sse")).toBeDefined();
    first();
    first();
    expect(limiter.acquire("a", "sse")).toBeDefined();
    expect(limiter.acquire("a", "sse")).toBeUndefined();
    second();
    expect(limiter.refusal()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });

  it("counts nothing when limits are off", () => {
    const limiter = new ConnectionLimiter({ enabled: false, maxConnections: 1 });
    expect([limiter.acquire("a", "sse"), limiter.acquire("a", "sse")].every(Boolean)).toBe(true);
  });
});
