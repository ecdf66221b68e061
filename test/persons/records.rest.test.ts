// /persons over real HTTP against PostgreSQL (SPEC §2.8, §4.5, §7): a free-form record plus server fields.
import { useTestPlatform } from "../support/platform";
import { expectErrorEnvelope, ISO_DATE_TIME, MISSING_ID, UUID_PATTERN } from "../support/expectations";
import { untilClockPasses } from "../support/waiting";
import { created } from "../support/creators";

const { api, url } = useTestPlatform("persons_rest");

const maria = {
  name: { firstName: "Maria", lastName: "Garcia", middleName: "Luz" },
  dateOfBirth: "1985-04-12",
  email: "maria@example.org",
  address: { line1: "12 Elm St", city: "Springfield", state: "IL", postalCode: "62701" },
  demographicInfo: { sex: "female", race: ["white", "other"] },
  householdSize: 3,
  consentToShareInformation: true,
};

const createPerson = async (body: Record<string, unknown> = maria) =>
  (await created(api, "/persons", body)) as Record<string, any> & { id: string; createdAt: string; updatedAt: string };

describe("POST /persons", () => {
  it("creates a person: 201, the free-form body echoed with server-set id/createdAt/updatedAt, and a Location header", async () => {
    const response = await api.post("/persons", maria);
    expect(response.status).toBe(201);
    const { id, createdAt, updatedAt, ...attributes } = response.body;
    expect(attributes).toEqual(maria);
    expect(id).toMatch(UUID_PATTERN);
    expect(createdAt).toMatch(ISO_DATE_TIME);
    expect(updatedAt).toBe(createdAt);
    expect(Math.abs(Date.parse(createdAt) - Date.now())).toBeLessThan(60_000);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(new URL(response.headers.get("location") ?? "", url()).toString()).toBe(`${url()}/persons/${id}`);
  });

  it("gives every person its own id", async () => {
    const [a, b] = await Promise.all([createPerson({ n: 1 }), createPerson({ n: 1 })]);
    expect(a.id).not.toBe(b.id);
  });

  it("accepts any JSON object, including an empty one and deeply nested values (the record is free-form)", async () => {
    const empty = await createPerson({});
    expect(Object.keys(empty).sort()).toEqual(["createdAt", "id", "updatedAt"]);
    const odd = { anything: { goes: [1, "two", { three: null }] }, flag: false, count: 0, text: "" };
    const created = await createPerson(odd);
    expect((await api.get(`/persons/${created.id}`)).body).toEqual({
      ...odd,
      id: created.id,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
    });
  });

  it("ignores read-only fields sent in the body (id, createdAt, updatedAt are server-set)", async () => {
    const response = await api.post("/persons", {
      id: MISSING_ID,
      createdAt: "2000-01-01T00:00:00.000Z",
      updatedAt: "2000-01-01T00:00:00.000Z",
      nickname: "Mo",
    });
    expect(response.status).toBe(201);
    expect(response.body.id).not.toBe(MISSING_ID);
    expect(response.body.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
    expect(response.body.updatedAt).not.toBe("2000-01-01T00:00:00.000Z");
    expect(response.body.nickname).toBe("Mo");
    expect((await api.get(`/persons/${MISSING_ID}`)).status).toBe(404);
  });

  it.each([
    ["an array", [1]],
    ["a string", '"Maria"'],
    ["a number", "42"],
    ["null", "null"],
  ])("rejects %s as the body with 400 BAD_REQUEST", async (_label, body) => {
    const response = await api.post("/persons", body);
    const envelope = expectErrorEnvelope(response, 400, "BAD_REQUEST");
    expect(envelope.details).toEqual([{ field: "body", message: expect.any(String) }]);
  });

  it("rejects a request without a body with 400 BAD_REQUEST, with or without a JSON content type", async () => {
    expectErrorEnvelope(await api.post("/persons"), 400, "BAD_REQUEST");
    const empty = await api.raw("POST", "/persons", "", { "content-type": "application/json" });
    expect(expectErrorEnvelope(empty, 400, "BAD_REQUEST").details).toEqual([{ field: "body", message: "must be a JSON object" }]);
  });

  it("still refuses a JSON body that would set an object's prototype", async () => {
    expectErrorEnvelope(await api.post("/persons", '{"name": {"firstName": "Eve"}, "__proto__": {"admin": true}}'), 400, "BAD_REQUEST");
  });

  it("rejects malformed JSON with 400 BAD_REQUEST and creates nothing", async () => {
    const before = (await api.get("/persons?limit=1")).body.total;
    expectErrorEnvelope(await api.post("/persons", '{"name": {"firstName": "Maria"'), 400, "BAD_REQUEST");
    expect((await api.get("/persons?limit=1")).body.total).toBe(before);
  });
});

describe("GET /persons/{personId}", () => {
  it("returns the stored person with 200", async () => {
    const created = await createPerson();
    const response = await api.get(`/persons/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it("answers 404 NOT_FOUND for an unknown id", async () => {
    const envelope = expectErrorEnvelope(await api.get(`/persons/${MISSING_ID}`), 404, "NOT_FOUND");
    expect(envelope.message).toContain(MISSING_ID);
  });

  it("answers 404 NOT_FOUND (not 400 or 500) for an id that is not a uuid", async () => {
    expectErrorEnvelope(await api.get("/persons/not-a-uuid"), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get("/persons/1"), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`/persons/${encodeURIComponent("' OR 1=1 --")}`), 404, "NOT_FOUND");
  });

  it("finds a person by its id written in upper case (uuids are case-insensitive)", async () => {
    const created = await createPerson({ nickname: "Upper" });
    const response = await api.get(`/persons/${created.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });
});

describe("PATCH /persons/{personId} (JSON merge patch)", () => {
  it("merges nested objects key by key, replaces scalars and arrays, and keeps untouched fields", async () => {
    const created = await createPerson();
    await untilClockPasses(created.updatedAt);
    const response = await api.patch(`/persons/${created.id}`, {
      name: { lastName: "Garcia-Lopez" },
      address: { city: "Shelbyville", unit: "4B" },
      demographicInfo: { race: ["asian"] },
      householdSize: 4,
      phoneNumber: "555-0100",
    });
    expect(response.status).toBe(200);
    const { id, createdAt, updatedAt, ...attributes } = response.body;
    expect(attributes).toEqual({
      ...maria,
      name: { firstName: "Maria", lastName: "Garcia-Lopez", middleName: "Luz" },
      address: { line1: "12 Elm St", city: "Shelbyville", state: "IL", postalCode: "62701", unit: "4B" },
      demographicInfo: { sex: "female", race: ["asian"] },
      householdSize: 4,
      phoneNumber: "555-0100",
    });
    expect(id).toBe(created.id);
    expect(createdAt).toBe(created.createdAt);
    expect(updatedAt).toMatch(ISO_DATE_TIME);
    expect(Date.parse(updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect((await api.get(`/persons/${created.id}`)).body).toEqual(response.body);
  });

  it("removes a key given as null, at the top level and nested", async () => {
    const created = await createPerson();
    const response = await api.patch(`/persons/${created.id}`, { email: null, name: { middleName: null }, address: null });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty("email");
    expect(response.body).not.toHaveProperty("address");
    expect(response.body.name).toEqual({ firstName: "Maria", lastName: "Garcia" });
    const stored = (await api.get(`/persons/${created.id}`)).body;
    expect(Object.keys(stored).sort()).toEqual([
      "consentToShareInformation",
      "createdAt",
      "dateOfBirth",
      "demographicInfo",
      "householdSize",
      "id",
      "name",
      "updatedAt",
    ]);
  });

  it("ignores read-only fields in the patch", async () => {
    const created = await createPerson();
    const response = await api.patch(`/persons/${created.id}`, { id: MISSING_ID, createdAt: "2000-01-01T00:00:00.000Z", nickname: "Mari" });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(created.id);
    expect(response.body.createdAt).toBe(created.createdAt);
    expect(response.body.nickname).toBe("Mari");
    expect(response.body).not.toHaveProperty("id", MISSING_ID);
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    expectErrorEnvelope(await api.patch(`/persons/${MISSING_ID}`, { nickname: "x" }), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch("/persons/not-a-uuid", { nickname: "x" }), 404, "NOT_FOUND");
  });

  it("rejects an empty patch {} with 400 BAD_REQUEST and leaves the person unchanged", async () => {
    const created = await createPerson();
    const envelope = expectErrorEnvelope(await api.patch(`/persons/${created.id}`, {}), 400, "BAD_REQUEST");
    expect(envelope.details).toEqual([{ field: "body", message: expect.any(String) }]);
    expect((await api.get(`/persons/${created.id}`)).body).toEqual(created);
  });

  it.each([
    ["an array", [1]],
    ["a string", '"x"'],
    ["null", "null"],
  ])("rejects %s as the patch body with 400 BAD_REQUEST", async (_label, body) => {
    const created = await createPerson();
    expectErrorEnvelope(await api.patch(`/persons/${created.id}`, body), 400, "BAD_REQUEST");
    expect((await api.get(`/persons/${created.id}`)).body).toEqual(created);
  });

  it("rejects malformed JSON with 400 BAD_REQUEST", async () => {
    const created = await createPerson();
    expectErrorEnvelope(await api.patch(`/persons/${created.id}`, "{nickname: Mari}"), 400, "BAD_REQUEST");
    expect((await api.get(`/persons/${created.id}`)).body).toEqual(created);
  });

  it("keeps name search and sort in step with the patched name", async () => {
    const created = await createPerson({ name: { firstName: "Renata", lastName: "Quispe" } });
    const search = (q: string) =>
      api.get(`/persons?q=${encodeURIComponent(q)}`).then((response) => response.body.items.map((item: { id: string }) => item.id));
    expect(await search("name.lastName:quispe")).toEqual([created.id]);
    await api.patch(`/persons/${created.id}`, { name: { lastName: "Mamani-Quispe" } });
    expect(await search("name.lastName:mamani*")).toEqual([created.id]);
    expect(await search("name.lastName:quispe*")).toEqual([]);
    expect(await search("renata")).toEqual([created.id]);
    await api.patch(`/persons/${created.id}`, { name: null });
    expect(await search("renata")).toEqual([]);
    expect(await search(`-name.lastName:* -name:*`)).toContain(created.id);
  });

  it("applies concurrent patches to different keys both (no lost update)", async () => {
    const created = await createPerson({ counter: 0 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_unused, index) => api.patch(`/persons/${created.id}`, { [`k${index}`]: index })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const stored = (await api.get(`/persons/${created.id}`)).body;
    for (let index = 0; index < 8; index++) expect(stored[`k${index}`]).toBe(index);
  });
});

describe("DELETE /persons/{personId}", () => {
  it("deletes permanently: 204 without a body, then GET 404 and a second DELETE 404", async () => {
    const created = await createPerson();
    const response = await api.delete(`/persons/${created.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expectErrorEnvelope(await api.get(`/persons/${created.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`/persons/${created.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch(`/persons/${created.id}`, { a: 1 }), 404, "NOT_FOUND");
  });

  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    expectErrorEnvelope(await api.delete(`/persons/${MISSING_ID}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete("/persons/not-a-uuid"), 404, "NOT_FOUND");
  });

  it("deletes only the person addressed", async () => {
    const [kept, removed] = [await createPerson({ n: "kept" }), await createPerson({ n: "removed" })];
    expect((await api.delete(`/persons/${removed.id}`)).status).toBe(204);
    expect((await api.get(`/persons/${kept.id}`)).body).toEqual(kept);
  });
});

describe("routes", () => {
  it("answers an unknown route with 404 NOT_FOUND in the envelope", async () => {
    expectErrorEnvelope(await api.get("/people"), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.raw("PUT", `/persons/${MISSING_ID}`, { a: 1 }), 404, "NOT_FOUND");
  });
});
