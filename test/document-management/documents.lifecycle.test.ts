// The records lifecycle of documents (issue 18) on a manual clock: retention started by each kind of
// trigger (the document's submission, the date on its face, the closing of every linked case, the denial
// of every linked application), the deadline's durable timer moving it to pending disposition (both
// timers also across a restart), legal holds blocking every advance until released, and a records
// manager's approval destroying every version's bytes for good while the record stays readable and
// every later request for the content is answered 410 and audited.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { startPlatform } from "@pap/gateway";
import { createLogger, ManualClock } from "@pap/core";
import { bearer } from "../support/auth";
import { determinationFixture } from "../support/eligibility-fixtures";
import { expectErrorEnvelope, type Json, listPath } from "../support/expectations";
import { createTestDatabase, httpClient, useTestPlatform } from "../support/platform";

const YEAR_MS = 366 * 24 * 3600 * 1000;
const clock = new ManualClock(new Date().toISOString());
const { api, settle, platform } = useTestPlatform("documents_lifecycle", { clock });

const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1"; // case_closure, 3 years
const documents = "/document-management/documents";

/** Moves the clock forward and waits for every timer due by then and its reactions. */
async function advance(ms: number): Promise<void> {
  clock.set(new Date(clock.now().getTime() + ms));
  await settle();
}

async function typeWith(retentionTrigger: string, retentionYears = 2): Promise<string> {
  const created = await api.post("/document-management/document-types", {
    name: `${retentionTrigger}_${Math.random().toString(36).slice(2, 8)}`,
    retentionYears,
    retentionTrigger,
  });
  return created.body.id;
}

