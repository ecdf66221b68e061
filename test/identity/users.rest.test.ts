// The identity domain over REST (SPEC §4.8): linking identity-provider subjects to roles and
// counties, `me`, soft delete, the guards against administrators reaching beyond their own grants,
// and the token-claims lookup the identity provider makes with its API key.
import { randomUUID } from "node:crypto";
import type { Role } from "@pap/kernel/auth";
import { bearer } from "../support/auth";
import {
  expectErrorEnvelope,
  expectListEnvelope,
  expectValidationError,
  ISO_DATE_TIME,
  listPath,
  MISSING_ID,
  UUID_PATTERN,
} from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";
import { created } from "../support/creators";

const { api } = useTestPlatform("identity_rest");
const USERS = "/identity-access/users";
const NONE = { authorization: "" };
const API_KEY = { authorization: "", "x-api-key": "test-idp-api-key-2" };

const subject = () => `idp|${randomUUID()}`;
/** A valid UserCreate; a case worker unless the overrides name roles. */
const newUser = (overrides: Record<string, unknown> = {}) => ({
  idpSubject: subject(),
  email: `${randomUUID().slice(0, 8)}@agency.example.gov`,
  ...("role" in overrides || "roles" in overrides ? {} : { role: "case_worker" }),
  ...overrides,
});

const createUser = (overrides: Record<string, unknown> = {}) => created(api, USERS, newUser(overrides));

/** A token for an account: its userId and subject, the roles it holds, the counties it is scoped to. */
const tokenOf = (user: { id: string; idpSubject: string; roles: Array<{ name: Role }>; counties?: string[] }, counties?: string[]) =>
  bearer(
    user.roles.map((role) => role.name),
    { sub: user.idpSubject, userId: user.id, counties: counties ?? user.counties },
  );

