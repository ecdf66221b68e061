import { ApiError } from "@pap/core";
import { createAuthenticator, signToken } from "./authenticate";
import { permissionsOf, roleWithInherited, type PermissionTable } from "./roles";
import { authSettingsFromEnv, rolesFrom } from "./settings";

const table: PermissionTable = {
  "persons:read": ["case_worker", "partner_readonly", "applicant"],
  "persons:update": ["case_worker"],
  "users:create": ["county_admin"],
  "users:deactivate": [],
  "applications:read:verification-facts": ["agency_adapter"],
};

describe("roles and permissions", () => {
  it("follow the staff hierarchy, with state_admin holding everything", () => {
    expect(roleWithInherited("county_admin").sort()).toEqual(["case_worker", "county_admin", "supervisor"]);
    expect([...permissionsOf(["supervisor"], [table])].sort()).toEqual(["persons:read", "persons:update"]);
    expect([...permissionsOf(["county_admin"], [table])].sort()).toEqual(["persons:read", "persons:update", "users:create"]);
    expect([...permissionsOf(["state_admin"], [table])].sort()).toEqual([
      "persons:read",
      "persons:update",
      "users:create",
      "users:deactivate",
    ]);
  });

  it("give partners and applicants only what is granted to them by name", () => {
    expect([...permissionsOf(["partner_readonly"], [table])]).toEqual(["persons:read"]);
    expect([...permissionsOf(["applicant"], [table])]).toEqual(["persons:read"]);
    expect([...permissionsOf([], [table])]).toEqual([]);
  });

  it("keep what only a service role is granted to it, beyond even state_admin", () => {
    expect([...permissionsOf(["agency_adapter"], [table])]).toEqual(["applications:read:verification-facts"]);
    expect(permissionsOf(["state_admin"], [table]).has("applications:read:verification-facts")).toBe(false);
    expect(permissionsOf(["system"], [table]).has("applications:read:verification-facts")).toBe(false);
  });

  it("read role names from tokens and headers, ignoring unknown ones and service roles", () => {
    expect(rolesFrom([{ name: "supervisor", permissions: [] }, "case_worker", "root"])).toEqual(["supervisor", "case_worker"]);
    expect(rolesFrom(" system , nobody")).toEqual(["system"]);
    expect(rolesFrom(["agency_adapter", "case_worker"])).toEqual(["case_worker"]);
    expect(rolesFrom("agency_adapter")).toEqual([]);
    expect(rolesFrom({ name: "county_admin", permissions: ["users:create"] })).toEqual(["county_admin"]);
  });
});

