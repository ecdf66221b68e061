import { createAuthenticator, signToken, type AuthSettings } from "../auth";
import { callerIdentifier, ConnectionLimiter, rateLimitSettingsFromEnv } from "./rate-limits";

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

const settings: AuthSettings = {
  mode: "jwt",
  issuer: "urn:test",
  audience: "test",
  algorithms: ["HS256"],
  clockSkewSeconds: 0,
  secret: "a test secret of at least thirty-two characters",
  apiKeys: [],
};
const identify = callerIdentifier(createAuthenticator(settings));
const tokenOf = async (sub: string) => `Bearer ${await signToken(settings, { sub, roles: ["case_worker"] })}`;

describe("caller identity", () => {
  it("is the verified caller, whatever token or address it comes with, and never holds the credential", async () => {
    const [first, second] = [await tokenOf("worker-1"), await tokenOf("worker-1")];
    const key = await identify({ authorization: first }, "10.0.0.1");
    expect(key).toBe("user:worker-1");
    expect(await identify({ authorization: second }, "10.0.0.2")).toBe(key);
    expect(await identify({ authorization: await tokenOf("worker-2") }, "10.0.0.1")).not.toBe(key);
  });

  it("is the address for no credential and for one that does not verify, so made-up tokens share one bucket", async () => {
    expect(await identify({}, "10.0.0.1")).toBe("address:10.0.0.1");
    expect(await identify({ authorization: "Bearer made-up-1" }, "10.0.0.1")).toBe("address:10.0.0.1");
    expect(await identify({ authorization: "Bearer made-up-2" }, "10.0.0.1")).toBe("address:10.0.0.1");
    expect(await identify({ authorization: "Basic abc" }, "10.0.0.3")).toBe("address:10.0.0.3");
  });
});

describe("connection limiter", () => {
  const byAddress = async (_headers: object, address: string) => address;

  it("gives each caller at most the allowed places, and takes each back once", async () => {
    const limiter = new ConnectionLimiter({ enabled: true, maxConnections: 2 }, byAddress);
    const first = (await limiter.acquire({}, "a", "sse"))!;
    const second = (await limiter.acquire({}, "a", "sse"))!;
    expect(await limiter.acquire({}, "a", "sse")).toBeUndefined();
    expect(await limiter.acquire({}, "b", "sse")).toBeDefined();
    first();
    first();
    expect(await limiter.acquire({}, "a", "sse")).toBeDefined();
    expect(await limiter.acquire({}, "a", "sse")).toBeUndefined();
    second();
    expect(limiter.refusal()).toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });

  it("counts one caller's connections together whatever address they come from", async () => {
    const limiter = new ConnectionLimiter({ enabled: true, maxConnections: 1 }, identify);
    const headers = { authorization: await tokenOf("worker-3") };
    expect(await limiter.acquire(headers, "10.0.0.1", "websocket")).toBeDefined();
    expect(await limiter.acquire(headers, "10.0.0.2", "websocket")).toBeUndefined();
  });

  it("counts nothing when limits are off", async () => {
    const limiter = new ConnectionLimiter({ enabled: false, maxConnections: 1 }, byAddress);
    expect((await Promise.all([limiter.acquire({}, "a", "sse"), limiter.acquire({}, "a", "sse")])).every(Boolean)).toBe(true);
  });
});
