/**
 * Input no client should be able to turn into a 5xx, answered in the error envelope: text PostgreSQL
 * cannot store, absurd nesting, malformed URLs, requests Node's parser refuses, GraphQL documents
 * that name no single operation or nest thousands of levels deep, and floods of aliases. Each case
 * here once answered 500 or a body that was not the envelope.
 */
import http from "node:http";
import { createClient } from "graphql-ws/client";
import WebSocket from "ws";
import { adminHeaders } from "../support/auth";
import { useTestPlatform } from "../support/platform";

const { api, url } = useTestPlatform("hardening");

/** Sends exactly these bytes as the request line's target and body (fetch would normalise or refuse them). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  const target = new URL(url());
  return new Promise((resolve, reject) => {
    const request = http.request({ host: target.hostname, port: target.port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

const isEnvelope = (body: any) =>
  typeof body?.code === "string" &&
  typeof body?.message === "string" &&
  (body.details === undefined ||
    (Array.isArray(body.details) &&
      body.details.every((detail: any) => typeof detail.field === "string" && typeof detail.message === "string")));

const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

let taskId: string;
let appointmentId: string;

beforeAll(async () => {
  const person = await api.post("/persons", { name: { firstName: "Ada" } });
  const appointment = await api.post("/scheduling/appointments", {
    personId: person.body.id,
    appointmentType: "interview",
    startAt: "2026-12-01T10:00:00Z",
    endAt: "2026-12-01T11:00:00Z",
  });
  appointmentId = appointment.body.id;
  const task = await api.post("/workflow/tasks", { name: "Review" });
  taskId = task.body.id;
});

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["POST", "/persons", { name: "\u0000" }, "name"],
    ["POST", "/persons", { name: { first: "a\u0000b" } }, "name.first"],
    ["POST", "/workflow/tasks", { name: "\u0000" }, "name"],
    ["POST", "/workflow/queues", { name: "a\u0000b" }, "name"],
    ["POST", "/persons", { name: "\ud800" }, "name"],
    ["POST", "/persons", { tags: ["ok", "\udc00 alone"] }, "tags.1"],
  ])("%s %s %j is 422 naming the field", async (method, path, body, field) => {
    const response = await api.raw(method, path, body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field }] });
  });

  it("a NUL in a PATCH body is 422 and changes nothing", async () => {
    const before = (await api.get(`/scheduling/appointments/${appointmentId}`)).body;
    const response = await api.patch(`/scheduling/appointments/${appointmentId}`, { notes: "\u0000" });
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual([{ field: "notes", message: expect.stringContaining("NUL") }]);
    expect((await api.get(`/scheduling/appointments/${appointmentId}`)).body).toEqual(before);
  });

  it("a NUL in a field name is 422", async () => {
    const response = await api.post("/persons", { "bad\u0000key": 1 });
    expect(response.status).toBe(422);
    expect(isEnvelope(response.body)).toBe(true);
  });

  it("a surrogate pair (an emoji) is stored as sent", async () => {
    const response = await api.post("/persons", { name: "Ada \ud83d\ude00" });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe("Ada 😀");
  });

  it("a NUL inside a GraphQL string literal is a client error, not a 500", async () => {
    const result = await api.graphql(`mutation { createTask(input: { name: "a\\u0000b" }) { id } }`);
    expect(result.errors[0].extensions).toMatchObject({ code: "VALIDATION_ERROR", status: 422 });
  });

  it.each([
    "/persons?q=%00",
    "/identity-access/users?q=email:*%00",
    "/platform/events?type=%00",
    "/platform/registry/policies/%00",
    `/workflow/tasks/%00`,
  ])("GET %s is 400", async (path) => {
    const response = await api.get(path);
    expect(response.status).toBe(400);
    expect(isEnvelope(response.body)).toBe(true);
  });
});

describe("nesting", () => {
  it("a body nested 10,000 levels deep is 400, for POST and PATCH alike", async () => {
    const headers = { ...(await adminHeaders()), "content-type": "application/json" };
    const created = await rawRequest("POST", "/persons", headers, deepJson(10_000));
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: "BAD_REQUEST", details: [{ message: "nests deeper than 32 levels" }] });
    const person = await api.post("/persons", { name: "Nest" });
    const patched = await rawRequest("PATCH", `/persons/${person.body.id}`, headers, deepJson(10_000));
    expect(patched.status).toBe(400);
  });

  it("32 levels are accepted, 33 are not", async () => {
    const headers = { ...(await adminHeaders()), "content-type": "application/json" };
    expect((await rawRequest("POST", "/persons", headers, deepJson(32))).status).toBe(201);
    expect((await rawRequest("POST", "/persons", headers, deepJson(33))).status).toBe(400);
  });
});

describe("the framework's own refusals are envelopes", () => {
  it("a malformed percent-encoding in the path is 400", async () => {
    const response = await rawRequest("GET", "/persons/%FF%FE", await adminHeaders());
    expect(response.status).toBe(400);
    expect(isEnvelope(response.body)).toBe(true);
  });

  it("a 5,000-character id is 414", async () => {
    const response = await rawRequest("GET", `/persons/${"a".repeat(5000)}`, await adminHeaders());
    expect(response.status).toBe(414);
    expect(response.body.code).toBe("URI_TOO_LONG");
  });

  it("a 100 KB query string is 431", async () => {
    const response = await rawRequest("GET", `/persons?q=${"a".repeat(100_000)}`, await adminHeaders());
    expect(response.status).toBe(431);
    expect(isEnvelope(response.body)).toBe(true);
  });

  it("a body over the limit is 413, an unknown content type 415, invalid JSON 400", async () => {
    const headers = await adminHeaders();
    const tooLarge = await rawRequest(
      "POST",
      "/persons",
      { ...headers, "content-type": "application/json" },
      JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    );
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const unknownType = await rawRequest("POST", "/persons", { ...headers, "content-type": "application/x-unknown" }, "x");
    expect([unknownType.status, isEnvelope(unknownType.body)]).toEqual([415, true]);
    const broken = await rawRequest("POST", "/persons", { ...headers, "content-type": "application/json" }, '{"name": ');
    expect([broken.status, broken.body.code]).toEqual([400, "BAD_REQUEST"]);
  });

  it("invalid UTF-8 bytes in a body are stored as replacement characters, not a 500", async () => {
    const headers = { ...(await adminHeaders()), "content-type": "application/json" };
    const response = await rawRequest(
      "POST",
      "/persons",
      headers,
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
    expect(response.status).toBe(201);
    expect(response.body.name).toBe("\ufffd\ufffd");
  });
});

describe("GraphQL documents", () => {
  it("several operations without operationName are 400", async () => {
    const response = await api.post("/graphql", { query: "query A { me { id } } query B { me { id } }" });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  it("an operationName the document does not hold is 400", async () => {
    const response = await api.post("/graphql", { query: "query A { me { id } }", operationName: "Z" });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toContain("'Z'");
  });

  it("a number literal too large for a number (1e999) is 400, in a JSON argument and a plain one, never the planner's 500", async () => {
    for (const query of [
      'mutation { performTaskAction(id: "dbf87942-fb81-4cbd-b2b0-9f23fbcdb234", action: escalate, body: 1e999) { id } }',
      'mutation { performTaskAction(id: "dbf87942-fb81-4cbd-b2b0-9f23fbcdb234", action: escalate, body: { depth: -9e999 }) { id } }',
      "query { tasks(limit: 1e999) { total } }",
    ]) {
      const response = await api.post("/graphql", { query });
      expect({ status: response.status, code: response.body.errors[0].extensions.code }).toEqual({
        status: 400,
        code: expect.stringMatching(/^(BAD_REQUEST|GRAPHQL_VALIDATION_FAILED)$/),
      });
    }
  });

  it("a subscription sent over HTTP is 400, pointing to the WebSocket", async () => {
    const response = await api.post("/graphql", { query: "subscription { events { id } }" });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ message: expect.stringContaining("WebSocket"), extensions: { code: "BAD_REQUEST" } });
  });

  it("a persisted query whose hash does not match is 400 with a code", async () => {
    const response = await api.post("/graphql", {
      query: "{ __typename }",
      extensions: { persistedQuery: { version: 1, sha256Hash: "x" } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  it.each([
    ['mutation { createPerson(attributes: "x") { id } }', "a JSON object argument given a string"],
    [
      'mutation { updatePerson(id: "00000000-0000-4000-8000-000000000001", patch: -2147483649) { id } }',
      "a JSON object argument given a number",
    ],
    ['{ metrics(from: "true") { items { id } } }', "a DateTime argument that is no date"],
    ['{ metrics(to: "2026-13-45") { items { id } } }', "a DateTime argument out of range"],
  ])("%s (%s) is BAD_REQUEST, not an internal error", async (query) => {
    const result = await api.graphql(query);
    expect(result.errors[0].extensions).toMatchObject({ code: "BAD_REQUEST", status: 400 });
  });

  it("a variable of a custom scalar with a bad value is BAD_REQUEST", async () => {
    const result = await api.graphql("mutation ($a: JSONObject!) { createPerson(attributes: $a) { id } }", { a: "not an object" });
    expect(result.errors[0].extensions.code).toMatch(/BAD_REQUEST|BAD_USER_INPUT/);
  });

  it("a document nested 5,000 levels deep is QUERY_TOO_DEEP", async () => {
    const response = await api.post("/graphql", { query: `{${"me {".repeat(5000)} id ${"}".repeat(5001)}` });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe("QUERY_TOO_DEEP");
  });

  const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(" ")} }`;

  it("more than 100 fields in one selection set, aliases counted, are QUERY_TOO_COMPLEX", async () => {
    const refused = await api.post("/graphql", { query: aliases(101, "me { id }") });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    const allowed = await api.post("/graphql", { query: aliases(100, "policies(limit: 1) { total }") });
    expect(allowed.status).toBe(200);
    expect(allowed.body.errors).toBeUndefined();
  });

  it("a thousand aliases and five thousand are refused before anything runs", async () => {
    for (const query of [aliases(1000, "policies(limit: 1) { items { id } }"), aliases(5000, "me { id }")]) {
      const response = await api.post("/graphql", { query });
      expect(response.status).toBe(400);
      expect(["QUERY_TOO_COMPLEX", "GRAPHQL_PARSE_FAILED"]).toContain(response.body.errors[0].extensions.code);
    }
  });

  it("a document past the token limit is refused by the parser", async () => {
    const response = await api.post("/graphql", { query: `{ me { ${"id ".repeat(20_000)} } }` });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toMatch(/tokens/);
  });

  it("over graphql-ws, a deeply nested subscription is refused as QUERY_TOO_DEEP and the socket stays usable", async () => {
    const client = createClient({
      url: `${url().replace("http", "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: await adminHeaders(),
    });
    try {
      const refused = await new Promise<any>((resolve) => {
        client.subscribe(
          { query: `subscription {${"events {".repeat(3000)} id ${"}".repeat(3001)}` },
          { next: resolve, error: resolve, complete: () => resolve(undefined) },
        );
      });
      expect(refused[0].extensions.code).toBe("QUERY_TOO_DEEP");
      const answered = await new Promise<any>((resolve, reject) =>
        client.subscribe({ query: "{ me { id } }" }, { next: resolve, error: reject, complete: () => {} }),
      );
      expect(answered.errors?.[0]?.extensions?.code).not.toBe("INTERNAL_ERROR");
    } finally {
      await client.dispose();
    }
  });
});

describe("every task of the platform still works", () => {
  it("ordinary requests are unaffected", async () => {
    expect((await api.get(`/workflow/tasks/${taskId}`)).status).toBe(200);
    expect((await api.get("/persons?q=name:*Ada*&limit=5")).status).toBe(200);
  });
});
