// GRAPHQL_TRUSTED_DOCUMENTS over real HTTP and graphql-ws: a production graph runs only the listed
// operations (by hash, or in full), the dashboard's build manifest among them; a development graph
// resolves the listed hashes and still runs anything; a manifest that cannot be trusted is refused.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { documentHash, valueProblem } from "@pap/core";
import { createClient } from "graphql-ws/client";
import WebSocket from "ws";
import { adminHeaders } from "../support/auth";
import { collect } from "../support/live";
import { useTestPlatform } from "../support/platform";
import { productionTestEnv, withEnvironment } from "../support/production-env";
import { waitFor } from "../support/waiting";

const listed = "query Listed { queues(limit: 1) { total } }";
const unlisted = "query Unlisted { queues(limit: 2) { total } }";
const directory = mkdtempSync(path.join(tmpdir(), "pap-trusted-"));
const manifestFile = path.join(directory, "manifest.json");
writeFileSync(manifestFile, JSON.stringify({ [documentHash(listed)]: listed }));
const dashboardManifest = path.join(__dirname, "../../web/dist/dashboard/trusted-documents.json");
const dashboardDocuments = () => Object.values(require(dashboardManifest) as Record<string, string>);

const byHash = (query: string, variables?: Record<string, unknown>) => ({
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: documentHash(query) } },
});

/** A platform with the manifests, in production or in development, for the describe block it is called in. */
function platformWith(env: Record<string, string>) {
  withEnvironment({ ...env, GRAPHQL_TRUSTED_DOCUMENTS: `${manifestFile}, ${dashboardManifest}` });
  return useTestPlatform(`trusted_${env.NODE_ENV}`);
}

describe("a production graph with trusted documents", () => {
  const { api, url } = platformWith(productionTestEnv);

  it("runs a listed operation sent by its hash alone, as a POST or a GET", async () => {
    const posted = await api.raw("POST", "/graphql", byHash(listed));
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ data: { queues: { total: expect.any(Number) } } });
    const extensions = encodeURIComponent(JSON.stringify(byHash(listed).extensions));
    const got = await api.raw("GET", `/graphql?extensions=${extensions}`, undefined, { "apollo-require-preflight": "true" });
    expect(got.body).toEqual(posted.body);
    const documentId = await api.raw("POST", "/graphql", { documentId: `sha256:${documentHash(listed)}` });
    expect(documentId.body).toEqual(posted.body);
  });

  it("runs a listed operation sent in full", async () => {
    expect((await api.raw("POST", "/graphql", { query: listed })).body).toEqual({ data: { queues: { total: expect.any(Number) } } });
  });

  it("refuses an unknown hash with 400 PERSISTED_QUERY_NOT_FOUND and an unlisted operation with 400 PERSISTED_QUERY_NOT_IN_LIST", async () => {
    const unknown = await api.raw("POST", "/graphql", byHash(unlisted));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].extensions).toEqual({ code: "PERSISTED_QUERY_NOT_FOUND", status: 400 });
    // An automatic-persisted-query client's retry with the text does not add it to the list.
    for (const body of [{ query: unlisted }, { query: unlisted, ...byHash(unlisted) }]) {
      const refused = await api.raw("POST", "/graphql", body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions).toEqual({ code: "PERSISTED_QUERY_NOT_IN_LIST", status: 400 });
      expect(refused.body.data).toBeUndefined();
    }
    const mismatched = await api.raw("POST", "/graphql", { query: unlisted, ...byHash(listed) });
    expect(mismatched.status).toBe(400);
  });

  it("runs the dashboard's operations from its build manifest", async () => {
    const me = dashboardDocuments().find((document) => document.startsWith("query DashboardMe"));
    expect(me).toBeDefined();
    const answer = await api.raw("POST", "/graphql", byHash(me!));
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toHaveProperty("me");
  });

  it("refuses an unlisted subscription over graphql-ws", async () => {
    const client = createClient({
      url: `${url().replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: await adminHeaders(),
    });
    try {
      const opened = collect(client, "subscription Unlisted { events { id } }");
      await waitFor(() => opened.error !== undefined, "the subscription to be refused");
      expect(opened.error).toEqual([expect.objectContaining({ extensions: { code: "PERSISTED_QUERY_NOT_IN_LIST", status: 400 } })]);
    } finally {
      await client.dispose();
    }
  });
});

describe("a development graph with trusted documents", () => {
  const { api } = platformWith({ NODE_ENV: "development" });

  it("still runs any operation, and resolves a listed hash", async () => {
    expect((await api.raw("POST", "/graphql", { query: unlisted })).body).toEqual({ data: { queues: { total: expect.any(Number) } } });
    expect((await api.raw("POST", "/graphql", byHash(listed))).body).toEqual({ data: { queues: { total: expect.any(Number) } } });
  });

  it("learns an unlisted hash as an automatic persisted query: unknown once, then known to this process", async () => {
    const learned = `query Learned${Date.now()} { queues(limit: 3) { total } }`;
    const unknown = await api.raw("POST", "/graphql", byHash(learned));
    expect(unknown.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const taught = await api.raw("POST", "/graphql", { query: learned, ...byHash(learned) });
    expect(taught.body).toEqual({ data: { queues: { total: expect.any(Number) } } });
    expect((await api.raw("POST", "/graphql", byHash(learned))).body).toEqual(taught.body);
  });
});

describe("a manifest that cannot be trusted", () => {
  it("is a configuration problem, so a start refuses it", () => {
    const wrongKey = path.join(directory, "wrong-key.json");
    writeFileSync(wrongKey, JSON.stringify({ [documentHash(unlisted)]: listed }));
    const missing = path.join(directory, "missing.json");
    const problemOf = (files: string) => valueProblem({ GRAPHQL_TRUSTED_DOCUMENTS: files }, "GRAPHQL_TRUSTED_DOCUMENTS")?.message;
    expect(problemOf(wrongKey)).toMatch(/is not the SHA-256 of its document/);
    expect(problemOf(missing)).toMatch(/cannot be read \(ENOENT\)/);
    expect(problemOf(`${manifestFile},${missing}`)).toMatch(/missing\.json/);
    expect(problemOf(manifestFile)).toBeUndefined();
  });
});