async function file(documentTypeId: string, extra: Record<string, string> = {}): Promise<Json> {
  const form = new FormData();
  form.append("file", new Blob([`bytes of ${documentTypeId}`]), "proof.pdf");
  form.append("documentTypeId", documentTypeId);
  form.append("title", "Proof");
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  const response = await api.raw("POST", documents, form);
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const current = async (id: string): Promise<Json> => (await api.get(`${documents}/${id}`)).body;
/** The document's own events in order (its timers' events left aside). */
const typesOf = async (subject: string): Promise<string[]> =>
  (await api.get(listPath("/platform/events", { subject, sort: "time", limit: 100 }))).body.items
    .map((event: Json) => event.type)
    .filter((type: string) => type.includes(".document."));
const storedFiles = () =>
  readdirSync(process.env.CONTENT_DIRECTORY!, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
const dateIn = (ms: number) => new Date(clock.now().getTime() + ms).toISOString().slice(0, 10);

const recordsManager = () => bearer(["county_admin"], { sub: "test|records", userId: "00000000-0000-4000-8000-0000000000e1" });
const act = async (id: string, action: string, body?: Json, headers?: Record<string, string>) =>
  api.post(`${documents}/${id}/${action}`, body, headers ?? (await recordsManager()));

it("a submission_date document is retained at filing, pending disposition at its deadline, and destroyed on approval: bytes gone, record readable, content 410 and audited", async () => {
  const document = await file(await typeWith("submission_date", 2));
  expect(document.lifecycleState).toBe("retained");
  expect(document.retentionDeadline.slice(0, 4)).toBe(String(clock.now().getUTCFullYear() + 2));
  const version = (await api.get(`/document-management/document-versions/${document.latestVersionId}`)).body;
  expect(storedFiles()).toContain(version.id);

  expectErrorEnvelope(await act(document.id, "approve-disposition"), 409, "CONFLICT");
  await advance(2 * YEAR_MS);
  expect((await current(document.id)).lifecycleState).toBe("pending_disposition");

  expectErrorEnvelope(await act(document.id, "approve-disposition", undefined, await bearer(["case_worker"])), 403, "FORBIDDEN");
  const approved = await act(document.id, "approve-disposition");
  expect(approved.status).toBe(200);
  expect(approved.body).toMatchObject({
    lifecycleState: "destroyed",
    dispositionApprovedBy: "00000000-0000-4000-8000-0000000000e1",
    dispositionApprovedAt: expect.any(String),
  });
  await settle();
  // The bytes are gone from the store; the record and its version's metadata stay.
  expect(storedFiles()).not.toContain(version.id);
  expect(existsSync(path.join(process.env.CONTENT_DIRECTORY!, version.id.slice(0, 2), version.id))).toBe(false);
  expect((await current(document.id)).title).toBe("Proof");
  expect((await api.get(`/document-management/document-versions/${version.id}`)).body.contentHash).toBe(version.contentHash);
  expectErrorEnvelope(await api.get(`/document-management/document-versions/${version.id}/content`), 410, "GONE");
  const accessed = (
    await api.get(listPath("/platform/events", { subject: version.id, type: "document_management.document_version.accessed" }))
  ).body.items;
  // The refused call is audited with its actor (the suite's administrator) like any other.
  expect(accessed.map((event: Json) => [event.data.outcome, event.data.actorId])).toEqual([
    ["gone", "00000000-0000-4000-8000-00000000ad01"],
  ]);
  expect(await typesOf(document.id)).toEqual([
    "document_management.document.created",
    "document_management.document.retained",
    "document_management.document.pending_disposition",
    "document_management.document.destroyed",
  ]);
  // A destroyed document takes no new version.
  const form = new FormData();
  form.append("file", new Blob(["late"]), "late.pdf");
  expect((await api.raw("POST", `${documents}/${document.id}/document-versions`, form)).status).toBe(409);
});

it("a case_closure document is retained when every linked case has closed, from the moment the last one closed", async () => {
  const person = (await api.post("/persons", { name: { firstName: "Rita", lastName: "Records" } })).body;
  const [first, second] = await Promise.all(
    [1, 2].map(async () => (await api.post("/case-management/cases", { primaryApplicantId: person.id })).body),
  );
  const document = await file(PAY_STUB);
  expect(document.lifecycleState).toBe("active");
  for (const kase of [first, second])
    expect(
      (await api.post("/document-management/document-links", { documentId: document.id, subjectType: "case", subjectId: kase.id })).status,
    ).toBe(201);
  expectErrorEnvelope(
    await api.post("/document-management/document-links", { documentId: document.id, subjectType: "case", subjectId: first.id }),
    409,
    "CONFLICT",
  );

  await api.patch(`/case-management/cases/${first.id}`, { status: "closed" });
  await settle();
  expect((await current(document.id)).lifecycleState).toBe("active");
  await advance(24 * 3600 * 1000);
  const closedAt = clock.now();
  await api.patch(`/case-management/cases/${second.id}`, { status: "closed" });
  await settle();
  const retained = await current(document.id);
  expect(retained.lifecycleState).toBe("retained");
  expect(retained.retentionDeadline).toBe(`${closedAt.getUTCFullYear() + 3}${closedAt.toISOString().slice(4, 10)}`);
  const links = (await api.get(listPath("/document-management/document-links", { documentId: document.id }))).body.items;
  expect(links.every((link: Json) => link.closedAt)).toBe(true);
  const graph = await api.graphql(`query ($id: ID!) { document(id: $id) { links { subjectType subjectId } } }`, { id: document.id });
  expect(graph.data.document.links.map((link: Json) => link.subjectId).sort()).toEqual([first.id, second.id].sort());
});

it("an application_denial document is retained when every linked application was denied, from the last denial (a hold makes it wait); an approval retains nothing", async () => {
  const type = await typeWith("application_denial", 2);
  const system = await bearer(["system"], { sub: "eligibility|system" });
  // Determinations ready to complete (eligibility's own reaction to a submission makes them; see its tests).
  const [first, second, approved] = await Promise.all(
    (["denied", "ineligible", "approved"] as const).map((decisionStatus) =>
      determinationFixture(platform().database.prisma, { status: "in_progress", decisionStatus }),
    ),
  );
  const complete = async (determinationId: string) =>
    expect((await api.post(`/eligibility/determinations/${determinationId}/complete`, undefined, system)).status).toBe(200);
  const document = await file(type);
  const other = await file(type);
  for (const applicationId of [first!.applicationId, second!.applicationId]) {
    expect(
      (
        await api.post("/document-management/document-links", {
          documentId: document.id,
          subjectType: "application",
          subjectId: applicationId,
        })
      ).status,
    ).toBe(201);
  }
  expect(
    (
      await api.post("/document-management/document-links", {
        documentId: other.id,
        subjectType: "application",
        subjectId: approved!.applicationId,
      })
    ).status,
  ).toBe(201);

  await complete(first!.determinationId);
  await complete(approved!.determinationId);
  await settle();
  expect((await current(document.id)).lifecycleState).toBe("active");
  expect((await current(other.id)).lifecycleState).toBe("active");

  // A hold placed meanwhile keeps the trigger from moving it; released, the document is retained from the denial.
  expect((await act(document.id, "place-legal-hold", { reason: "Appeal of the denial pending" })).status).toBe(200);
  await advance(24 * 3600 * 1000);
  const deniedAt = clock.now();
  await complete(second!.determinationId);
  await settle();
  expect((await current(document.id)).lifecycleState).toBe("active");
  await advance(24 * 3600 * 1000);
  const retained = (await act(document.id, "release-legal-hold", { reason: "Appeal withdrawn" })).body;
  expect(retained.lifecycleState).toBe("retained");
  expect(retained.retentionDeadline).toBe(`${deniedAt.getUTCFullYear() + 2}${deniedAt.toISOString().slice(4, 10)}`);
  expect((await current(other.id)).lifecycleState).toBe("active");
  const links = (await api.get(listPath("/document-management/document-links", { documentId: other.id }))).body.items;
  expect(links.map((link: Json) => link.closedAt)).toEqual([null]);
});

it("a document_date document is retained when its date comes; a legal hold blocks every advance until released", async () => {
  const document = await file(await typeWith("document_date", 1), { documentDate: dateIn(10 * 24 * 3600 * 1000) });
  expect(document.lifecycleState).toBe("active");
  await advance(11 * 24 * 3600 * 1000);
  expect((await current(document.id)).lifecycleState).toBe("retained");

  expectErrorEnvelope(await act(document.id, "place-legal-hold", {}), 422, "VALIDATION_ERROR");
  expectErrorEnvelope(
    await act(document.id, "place-legal-hold", { reason: "litigation" }, await bearer(["case_worker"])),
    403,
    "FORBIDDEN",
  );
  const held = await act(document.id, "place-legal-hold", { reason: "Litigation hold, case 26-CV-114" });
  expect(held.body).toMatchObject({ legalHold: true, lifecycleState: "retained" });
  expectErrorEnvelope(await act(document.id, "place-legal-hold", { reason: "again" }), 409, "CONFLICT");

  // The deadline passes under the hold: nothing moves.
  await advance(2 * YEAR_MS);
  expect((await current(document.id)).lifecycleState).toBe("retained");
  const released = await act(document.id, "release-legal-hold", { reason: "Litigation settled" });
  expect(released.status).toBe(200);
  // What the hold held back follows at once.
  expect(released.body).toMatchObject({ legalHold: false, lifecycleState: "pending_disposition" });
  const types = await typesOf(document.id);
  expect(types.slice(-4)).toEqual([
    "document_management.document.retained",
    "document_management.document.legal_hold_placed",
    "document_management.document.legal_hold_released",
    "document_management.document.pending_disposition",
  ]);
  // Held again, it cannot be destroyed.
  await act(document.id, "place-legal-hold", { reason: "New claim" });
  expectErrorEnvelope(await act(document.id, "approve-disposition"), 409, "CONFLICT");
});

it("retention timers due while no platform ran (the date on its face, then its deadline) are acted on when one starts again", async () => {
  const databaseUrl = await createTestDatabase("documents_lifecycle_restart");
  const start = (at: Date) =>
    startPlatform({
      database: { kind: "postgres", url: databaseUrl, poolSize: 5 },
      host: "127.0.0.1",
      port: 0,
      logger: createLogger("test"),
      migrate: false,
      clock: new ManualClock(at.toISOString()),
    });
  const t0 = clock.now();
  const first = await start(t0);
  let documentId: string;
  try {
    const client = httpClient(first.url);
    const type = (
      await client.post("/document-management/document-types", {
        name: `restart_${Date.now()}`,
        retentionYears: 1,
        retentionTrigger: "document_date",
      })
    ).body.id;
    const form = new FormData();
    form.append("file", new Blob(["dated"]), "dated.pdf");
    form.append("documentTypeId", type);
    form.append("title", "Dated");
    form.append("documentDate", new Date(t0.getTime() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10));
    const filed = await client.raw("POST", documents, form);
    expect(filed.body.lifecycleState).toBe("active");
    documentId = filed.body.id;
  } finally {
    await first.close();
  }
  // Nothing runs while the date on the document's face comes and goes; the next platform starts a week later.
  const second = await start(new Date(t0.getTime() + 7 * 24 * 3600 * 1000));
  try {
    await second.settle();
    expect((await httpClient(second.url).get(`${documents}/${documentId}`)).body.lifecycleState).toBe("retained");
  } finally {
    await second.close();
  }
  // Nor while its retention deadline (a year after that date) passes; the next one starts two years on.
  const third = await start(new Date(t0.getTime() + 2 * YEAR_MS));
  try {
    await third.settle();
    expect((await httpClient(third.url).get(`${documents}/${documentId}`)).body.lifecycleState).toBe("pending_disposition");
  } finally {
    await third.close();
  }
});
