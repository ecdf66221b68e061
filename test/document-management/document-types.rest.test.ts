// Document types over REST (issue 18, its first part): the thirteen configured types with their fixed
// ids, a deployment's own created, changed and deleted through the API with their events, and the
// configured ones refused any change (409 CONFIG_MANAGED).
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bearer } from "../support/auth";
import { detailFields, expectErrorEnvelope, expectListEnvelope, listPath, MISSING_ID } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";

// A deployment's own configured type, beside the thirteen of the platform's configuration.
const TRIBAL_ID = "0d0c0b0a-0000-4000-8000-00000000d018";
const deploymentTypes = path.join(tmpdir(), `document-types-${process.pid}.json`);
writeFileSync(
  deploymentTypes,
  JSON.stringify({
    documentTypes: [
      { id: TRIBAL_ID, name: "tribal_id", retentionYears: 7, retentionTrigger: "submission_date", description: "Tribal identification" },
    ],
  }),
);
process.env.DOCUMENT_TYPES_FILE = deploymentTypes;

const { api } = useTestPlatform("document_types_rest");

const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";
const types = "/document-management/document-types";

it("lists the thirteen configured types, the platform's type for notices and the deployment's own by name, all of them configuration", async () => {
  const listed = expectListEnvelope(await api.get(`${types}?limit=50`), { total: 15, limit: 50, offset: 0, hasNext: false });
  expect(listed.map((type: any) => type.name)).toEqual([...listed.map((type: any) => type.name)].sort());
  expect(listed.every((type: any) => type.source === "system")).toBe(true);
  expect(listed.filter((type: any) => type.retentionYears === 3 && type.retentionTrigger === "case_closure")).toHaveLength(14);
  expect(listed.find((type: any) => type.id === TRIBAL_ID)).toMatchObject({
    name: "tribal_id",
    retentionYears: 7,
    retentionTrigger: "submission_date",
    source: "system",
  });
  expect((await api.get(`${types}/${PAY_STUB}`)).body).toEqual({
    id: PAY_STUB,
    name: "pay_stub",
    retentionYears: 3,
    retentionTrigger: "case_closure",
    source: "system",
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });
  expect((await api.get(listPath(types, { q: "name:certificate" }))).body.total).toBe(3);
  expectErrorEnvelope(await api.get(`${types}/${MISSING_ID}`), 404, "NOT_FOUND");
});

it("creates, changes and deletes a deployment's own type, each with its event", async () => {
  const created = await api.post(types, {
    name: "tribal_enrollment_card",
    retentionYears: 5,
    retentionTrigger: "document_date",
    source: "system",
  });
  expect(created.status).toBe(201);
  // `source` is the server's to set: a body carrying it is not refused for it, and it is ignored.
  expect(created.body).toMatchObject({
    name: "tribal_enrollment_card",
    retentionYears: 5,
    retentionTrigger: "document_date",
    source: "user",
  });
  const changed = await api.patch(`${types}/${created.body.id}`, { retentionYears: 7 });
  expect(changed.status).toBe(200);
  expect(changed.body.retentionYears).toBe(7);
  expect((await api.delete(`${types}/${created.body.id}`)).status).toBe(204);
  expectErrorEnvelope(await api.get(`${types}/${created.body.id}`), 404, "NOT_FOUND");
  const events = await eventsOf(api, created.body.id);
  expect(events.map((event) => event.type)).toEqual([
    "document_management.document_type.created",
    "document_management.document_type.updated",
    "document_management.document_type.deleted",
  ]);
  expect(events[1].data.changes).toEqual([{ field: "retentionYears", before: 5, after: 7 }]);
});

it("refuses bad bodies with a detail per problem, and a name already taken", async () => {
  const bad = expectErrorEnvelope(
    await api.post(types, { name: "", retentionYears: -1, retentionTrigger: "when_asked", colour: "red" }),
    422,
    "VALIDATION_ERROR",
  );
  expect(detailFields(bad).sort()).toEqual(["colour", "name", "retentionTrigger", "retentionYears"]);
  expect(
    detailFields(
      expectErrorEnvelope(
        await api.post(types, { name: "x".repeat(101), retentionYears: 1, retentionTrigger: "case_closure" }),
        422,
        "VALIDATION_ERROR",
      ),
    ),
  ).toEqual(["name"]);
  expectErrorEnvelope(await api.post(types, { name: "pay_stub", retentionYears: 1, retentionTrigger: "case_closure" }), 409, "CONFLICT");
});

it("refuses any change of a configured type with 409 CONFIG_MANAGED, and leaves it as it was", async () => {
  expectErrorEnvelope(await api.patch(`${types}/${PAY_STUB}`, { retentionYears: 10 }), 409, "CONFIG_MANAGED");
  expectErrorEnvelope(await api.delete(`${types}/${PAY_STUB}`), 409, "CONFIG_MANAGED");
  expect((await api.get(`${types}/${PAY_STUB}`)).body.retentionYears).toBe(3);
  expect(await eventsOf(api, PAY_STUB)).toEqual([]);
});

it("lets everyone who handles documents read the types, and only administrators write them", async () => {
  const applicant = await bearer(["applicant"]);
  expect((await api.raw("GET", types, undefined, applicant)).status).toBe(200);
  expect(
    (await api.raw("POST", types, { name: "x_by_applicant", retentionYears: 1, retentionTrigger: "case_closure" }, applicant)).status,
  ).toBe(403);
  expect(
    (
      await api.raw(
        "POST",
        types,
        { name: "x_by_worker", retentionYears: 1, retentionTrigger: "case_closure" },
        await bearer(["case_worker"]),
      )
    ).status,
  ).toBe(403);
  expect(
    (
      await api.raw(
        "POST",
        types,
        { name: "x_by_county", retentionYears: 1, retentionTrigger: "case_closure" },
        await bearer(["county_admin"]),
      )
    ).status,
  ).toBe(201);
});
