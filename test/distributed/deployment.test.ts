// The distributed deployment: each subgraph, the gateway and rest-compat in their own child processes,
// talking HTTP to each other, on a fresh PostgreSQL database. Needs the build (children run gateway/dist).
import { subgraphs } from "@pap/gateway";
import { startDistributedForTest, type RunningDistributed } from "../support/distributed";
import { adminHeaders, bearer } from "../support/auth";
import { httpClient } from "../support/platform";

let running: RunningDistributed | undefined;
let restore = () => {};

beforeAll(async () => {
  ({ running, restore } = await startDistributedForTest("distributed"));
}, 300_000);

afterAll(async () => {
  await running?.stop();
  restore();
}, 120_000);

describe("distributed deployment", () => {
  it("protects a subgraph reached directly, not only through the gateway", async () => {
    const urls = running!.urls as Record<string, string>;
    const ask = async (headers: Record<string, string>) => {
      const response = await fetch(urls["subgraph persons"] as string, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ query: "{ persons { total } }" }),
      });
      return (await response.json()) as { data?: unknown; errors?: Array<{ extensions: { code: string } }> };
    };
    expect((await ask({})).errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
    expect((await ask({ "x-caller-id": "u1", "x-caller-roles": "state_admin" })).errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
    expect((await ask(await bearer(["system"]))).data).toEqual({ persons: { total: expect.any(Number) } });
    expect((await ask(await bearer(["applicant"]))).data).toEqual({ persons: { total: 0 } });
    const refused = await fetch(urls["subgraph persons"] as string, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await bearer(["partner_readonly"])) },
      body: JSON.stringify({ query: 'mutation { deletePerson(id: "00000000-0000-4000-8000-000000000000") }' }),
    });
    expect(((await refused.json()) as { errors?: Array<{ extensions: { code: string } }> }).errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect((await ask(await adminHeaders())).data).toEqual({ persons: { total: expect.any(Number) } });
  });

  it("answers hostile input in the error envelope in every process, and a NUL or a bad value with 4xx", async () => {
    const urls = running!.urls as Record<string, string>;
    const base = (url: string) => url.replace(/\/graphql$/, "");
    const headers = { ...(await adminHeaders()), "content-type": "application/json" };
    for (const origin of [urls.rest!, base(urls.graphql!), base(urls["subgraph persons"]!)]) {
      const badUrl = await fetch(`${origin}/persons/%FF%FE`, { headers });
      expect([badUrl.status, ((await badUrl.json()) as { code: string }).code]).toEqual([400, "BAD_REQUEST"]);
      const deep = await fetch(`${origin}/graphql`, { method: "POST", headers, body: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}` });
      expect([deep.status, ((await deep.json()) as { code: string }).code]).toEqual([400, "BAD_REQUEST"]);
    }
    const rest = httpClient(urls.rest!);
    const nul = await rest.post("/persons", { name: "\u0000" });
    expect([nul.status, nul.body.details]).toEqual([422, [{ field: "name", message: expect.stringContaining("NUL") }]]);
    const literal = await httpClient(base(urls.graphql!)).graphql(`mutation { createPerson(attributes: { name: "a\\u0000" }) { id } }`);
    expect(literal.errors[0].extensions).toMatchObject({ code: "VALIDATION_ERROR", status: 422 });
    const badDate = await httpClient(base(urls.graphql!)).graphql(`{ metrics(from: "true") { total } }`);
    // The subgraph's own validation refuses the literal here (it was sent inline), so the code is its.
    expect(badDate.errors[0].extensions).toMatchObject({
      code: expect.stringMatching(/^(BAD_REQUEST|GRAPHQL_VALIDATION_FAILED)$/),
      status: 400,
    });
  });

  it("serves REST at the rest-compat URL and GraphQL at the gateway URL, each subgraph in its own process", async () => {
    expect(running).toBeDefined();
    const urls = running!.urls as Record<string, string>;
    const subgraphUrls = subgraphs.map((subgraph) => `subgraph ${subgraph.name}`);
    expect(Object.keys(urls).sort()).toEqual(["graphql", "rest", ...subgraphUrls].sort());
    for (const url of [urls.graphql, ...subgraphUrls.map((name) => urls[name])]) {
      expect((await fetch((url as string).replace(/\/graphql$/, "/healthz"))).status).toBe(200);
    }
    expect((await fetch(`${urls.rest}/readyz`)).status).toBe(200);
  });

  it("serves the dashboard and the GraphQL IDE where the graph is, with their assets", async () => {
    const gateway = running!.urls.graphql!.replace(/\/graphql$/, "");
    const page = await fetch(`${gateway}/dashboard`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const asset of ["/dashboard/assets/dashboard.js", "/dashboard/assets/dashboard.css"]) {
      expect(html).toContain(asset);
      expect((await fetch(`${gateway}${asset}`)).status).toBe(200);
    }
    expect((await fetch(`${gateway}/graphql-ide/graphiql.js`)).status).toBe(200);
  });

  it("keeps Idempotency-Keys in the REST process too: a retried create is answered the first answer, and holds If-Match", async () => {
    const rest = httpClient((running!.urls as Record<string, string>).rest as string);
    const key = { "idempotency-key": "distributed-create-1" };
    const first = await rest.post("/persons", { name: { firstName: "Ada", lastName: "Retried" } }, key);
    const retry = await rest.post("/persons", { name: { firstName: "Ada", lastName: "Retried" } }, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    const stale = `"${first.body.id}:1"`;
    expect((await rest.patch(`/persons/${first.body.id}`, { nickname: "A" }, { "if-match": stale })).status).toBe(412);
    expect((await rest.patch(`/persons/${first.body.id}`, { nickname: "A" }, { "if-match": first.headers.get("etag")! })).status).toBe(200);
  });

  it("creates a person and a case through REST and reads them, linked, through the gateway", async () => {
    const urls = running!.urls as Record<string, string>;
    const rest = httpClient(urls.rest as string);
    const person = await rest.post("/persons", { name: { firstName: "Grace", lastName: "Hopper" }, email: "grace@example.org" });
    expect(person.status).toBe(201);
    expect((await rest.get(`/persons/${person.body.id}`)).body).toEqual(person.body);
    // Links the platform hands out name the REST surface, which here has a port of its own.
    const found = await rest.get("/platform/search?q=grace%20hopper&types=person");
    expect(found.body.items).toEqual([expect.objectContaining({ id: person.body.id, url: `${urls.rest}/persons/${person.body.id}` })]);
    expect((await fetch(found.body.items[0].url, { headers: await adminHeaders() })).status).toBe(200);
    const created = await rest.post("/case-management/cases", {
      effectiveStartDate: "2025-10-01",
      primaryApplicantId: person.body.id,
      members: [{ personId: person.body.id, relationship: "self" }],
    });
    expect(created.status).toBe(201);
    const visit = await rest.post("/scheduling/appointments", {
      personId: person.body.id,
      startAt: "2026-01-10T15:00:00Z",
      endAt: "2026-01-10T15:30:00Z",
      appointmentType: "Intake interview",
    });
    expect(visit.status).toBe(201);

    const response = await fetch(urls.graphql as string, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await adminHeaders()) },
      body: JSON.stringify({
        query: `query ($person: ID!, $case: ID!) {
          person(id: $person) { id attributes cases { id } appointments { id appointmentType } }
          case(id: $case) { id status primaryApplicant { attributes } members { relationship person { id } } }
        }`,
        variables: { person: person.body.id, case: created.body.id },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        person: {
          id: person.body.id,
          attributes: { name: { firstName: "Grace", lastName: "Hopper" }, email: "grace@example.org" },
          cases: [{ id: created.body.id }],
          appointments: [{ id: visit.body.id, appointmentType: "Intake interview" }],
        },
        case: {
          id: created.body.id,
          status: "active",
          primaryApplicant: { attributes: { name: { firstName: "Grace", lastName: "Hopper" }, email: "grace@example.org" } },
          members: [{ relationship: "self", person: { id: person.body.id } }],
        },
      },
    });
  });

  it("carries the identity provider's API key through rest-compat and the gateway to the identity process", async () => {
    const rest = httpClient((running!.urls as Record<string, string>).rest as string);
    const created = await rest.post("/identity-access/users", {
      idpSubject: "idp|distributed",
      email: "d@agency.example.gov",
      role: "supervisor",
    });
    expect(created.status).toBe(201);
    const claims = await rest.raw("GET", "/identity-access/token/claims/idp%7Cdistributed", undefined, {
      authorization: "",
      "x-api-key": "test-idp-api-key-1",
    });
    expect(claims.body).toMatchObject({ userId: created.body.id, role: "supervisor" });
  });

  it("passes errors from a subgraph process through the gateway and rest-compat unchanged", async () => {
    const urls = running!.urls as Record<string, string>;
    const rest = httpClient(urls.rest as string);
    const missing = await rest.get("/case-management/cases/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "NOT_FOUND", message: expect.any(String) });
    const invalid = await rest.get(`/case-management/cases?q=${encodeURIComponent("status:")}`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_QUERY");
  });

  it("stops every process", async () => {
    const urls = running!.urls as Record<string, string>;
    await running!.stop();
    running = undefined;
    for (const url of [urls.graphql, urls.rest, urls["subgraph persons"]]) {
      await expect(fetch((url as string).replace(/\/graphql$/, "/healthz"))).rejects.toThrow();
    }
  });
});
