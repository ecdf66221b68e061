// Authentication and authorization over REST and GraphQL: 401 with a challenge for a missing or bad
// token, 403 for a role without the permission, and what each role may do with persons, cases,
// appointments and the event log.
import { randomUUID } from "node:crypto";
import type { Role } from "@pap/kernel/auth";
import { bearer, tokenFor } from "../support/auth";
import { expectErrorEnvelope } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { rawEvent } from "../support/live";

const { api } = useTestPlatform("auth_rest");
const as = (roles: Role[]) => bearer(roles, { sub: `idp|${roles.join("+")}`, userId: randomUUID() });
const NONE = { authorization: "" };

describe("authentication", () => {
  it("answers 401 with a Bearer challenge when there is no token", async () => {
    const response = await api.raw("GET", "/persons", undefined, NONE);
    expectErrorEnvelope(response, 401, "UNAUTHORIZED");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="public-assistance-platform"/);
  });

  it.each([
    ["a malformed header", async () => ({ authorization: "Token abc" })],
    ["a token that is not a JWT", async () => ({ authorization: "Bearer nonsense" })],
    ["an expired token", async () => ({ authorization: `Bearer ${await tokenFor(["state_admin"], { lifetimeSeconds: -600 })}` })],
    [
      "a token with a forged signature",
      async () => ({ authorization: `Bearer ${await tokenFor(["state_admin"])}`.replace(/\.[^.]+$/, ".c2lnbmF0dXJl") }),
    ],
  ])("answers 401 for %s", async (_label, headers) => {
    const response = await api.raw("GET", "/persons", undefined, await headers());
    expectErrorEnvelope(response, 401, "UNAUTHORIZED");
    expect(response.headers.get("www-authenticate")).toMatch(/error="/);
  });

  it("ignores X-Caller headers outside trusted-header mode", async () => {
    expectErrorEnvelope(
      await api.raw("GET", "/persons", undefined, { ...NONE, "x-caller-id": "u1", "x-caller-roles": "state_admin" }),
      401,
      "UNAUTHORIZED",
    );
  });

  it("guards GraphQL the same way", async () => {
    const response = await api.raw("POST", "/graphql", { query: "{ persons { total } }" }, NONE);
    expect(response.body.errors[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
    const partner = await api.raw("POST", "/graphql", { query: "{ cases { total } }" }, await as(["partner_readonly"]));
    expect(partner.body.errors[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
  });

  it("guards the event stream before it opens, a resumed one too", async () => {
    expectErrorEnvelope(await api.raw("GET", "/platform/events/stream", undefined, NONE), 401, "UNAUTHORIZED");
    // Resuming reads no head of the log first: the stream must still not open for a refused caller.
    const resumed = await api.raw("GET", "/platform/events/stream", undefined, { ...NONE, "last-event-id": "1" });
    expectErrorEnvelope(resumed, 401, "UNAUTHORIZED");
    expect(resumed.headers.get("www-authenticate")).toMatch(/^Bearer /);
    const applicant = await as(["applicant"]);
    expectErrorEnvelope(await api.raw("GET", "/platform/events/stream", undefined, applicant), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("GET", "/platform/events/stream?lastEventId=1", undefined, applicant), 403, "FORBIDDEN");
  });
});

describe("authorization by role", () => {
  const person = { name: { firstName: "Role", lastName: "Check" } };

  it("lets a partner read applications but never write, nor read the person index", async () => {
    const headers = await as(["partner_readonly"]);
    expect((await api.raw("GET", "/intake/applications", undefined, headers)).status).toBe(200);
    expectErrorEnvelope(await api.raw("GET", "/persons", undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("POST", "/persons", person, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("GET", "/case-management/cases", undefined, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.raw("POST", "/platform/events", {}, headers), 403, "FORBIDDEN");
  });

  it("lets an applicant read the policy registry and nothing about other people", async () => {
    const headers = await as(["applicant"]);
    expect((await api.raw("GET", "/platform/registry/policies", undefined, headers)).status).toBe(200);
    // No person record of their own in the token: an empty list, not everyone's.
    await api.post("/persons", person);
    expect((await api.raw("GET", "/persons", undefined, headers)).body).toMatchObject({ items: [], total: 0 });
    expectErrorEnvelope(await api.raw("GET", "/platform/events", undefined, headers), 403, "FORBIDDEN");
  });

  it("lets an applicant read their own person record, and only that one", async () => {
    const own = (await api.post("/persons", { name: { firstName: "Own", lastName: "Record" } })).body;
    const other = (await api.post("/persons", { name: { firstName: "Some", lastName: "One Else" } })).body;
    const headers = await bearer(["applicant"], { sub: `idp|${randomUUID()}`, userId: randomUUID(), personId: own.id });
    expect((await api.raw("GET", `/persons/${own.id}`, undefined, headers)).body).toEqual(own);
    expectErrorEnvelope(await api.raw("GET", `/persons/${other.id}`, undefined, headers), 403, "FORBIDDEN");
    const list = await api.raw("GET", "/persons?limit=100", undefined, headers);
    expect(list.body).toMatchObject({ total: 1, items: [own] });
    // Reached through the graph from elsewhere, another person is refused all the same.
    const graph = await api.raw(
      "POST",
      "/graphql",
      { query: `query ($a: ID!, $b: ID!) { a: person(id: $a) { id } b: person(id: $b) { id } }`, variables: { a: own.id, b: other.id } },
      headers,
    );
    expect(graph.body.data).toEqual({ a: { id: own.id }, b: null });
    expect(graph.body.errors).toEqual([
      expect.objectContaining({ path: ["b", "id"], extensions: expect.objectContaining({ code: "FORBIDDEN" }) }),
    ]);
    expectErrorEnvelope(await api.raw("PATCH", `/persons/${own.id}`, { nickname: "x" }, headers), 403, "FORBIDDEN");
  });

  it("lets a case worker work cases and read the log, but not publish to it", async () => {
    const headers = await as(["case_worker"]);
    const created = await api.raw("POST", "/persons", person, headers);
    expect(created.status).toBe(201);
    expect((await api.raw("POST", "/case-management/cases", { primaryApplicantId: created.body.id }, headers)).status).toBe(201);
    expect((await api.raw("GET", "/platform/events", undefined, headers)).status).toBe(200);
    expectErrorEnvelope(await api.raw("POST", "/platform/events", {}, headers), 403, "FORBIDDEN");
  });

  it("inherits down the staff hierarchy", async () => {
    for (const role of ["supervisor", "county_admin", "state_admin"] as Role[]) {
      expect((await api.raw("POST", "/persons", person, await as([role]))).status).toBe(201);
    }
  });

  it("lets a service account publish events", async () => {
    const response = await api.raw("POST", "/platform/events", rawEvent(), await as(["system"]));
    expect(response.status).toBe(201);
  });
});

describe("GraphQL limits at the gateway", () => {
  it("refuses an operation nested too deep, before running it", async () => {
    const deep = `{ cases { items { members { person { cases { members { person { cases { members { person { cases { members { id } } } } } } } } } } } } }`;
    const response = await api.raw("POST", "/graphql", { query: deep });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toContain("QUERY_TOO_DEEP");
  });

  it("refuses an operation that could resolve too many fields", async () => {
    // 100 persons × 25 cases × 25 members × 25 cases × 25 members: millions of fields at worst.
    const wide = `{ persons(limit: 100) { items { cases { members { person { cases { members { person { id } } } } } } } } }`;
    const response = await api.raw("POST", "/graphql", { query: wide });
    expect(response.body.errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX" });
  });
});

describe("introspection", () => {
  it("answers only a signed-in caller", async () => {
    const anonymous = await api.raw("POST", "/graphql", { query: "{ __schema { queryType { name } } }" }, { authorization: "" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions).toMatchObject({ code: "UNAUTHENTICATED" });
    const signedIn = await api.raw("POST", "/graphql", { query: "{ __schema { queryType { name } } }" }, await as(["applicant"]));
    expect(signedIn.body).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
  });
});

describe("order of checks", () => {
  it("turns away a caller without a token before looking at the body", async () => {
    expectErrorEnvelope(await api.raw("POST", "/case-management/cases", { nonsense: true }, { authorization: "" }), 401, "UNAUTHORIZED");
    expectErrorEnvelope(
      await api.raw("POST", "/persons", "not json at all", { authorization: "", "content-type": "application/json" }),
      401,
      "UNAUTHORIZED",
    );
  });

  it("turns away a signed-in caller without the permission before parsing or validating the body", async () => {
    const partner = await as(["partner_readonly"]);
    expectErrorEnvelope(
      await api.raw("POST", "/persons", "not json at all", { ...partner, "content-type": "application/json" }),
      403,
      "FORBIDDEN",
    );
    expectErrorEnvelope(await api.raw("POST", "/scheduling/appointments", { startAt: "yesterday" }, partner), 403, "FORBIDDEN");
    // With the permission, the same requests are judged on their content.
    const worker = await as(["case_worker"]);
    expectErrorEnvelope(
      await api.raw("POST", "/persons", "not json at all", { ...worker, "content-type": "application/json" }),
      400,
      "BAD_REQUEST",
    );
    expect((await api.raw("POST", "/scheduling/appointments", { startAt: "yesterday" }, worker)).status).toBe(422);
  });
});
