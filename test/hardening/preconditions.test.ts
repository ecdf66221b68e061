// Optimistic concurrency on every resource kind, from the route table: a record's read carries its
// ETag, a change sent with an If-Match the record no longer matches is 412 and changes nothing, one
// sent with the current ETag succeeds and moves the version on, and of two concurrent changes made
// from the same read, one wins and the other gets 412. A kind added later is covered here too.
import { randomUUID } from "node:crypto";
import { domains } from "@pap/gateway";
import { restRoutes, type RestRoute } from "@pap/rest-compat";
import { workerAccount } from "../support/auth";
import { expectErrorEnvelope } from "../support/expectations";
import { startPlatformOn } from "../support/live";
import { createTestDatabase, httpClient, useTestPlatform } from "../support/platform";
import { requestFor } from "../support/route-requests";

const { api, platform } = useTestPlatform("preconditions");
const routes = restRoutes(domains, { platformBasePath: "/platform" });
/** The routes that change one record named by the path's last parameter (singletons and `me` name none). */
const ofOneRecord = (method: string) =>
  routes.filter((route) => route.method === method && /\}$/.test(route.path) && !route.path.endsWith("/metadata/{domain}"));
const updates = ofOneRecord("PATCH");
const deletes = ofOneRecord("DELETE");