describe("creating users", () => {
  it("accepts a user sent back as the API shows it: userId, status, roles as { name, permissions }, preferences and ui are ignored or read", async () => {
    const read = (await api.post(USERS, newUser({ role: "case_worker", roles: ["supervisor"] }))).body;
    const { idpSubject: _subject, email: _email, ...shown } = read;
    const copy = await api.post(USERS, { ...shown, ...newUser({}) });
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(read.id);
    expect(copy.body.userId).toBe(copy.body.id);
    expect(copy.body.roles.map((role: { name: string }) => role.name).sort()).toEqual(["case_worker", "supervisor"]);
    expect(copy.body.status).toBe("active");
    const updated = await api.patch(`${USERS}/${read.id}`, { ...read, name: "Renamed" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: read.id, name: "Renamed", status: "active" });
  });

  it("links a subject to roles and counties, answering 201 with Location and the roles' permissions", async () => {
    const body = newUser({ name: "Dana Reyes", role: "case_worker", roles: ["supervisor"], counties: ["06075", "06001"] });
    const response = await api.post(USERS, body);
    expect(response.status).toBe(201);
    const user = response.body;
    expect(user).toMatchObject({
      idpSubject: body.idpSubject,
      email: body.email,
      name: "Dana Reyes",
      status: "active",
      counties: ["06075", "06001"],
      organizationId: null,
      preferences: {},
      ui: {},
    });
    expect(user.id).toMatch(UUID_PATTERN);
    expect(user.userId).toBe(user.id);
    expect(user.createdAt).toMatch(ISO_DATE_TIME);
    expect(response.headers.get("location")).toBe(`${USERS}/${user.id}`);
    // `role` and `roles` together, each named once.
    expect(user.roles.map((role: { name: string }) => role.name)).toEqual(["case_worker", "supervisor"]);
    const supervisor = user.roles.find((role: { name: string }) => role.name === "supervisor");
    expect(supervisor.permissions).toEqual(expect.arrayContaining(["persons:read", "cases:update", "appointments:create"]));
    expect(supervisor.permissions).not.toContain("users:create");
    expect((await api.get(`${USERS}/${user.id}`)).body).toEqual(user);
  });

  it("records identity.user.created with the caller as actor", async () => {
    const user = await createUser();
    const [created] = await eventsOf(api, user.id);
    expect(created).toMatchObject({
      type: "identity.user.created",
      source: "/identity-access",
      authid: "00000000-0000-4000-8000-00000000ad01",
      authtype: "user",
    });
    expect(created!.data).toMatchObject({ id: user.id, idpSubject: user.idpSubject, roles: ["case_worker"] });
  });

  it("answers 409 for a subject already linked, and creates nothing", async () => {
    const first = await createUser();
    const response = await api.post(USERS, newUser({ idpSubject: first.idpSubject }));
    expect(expectErrorEnvelope(response, 409, "CONFLICT").details).toEqual([
      { field: "idpSubject", message: "is already linked to a user" },
    ]);
    expect((await api.get(listPath(USERS, { q: `idpSubject:"${first.idpSubject}"` }))).body.total).toBe(1);
  });

  it("gives exactly one 201 when two creates race for one subject", async () => {
    const body = newUser();
    const statuses = (await Promise.all([api.post(USERS, body), api.post(USERS, body), api.post(USERS, body)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ["no role", { role: undefined }, "role"],
    ["an unknown role", { role: "superuser" }, "role"],
    ["a bad email", { email: "not-an-email" }, "email"],
    ["a county that is not a FIPS code", { counties: ["Alameda"] }, "counties.0"],
    ["an empty subject", { idpSubject: "" }, "idpSubject"],
    ["an unknown field", { favouriteColour: "teal" }, "favouriteColour"],
  ])("answers 422 for %s", async (_label, overrides, field) => {
    expectValidationError(await api.post(USERS, newUser(overrides)), field);
  });

  it("answers 400 for a body that is not an object", async () => {
    expectErrorEnvelope(await api.post(USERS, "[1]"), 400, "BAD_REQUEST");
  });
});

describe("administrators reach no further than their own grants", () => {
  it("lets a county administrator make case workers and supervisors, but not state administrators or system accounts", async () => {
    const admin = await tokenOf(await createUser({ role: "county_admin" }), []);
    expect((await api.post(USERS, newUser({ role: "supervisor" }), admin)).status).toBe(201);
    for (const role of ["state_admin", "system", "partner_readonly"]) {
      const body = expectErrorEnvelope(await api.post(USERS, newUser({ role }), admin), 403, "FORBIDDEN");
      expect(body.message).toContain(role);
    }
  });

  it("confines a county-scoped administrator to their counties", async () => {
    const admin = await tokenOf(await createUser({ role: "county_admin", counties: ["06075"] }));
    expect((await api.post(USERS, newUser({ counties: ["06075"] }), admin)).status).toBe(201);
    expectErrorEnvelope(await api.post(USERS, newUser({ counties: ["06001"] }), admin), 403, "FORBIDDEN");
    const elsewhere = await createUser({ counties: ["06001"] });
    expectErrorEnvelope(await api.patch(`${USERS}/${elsewhere.id}`, { name: "Moved" }, admin), 403, "FORBIDDEN");
    expect((await api.get(`${USERS}/${elsewhere.id}`)).body.name).toBeNull();
  });

  it("lets nobody change their own roles or status", async () => {
    const admin = await createUser({ role: "county_admin" });
    const headers = await tokenOf(admin, []);
    expectErrorEnvelope(await api.patch(`${USERS}/${admin.id}`, { role: "state_admin" }, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.patch(`${USERS}/${admin.id}`, { status: "suspended" }, headers), 403, "FORBIDDEN");
    expect((await api.get(`${USERS}/${admin.id}`)).body).toMatchObject({ status: "active", roles: [{ name: "county_admin" }] });
  });

  it("does not let an administrator take away a role they could not grant", async () => {
    const stateAdmin = await createUser({ role: "state_admin" });
    const countyAdmin = await tokenOf(await createUser({ role: "county_admin" }), []);
    expectErrorEnvelope(await api.patch(`${USERS}/${stateAdmin.id}`, { role: "case_worker" }, countyAdmin), 403, "FORBIDDEN");
  });
});

describe("reading and listing users", () => {
  it("answers 404 for an unknown id, and for one that is not a uuid", async () => {
    expectErrorEnvelope(await api.get(`${USERS}/${MISSING_ID}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${USERS}/nope`), 404, "NOT_FOUND");
  });

  it("filters by role, county and status through q, newest change first by default", async () => {
    const county = String(10_000 + Math.floor(Math.random() * 89_999));
    const worker = await createUser({ role: "case_worker", counties: [county] });
    const supervisor = await createUser({ roles: ["supervisor", "partner_readonly"], counties: [county, "06075"] });
    const suspended = await createUser({ role: "case_worker", counties: [county] });
    await api.patch(`${USERS}/${suspended.id}`, { status: "suspended" });
    const ids = async (q: string, sort?: string) =>
      (await api.get(listPath(USERS, { q, sort }))).body.items.map((user: { id: string }) => user.id);

    expect(await ids(`county:${county}`)).toEqual([suspended.id, supervisor.id, worker.id]);
    expect(await ids(`county:${county} role:supervisor`)).toEqual([supervisor.id]);
    expect(await ids(`county:${county} roles.name:case_worker,supervisor status:active`, "createdAt")).toEqual([worker.id, supervisor.id]);
    expect(await ids(`county:${county} -role:case_worker`)).toEqual([supervisor.id]);
    expect(await ids(`county:${county} status:suspended`)).toEqual([suspended.id]);
    expect(await ids(`counties:${county},06075 role:partner`)).toEqual([supervisor.id]);
  });

  it("pages with the list envelope and refuses sorting by a field that is not sortable", async () => {
    await createUser();
    await createUser();
    const items = expectListEnvelope(await api.get(listPath(USERS, { limit: 1 })), {
      total: expect.any(Number) as never,
      limit: 1,
      offset: 0,
      hasNext: true,
    });
    expect(items).toHaveLength(1);
    expectErrorEnvelope(await api.get(listPath(USERS, { sort: "email" })), 400, "FIELD_NOT_SORTABLE");
    expectErrorEnvelope(await api.get(listPath(USERS, { sort: "shoeSize" })), 400, "INVALID_SORT_FIELD");
    expectErrorEnvelope(await api.get(listPath(USERS, { q: "county:06*" })), 400, "INVALID_QUERY");
  });
});

describe("me", () => {
  it("is the caller's own account, found by the token's userId or else its subject", async () => {
    const user = await createUser({ role: "case_worker" });
    expect((await api.raw("GET", `${USERS}/me`, undefined, await tokenOf(user))).status).toBe(200);
    const bySubject = await api.raw(
      "GET",
      `${USERS}/me`,
      undefined,
      await bearer(["case_worker"], { sub: user.idpSubject, userId: "not-a-uuid" }),
    );
    expect(bySubject.body.id).toBe(user.id);
  });

  it("answers 404 saying the caller has no account, when its token matches none", async () => {
    const stranger = await api.raw("GET", `${USERS}/me`, undefined, await bearer(["case_worker"], { sub: subject() }));
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ code: "NOT_FOUND", message: expect.stringContaining("no user account") });
  });

  it("needs only a signed-in caller: a case worker reads themselves but not others", async () => {
    const user = await createUser({ role: "case_worker" });
    const other = await createUser();
    const headers = await tokenOf(user);
    expect((await api.raw("GET", `${USERS}/me`, undefined, headers)).body).toMatchObject({ id: user.id, email: user.email });
    expectErrorEnvelope(await api.raw("GET", `${USERS}/${other.id}`, undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("GET", USERS, undefined, headers), 403, "FORBIDDEN");
  });

  it("answers 401 without a token and 404 when the caller's identity is linked to no account", async () => {
    const response = await api.raw("GET", `${USERS}/me`, undefined, NONE);
    expectErrorEnvelope(response, 401, "UNAUTHORIZED");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expectErrorEnvelope(
      await api.raw("GET", `${USERS}/me`, undefined, await bearer(["case_worker"], { sub: subject(), userId: randomUUID() })),
      404,
      "NOT_FOUND",
    );
  });

  it("changes only the caller's own preferences, and records the change", async () => {
    const user = await createUser({ role: "case_worker" });
    const headers = await tokenOf(user);
    const response = await api.raw("PATCH", `${USERS}/me`, { preferences: { theme: "dark", pageSize: 50 } }, headers);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, preferences: { theme: "dark", pageSize: 50 }, roles: [{ name: "case_worker" }] });
    const updated = (await eventsOf(api, user.id)).find((event) => event.type === "identity.user.updated");
    expect(updated).toMatchObject({
      authid: user.id,
      data: { changes: [{ field: "preferences", before: {}, after: { theme: "dark", pageSize: 50 } }] },
    });
  });

  it("refuses with 403 a change of roles, status or counties through me, changing nothing", async () => {
    const user = await createUser({ role: "case_worker" });
    const headers = await tokenOf(user);
    for (const body of [{ role: "state_admin" }, { status: "active", preferences: {} }, { counties: ["06075"] }]) {
      expectErrorEnvelope(await api.raw("PATCH", `${USERS}/me`, body, headers), 403, "FORBIDDEN");
    }
    expect((await api.get(`${USERS}/${user.id}`)).body).toMatchObject({ roles: [{ name: "case_worker" }], counties: [], status: "active" });
    expectValidationError(await api.raw("PATCH", `${USERS}/me`, { preferences: "dark" }, headers), "preferences");
    expectErrorEnvelope(await api.raw("PATCH", `${USERS}/me`, {}, headers), 400, "BAD_REQUEST");
  });
});

describe("updating users", () => {
  it("changes roles, status and counties, recording each change with before and after", async () => {
    const user = await createUser({ role: "case_worker" });
    const response = await api.patch(`${USERS}/${user.id}`, { roles: ["supervisor"], counties: ["06075"], status: "suspended" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ roles: [{ name: "supervisor" }], counties: ["06075"], status: "suspended" });
    const updated = (await eventsOf(api, user.id)).find((event) => event.type === "identity.user.updated")!;
    expect(updated.data.changes).toEqual(
      expect.arrayContaining([
        { field: "roles", before: ["case_worker"], after: ["supervisor"] },
        { field: "status", before: "active", after: "suspended" },
      ]),
    );
  });

  it("accepts the roles it shows (Role objects) back in an update", async () => {
    const user = await createUser({ role: "case_worker" });
    const response = await api.patch(`${USERS}/${user.id}`, { roles: [{ name: "supervisor", permissions: [] }] });
    expect(response.body.roles.map((role: { name: string }) => role.name)).toEqual(["supervisor"]);
  });

  it("keeps the identity-provider subject fixed", async () => {
    const user = await createUser();
    expectValidationError(await api.patch(`${USERS}/${user.id}`, { idpSubject: subject() }), "idpSubject");
    expect((await api.get(`${USERS}/${user.id}`)).body.idpSubject).toBe(user.idpSubject);
  });

  it("answers 404 for an unknown user and 422 for an unknown status", async () => {
    expectErrorEnvelope(await api.patch(`${USERS}/${MISSING_ID}`, { name: "x" }), 404, "NOT_FOUND");
    const user = await createUser();
    expectValidationError(await api.patch(`${USERS}/${user.id}`, { status: "deleted" }), "status");
  });
});

describe("deleting users (soft delete)", () => {
  it("sets the status to inactive, keeps the record, answers 204 and records the deactivation once", async () => {
    const user = await createUser();
    const response = await api.delete(`${USERS}/${user.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await api.get(`${USERS}/${user.id}`)).body).toMatchObject({ id: user.id, status: "inactive" });
    expect((await api.delete(`${USERS}/${user.id}`)).status).toBe(204);
    const deactivations = (await eventsOf(api, user.id)).filter((event) => event.type === "identity.user.deactivated");
    expect(deactivations).toEqual([expect.objectContaining({ data: { userId: user.id, previousStatus: "active" } })]);
  });

  it("is the state administrator's: a county administrator gets 403", async () => {
    const user = await createUser();
    const countyAdmin = await tokenOf(await createUser({ role: "county_admin" }), []);
    expectErrorEnvelope(await api.delete(`${USERS}/${user.id}`, countyAdmin), 403, "FORBIDDEN");
    expect((await api.get(`${USERS}/${user.id}`)).body.status).toBe("active");
  });

  it("does not let an administrator deactivate themselves, and answers 404 for an unknown user", async () => {
    const admin = await createUser({ role: "state_admin" });
    expectErrorEnvelope(await api.delete(`${USERS}/${admin.id}`, await tokenOf(admin)), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.delete(`${USERS}/${MISSING_ID}`), 404, "NOT_FOUND");
  });
});

describe("token claims (identity provider, API key)", () => {
  const claimsPath = (sub: string) => `/identity-access/token/claims/${encodeURIComponent(sub)}`;

  it("returns the role, roles with permissions, every permission and the county scope", async () => {
    const user = await createUser({ role: "county_admin", counties: ["06075"], name: "Kim Ode" });
    const response = await api.raw("GET", claimsPath(user.idpSubject), undefined, API_KEY);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      sub: user.idpSubject,
      userId: user.id,
      role: "county_admin",
      counties: ["06075"],
      email: user.email,
      name: "Kim Ode",
    });
    expect(response.body.permissions).toEqual(
      expect.arrayContaining(["users:create", "users:update", "users:read", "persons:read", "cases:create"]),
    );
    expect(response.body.permissions).not.toContain("users:deactivate");
    expect(response.body.roles).toEqual([{ name: "county_admin", permissions: response.body.permissions }]);
  });

  it("issues claims a token can carry: a token made from them is accepted with those roles", async () => {
    const user = await createUser({ role: "supervisor" });
    const claims = (await api.raw("GET", claimsPath(user.idpSubject), undefined, API_KEY)).body;
    const headers = await bearer(
      claims.roles.map((role: { name: Role }) => role.name),
      { sub: claims.sub, userId: claims.userId },
    );
    expect((await api.raw("GET", `${USERS}/me`, undefined, headers)).body.id).toBe(user.id);
    expect((await api.raw("GET", "/persons", undefined, headers)).status).toBe(200);
  });

  it("answers 401 without a key, with a wrong key, and with a user token instead of a key", async () => {
    const user = await createUser();
    expectErrorEnvelope(await api.raw("GET", claimsPath(user.idpSubject), undefined, NONE), 401, "UNAUTHORIZED");
    expectErrorEnvelope(
      await api.raw("GET", claimsPath(user.idpSubject), undefined, { ...API_KEY, "x-api-key": "guess" }),
      401,
      "UNAUTHORIZED",
    );
    expectErrorEnvelope(await api.raw("GET", claimsPath(user.idpSubject), undefined, await bearer(["state_admin"])), 401, "UNAUTHORIZED");
  });

  it("answers 404 for an unknown subject and for an account that is not active", async () => {
    expectErrorEnvelope(await api.raw("GET", claimsPath(subject()), undefined, API_KEY), 404, "NOT_FOUND");
    const user = await createUser();
    await api.delete(`${USERS}/${user.id}`);
    expectErrorEnvelope(await api.raw("GET", claimsPath(user.idpSubject), undefined, API_KEY), 404, "NOT_FOUND");
  });

  it("opens nothing else to the key", async () => {
    expectErrorEnvelope(await api.raw("GET", "/persons", undefined, API_KEY), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("GET", `${USERS}/me`, undefined, API_KEY), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("POST", USERS, newUser(), API_KEY), 403, "FORBIDDEN");
  });
});

describe("the graph", () => {
  it("walks from an account to its person record", async () => {
    const person = (await api.post("/persons", { name: { firstName: "Ana", lastName: "Linked" } })).body;
    const user = await createUser({ role: "applicant", personId: person.id });
    const result = await api.graphql(`query ($id: ID!) { user(id: $id) { email person { id attributes } } }`, { id: user.id });
    expect(result.data.user).toEqual({
      email: user.email,
      person: { id: person.id, attributes: { name: { firstName: "Ana", lastName: "Linked" } } },
    });
  });

  it("gives an applicant, through the claims' personId, their own person record and no one else's", async () => {
    const own = (await api.post("/persons", { name: { firstName: "Ana", lastName: "Own" } })).body;
    const user = await createUser({ role: "applicant", personId: own.id });
    const claims = (await api.raw("GET", `/identity-access/token/claims/${encodeURIComponent(user.idpSubject)}`, undefined, API_KEY)).body;
    expect(claims).toMatchObject({ role: "applicant", personId: own.id, permissions: expect.arrayContaining(["persons:read:own"]) });
    expect(claims.permissions).not.toContain("persons:read");
    const headers = await bearer(["applicant"], { sub: claims.sub, userId: claims.userId, personId: claims.personId });
    const mine = await api.raw("POST", "/graphql", { query: "{ me { id person { attributes } } }" }, headers);
    expect(mine.body).toEqual({ data: { me: { id: user.id, person: { attributes: { name: { firstName: "Ana", lastName: "Own" } } } } } });
    expect((await api.raw("GET", "/persons", undefined, headers)).body.items.map((person: { id: string }) => person.id)).toEqual([own.id]);
  });
});
