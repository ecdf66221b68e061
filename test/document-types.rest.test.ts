// Document types over REST (issue 18, its first part): the thirteen configured types with their fixed
// ids, a deployment's own created, changed and deleted through the API with their events, and the
// configured ones refused any change (409 CONFIG_MANAGED).
import { bearer } from "./support/auth";
import { detailFields, expectErrorEnvelope, expectListEnvelope, listPath, MISSING_ID } from "./support/expectations";
import { useTestPlatform } from "./support/platform";

const { api } = useTestPlatform("document_types_rest");

const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";
const path = "/document-management/document-types";

const eventsOf = async (subject: string): Promise<any[]> => (await api.get(listPath("/platform/events", { subject, sort: "time", limit: 20 }))).body.items;

it("lists the thirteen configured types by name, each kept three years after the case closes", async () => {
  const types = expectListEnvelope(await api.get(`${path}?limit=50`), { total: 13, limit: 50, offset: 0, hasNext: false });
  expect(types.map((type: any) => type.name)).toEqual([...types.map((type: any) => type.name)].sort());
  expect(types.every((type: any) => type.source === "system" && type.retentionYears === 3 && type.retentionTrigger === "case_closure")).toBe(true);
  expect((await api.get(`${path}/${PAY_STUB}`)).body).toEqual({
    id: PAY_STUB,
    name: "pay_stub",
    retentionYears: 3,
    retentionTrigger: "case_closure",
    source: "system",
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });
  expect((await api.get(listPath(path, { q: "name:certificate" }))).body.total).toBe(3);
  expectErrorEnvelope(await api.get(`${path}/${MISSING_ID}`), 404, "NOT_FOUND");
});

it("creates, changes and deletes a deployment's own type, each with its event", async () => {
  const created = await api.post(path, { name: "tribal_enrollment_card", retentionYears: 5, retentionTrigger: "document_date", source: "system" });
  expect(created.status).toBe(201);
  // `source` is the server's to set: a body carrying it is not refused for it, and it is ignored.
  expect(created.body).toMatchObject({ name: "tribal_enrollment_card", retentionYears: 5, retentionTrigger: "document_date", source: "user" });
  const changed = await api.patch(`${path}/${created.body.id}`, { retentionYears: 7 });
  expect(changed.status).toBe(200);
  expect(changed.body.retentionYears).toBe(7);
  expect((await api.delete(`${path}/${created.body.id}`)).status).toBe(204);
  expectErrorEnvelope(await api.get(`${path}/${created.body.id}`), 404, "NOT_FOUND");
  const events = await eventsOf(created.body.id);
  expect(events.map((event) => event.type)).toEqual(["document_management.document_type.created", "document_management.document_type.updated", "document_management.document_type.deleted"]);
  expect(events[1].data.changes).toEqual([{ field: "retentionYears", before: 5, after: 7 }]);
});

it("refuses bad bodies with a detail per problem, and a name already taken", async () => {
  const bad = expectErrorEnvelope(await api.post(path, { name: "", retentionYears: -1, retentionTrigger: "when_asked", colour: "red" }), 422, "VALIDATION_ERROR");
  expect(detailFields(bad).sort()).toEqual(["colour", "name", "retentionTrigger", "retentionYears"]);
  expect(detailFields(expectErrorEnvelope(await api.post(path, { name: "x".repeat(101), retentionYears: 1, retentionTrigger: "case_closure" }), 422, "VALIDATION_ERROR"))).toEqual(["name"]);
  expectErrorEnvelope(await api.post(path, { name: "pay_stub", retentionYears: 1, retentionTrigger: "case_closure" }), 409, "CONFLICT");
});

it("refuses any change of a configured type with 409 CONFIG_MANAGED, and leaves it as it was", async () => {
  expectErrorEnvelope(await api.patch(`${path}/${PAY_STUB}`, { retentionYears: 10 }), 409, "CONFIG_MANAGED");
  expectErrorEnvelope(await api.delete(`${path}/${PAY_STUB}`), 409, "CONFIG_MANAGED");
  expect((await api.get(`${path}/${PAY_STUB}`)).body.retentionYears).toBe(3);
  expect(await eventsOf(PAY_STUB)).toEqual([]);
});

it("lets everyone who handles documents read the types, and only administrators write them", async () => {
  const applicant = await bearer(["applicant"]);
  expect((await api.raw("GET", path, undefined, applicant)).status).toBe(200);
  expect((await api.raw("POST", path, { name: "x_by_applicant", retentionYears: 1, retentionTrigger: "case_closure" }, applicant)).status).toBe(403);
  expect((await api.raw("POST", path, { name: "x_by_worker", retentionYears: 1, retentionTrigger: "case_closure" }, await bearer(["case_worker"]))).status).toBe(403);
  expect((await api.raw("POST", path, { name: "x_by_county", retentionYears: 1, retentionTrigger: "case_closure" }, await bearer(["county_admin"]))).status).toBe(201);
});