describe("authentication", () => {
  const settings = authSettingsFromEnv({ AUTH_SECRET: "test-secret-of-enough-length-0123456789", AUTH_ISSUER: "https://idp.test" });
  const authenticate = createAuthenticator(settings);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const statusOf = async (work: Promise<unknown>) =>
    work.then(
      () => 200,
      (error) => (error instanceof ApiError ? `${error.status} ${error.code}` : String(error)),
    );

  it("accepts a token signed with the configured key, for its issuer and audience", async () => {
    const token = await signToken(settings, {
      sub: "idp|42",
      userId: "8d3c0000-0000-4000-8000-000000000042",
      roles: ["case_worker"],
      counties: ["06037"],
    });
    expect(await authenticate(bearer(token))).toEqual({
      kind: "user",
      id: "8d3c0000-0000-4000-8000-000000000042",
      subject: "idp|42",
      roles: ["case_worker"],
      counties: ["06037"],
    });
  });

  it("treats a request without credentials as anonymous, and answers 401 for a bad one", async () => {
    expect((await authenticate({})).kind).toBe("unauthenticated");
    const other = authSettingsFromEnv({ AUTH_SECRET: "another-secret-of-enough-length-012345", AUTH_ISSUER: "https://idp.test" });
    expect(await statusOf(authenticate(bearer(await signToken(other, { sub: "x", roles: [] }))))).toBe("401 UNAUTHORIZED");
    expect(await statusOf(authenticate(bearer(await signToken({ ...settings, audience: "someone-else" }, { sub: "x", roles: [] }))))).toBe(
      "401 UNAUTHORIZED",
    );
    expect(
      await statusOf(authenticate(bearer(await signToken({ ...settings, issuer: "https://evil.test" }, { sub: "x", roles: [] })))),
    ).toBe("401 UNAUTHORIZED");
    expect(await statusOf(authenticate(bearer(await signToken(settings, { sub: "x", roles: [] }, -120))))).toBe("401 UNAUTHORIZED");
    expect(await statusOf(authenticate(bearer("not.a.token")))).toBe("401 UNAUTHORIZED");
    expect(await statusOf(authenticate({ authorization: "Basic dXNlcjpwYXNz" }))).toBe("401 UNAUTHORIZED");
  });

  it("believes X-Caller headers only in trusted-header mode", async () => {
    const headers = { "x-caller-id": "u-1", "x-caller-roles": "supervisor" };
    expect((await authenticate(headers)).kind).toBe("unauthenticated");
    const behindProxy = createAuthenticator(authSettingsFromEnv({ AUTH_MODE: "trusted-headers" }));
    expect(await behindProxy(headers)).toEqual({ kind: "user", id: "u-1", roles: ["supervisor"], counties: [] });
    expect((await behindProxy({ "x-caller-id": "svc", "x-caller-roles": "system" })).kind).toBe("service_account");
    // The counties a proxy confines its caller to, as a token's claim would.
    expect((await behindProxy({ ...headers, "x-caller-counties": "06001, Marin" })).counties).toEqual(["06001", "Marin"]);
    // A partner's agreement, as a token's `programs` and `sharesIdentifiers` claims would carry it.
    const partner = { "x-caller-id": "p-1", "x-caller-roles": "partner_readonly" };
    expect(await behindProxy({ ...partner, "x-caller-programs": "medicaid, chip", "x-caller-shares-identifiers": "true" })).toMatchObject({
      programs: ["medicaid", "chip"],
      sharesIdentifiers: true,
    });
    expect(await behindProxy(partner)).not.toHaveProperty("sharesIdentifiers");
  });

  it("accepts a configured API key as an api_key principal holding no role, naming it by a digest", async () => {
    const withKeys = createAuthenticator(
      authSettingsFromEnv({ AUTH_SECRET: "test-secret-of-enough-length-0123456789", AUTH_API_KEYS: "key-one, key-two" }),
    );
    const principal = await withKeys({ "x-api-key": "key-two" });
    expect(principal).toEqual({ kind: "api_key", id: expect.stringMatching(/^api-key:[0-9a-f]{12}$/), roles: [], counties: [] });
    expect(principal.id).not.toContain("key-two");
    expect(await statusOf(withKeys({ "x-api-key": "key-three" }))).toBe("401 UNAUTHORIZED");
    // With no keys configured, no key is accepted.
    expect(await statusOf(authenticate({ "x-api-key": "" }))).toBe("401 UNAUTHORIZED");
    // A user credential wins over a key sent beside it.
    const token = await signToken(settings, { sub: "idp|7", roles: ["case_worker"] });
    expect((await withKeys({ ...bearer(token), "x-api-key": "key-one" })).kind).toBe("user");
  });

  it("chooses development mode only when nothing is configured, and refuses a jwt mode without a key", () => {
    expect(authSettingsFromEnv({}).mode).toBe("development");
    expect(authSettingsFromEnv({ AUTH_JWKS_URI: "https://idp.test/jwks" })).toMatchObject({ mode: "jwt", algorithms: ["RS256", "ES256"] });
    expect(() => authSettingsFromEnv({ AUTH_MODE: "jwt" })).toThrow(/needs/);
  });
});