/** A record to change as `route` changes it: its path, a valid body, and its ETag as read now. */
async function readForChange(route: RestRoute) {
  const { path, body } = await requestFor(api, () => platform().database.prisma, route);
  const read = await api.get(path);
  expect(read.status).toBe(200);
  const etag = read.headers.get("etag");
  expect(etag).toMatch(/^"[0-9a-f-]{36}:\d+"$/);
  return { path, body, etag: etag! };
}
const staleVersionOf = (etag: string) => etag.replace(/:\d+"$/, ':1"');

describe("an update", () => {
  it.each(updates.map((route) => [route.path, route]))("%s holds to If-Match", async (_path, route) => {
    const { path, body, etag } = await readForChange(route);
    expectErrorEnvelope(await api.patch(path, body, { "if-match": staleVersionOf(etag) }), 412, "PRECONDITION_FAILED");
    expect((await api.get(path)).headers.get("etag")).toBe(etag);

    const changed = await api.patch(path, body, { "if-match": etag });
    expect(changed.status).toBe(200);
    const next = changed.headers.get("etag");
    expect(next).not.toBe(etag);
    expect((await api.get(path)).headers.get("etag")).toBe(next);
    // The version read before the change is spent.
    expectErrorEnvelope(await api.patch(path, body, { "if-match": etag }), 412, "PRECONDITION_FAILED");
  });

  it("covers every kind of record that can be updated", () => {
    expect(updates.length).toBeGreaterThan(25);
  });
});

describe("a delete", () => {
  it.each(deletes.map((route) => [route.path, route]))("%s holds to If-Match", async (_path, route) => {
    const { path, etag } = await readForChange(route);
    expectErrorEnvelope(await api.delete(path, { "if-match": staleVersionOf(etag) }), 412, "PRECONDITION_FAILED");
    expect((await api.get(path)).status).toBe(200);
    expect((await api.delete(path, { "if-match": etag })).status).toBe(204);
  });
});

describe("If-Match", () => {
  const personPath = async () => `/persons/${(await api.post("/persons", { name: { firstName: "Vera", lastName: "Sion" } })).body.id}`;

  it("lets one of two concurrent changes made from the same read win, and refuses the other with 412", async () => {
    const path = await personPath();
    const etag = (await api.get(path)).headers.get("etag")!;
    const answers = await Promise.all(["First", "Second"].map((nickname) => api.patch(path, { nickname }, { "if-match": etag })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await api.get(path)).body.nickname).toBe(winner.body.nickname);
  });

  it("holds an action to the version read: a task claimed from a stale read is 412", async () => {
    const worker = await workerAccount(api);
    const task = (await api.post("/workflow/tasks", { name: "Versioned" })).body;
    const etag = (await api.get(`/workflow/tasks/${task.id}`)).headers.get("etag")!;
    await api.patch(`/workflow/tasks/${task.id}`, { description: "Changed meanwhile" });
    const claim = (ifMatch: string) => api.post(`/workflow/tasks/${task.id}/claim`, {}, { ...worker.headers, "if-match": ifMatch });
    expectErrorEnvelope(await claim(etag), 412, "PRECONDITION_FAILED");
    expect((await claim((await api.get(`/workflow/tasks/${task.id}`)).headers.get("etag")!)).status).toBe(200);
  });

  it("holds changes only: a read sent with an If-Match that names no version is answered", async () => {
    const path = await personPath();
    expect((await api.raw("GET", path, undefined, { "if-match": '"not-a-version"' })).status).toBe(200);
  });

  it("refuses the ETag of another record than the one changed", async () => {
    const [path, other] = [await personPath(), await personPath()];
    const othersEtag = (await api.get(other)).headers.get("etag")!;
    expectErrorEnvelope(await api.patch(path, { nickname: "Mixed" }, { "if-match": othersEtag }), 412, "PRECONDITION_FAILED");
    expect((await api.get(path)).body.nickname).toBeUndefined();
  });

  it("accepts * for any version, and refuses a weak or foreign ETag, which no version matches", async () => {
    const path = await personPath();
    const etag = (await api.get(path)).headers.get("etag")!;
    expect((await api.patch(path, { nickname: "Any" }, { "if-match": "*" })).status).toBe(200);
    for (const ifMatch of [`W/${etag}`, '"not-a-version"', "unquoted"])
      expectErrorEnvelope(await api.patch(path, { nickname: "No" }, { "if-match": ifMatch }), 412, "PRECONDITION_FAILED");
  });

  it("holds a change over the graph too: the record's etag field, sent as the request's If-Match header", async () => {
    const path = await personPath();
    const id = path.split("/").pop();
    const etag = (await api.get(path)).headers.get("etag")!;
    const mutation = (ifMatch: string) =>
      api.raw(
        "POST",
        "/graphql",
        { query: 'mutation ($id: ID!) { updatePerson(id: $id, patch: { nickname: "G" }) { id } }', variables: { id } },
        { "if-match": ifMatch },
      );
    // A GraphQL client reads the same ETag as the record's `etag` field.
    const read = await api.graphql("query ($id: ID!) { person(id: $id) { etag } }", { id });
    expect(read.data.person.etag).toBe(etag);
    const refused = (await mutation(staleVersionOf(etag))).body;
    expect(refused.errors?.[0]?.extensions?.code).toBe("PRECONDITION_FAILED");
    expect((await mutation(etag)).body.errors).toBeUndefined();
  });

  it("holds a graph update or delete to the version its ifMatch argument names", async () => {
    const queue = (await api.post("/workflow/queues", { name: `held-${randomUUID()}` })).body;
    const etag = (await api.get(`/workflow/queues/${queue.id}`)).headers.get("etag")!;
    const update = (ifMatch: string, description: string) =>
      api.graphql(
        "mutation ($id: ID!, $ifMatch: String, $description: String) { updateQueue(id: $id, input: { description: $description }, ifMatch: $ifMatch) { id description } }",
        {
          id: queue.id,
          ifMatch,
          description,
        },
      );
    // Two changes made from the same read: the first wins, the second is refused and changes nothing.
    expect((await update(etag, "first")).data.updateQueue.description).toBe("first");
    const second = await update(etag, "second");
    expect(second.errors?.[0]?.extensions?.code).toBe("PRECONDITION_FAILED");
    expect((await api.get(`/workflow/queues/${queue.id}`)).body.description).toBe("first");
    // Another record's ETag is refused, as REST refuses it.
    const other = (await api.post("/workflow/queues", { name: `other-${randomUUID()}` })).body;
    const otherEtag = (await api.get(`/workflow/queues/${other.id}`)).headers.get("etag")!;
    expect((await update(otherEtag, "foreign")).errors?.[0]?.extensions?.code).toBe("PRECONDITION_FAILED");
    const current = (await api.get(`/workflow/queues/${queue.id}`)).headers.get("etag")!;
    const remove = (ifMatch: string) =>
      api.graphql("mutation ($id: ID!, $ifMatch: String) { deleteQueue(id: $id, ifMatch: $ifMatch) }", { id: queue.id, ifMatch });
    expect((await remove(etag)).errors?.[0]?.extensions?.code).toBe("PRECONDITION_FAILED");
    expect((await remove(current)).data).toEqual({ deleteQueue: queue.id });
  });
});

describe("REQUIRE_IF_MATCH=true", () => {
  it("refuses a change of an existing record without If-Match with 428, and lets creates and reads through", async () => {
    const running = await startPlatformOn(await createTestDatabase("preconditions_required"), { REQUIRE_IF_MATCH: "true" });
    try {
      const strict = httpClient(running.url);
      const person = await strict.post("/persons", { name: { firstName: "Strict" } });
      expect(person.status).toBe(201);
      const path = `/persons/${person.body.id}`;
      const read = await strict.get(path);
      expect(read.status).toBe(200);
      expectErrorEnvelope(await strict.patch(path, { nickname: "No" }), 428, "PRECONDITION_REQUIRED");
      expectErrorEnvelope(await strict.delete(path), 428, "PRECONDITION_REQUIRED");
      expect((await strict.patch(path, { nickname: "Yes" }, { "if-match": read.headers.get("etag")! })).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe("the record_version trigger", () => {
  it("guards every table of records with a version (every table with updatedAt but the platform's own bookkeeping)", async () => {
    const unguarded = await platform().database.prisma.$queryRaw<{ table: string }[]>`
      SELECT c.table_name AS "table" FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name = 'updatedAt'
        AND c.table_name NOT IN ('event_consumer', 'search_document')
        AND NOT EXISTS (
          SELECT 1 FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
          WHERE r.relname = c.table_name AND t.tgname = 'record_version')`;
    expect(unguarded).toEqual([]);
  });
});
