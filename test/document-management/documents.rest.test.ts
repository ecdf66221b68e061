// Documents over REST (issue 18) against real PostgreSQL and a real ClamAV daemon: uploads streamed into
// the content store and scanned before anything is kept, immutable versions numbered in turn under
// concurrency, the EICAR file refused with nothing left behind, downloads with ETag and ranges, every
// content request audited, signed links for the redirect overlay, metadata namespaces, and who may do what.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { signLink } from "@pap/content";
import { metadataNamespaces } from "@pap/kernel/resource";
import { bearer } from "../support/auth";
import {
  detailFields,
  expectErrorEnvelope,
  expectListEnvelope,
  type Json,
  listPath,
  MISSING_ID,
  UUID_PATTERN,
} from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";

process.env.CLAMD_URL ??= "tcp://127.0.0.1:3310";
process.env.CONTENT_MAX_BYTES = String(4 * 1024 * 1024);

const { api, url } = useTestPlatform("documents_rest");

const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";
const documents = "/document-management/documents";
const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";

type Part = string | { bytes: Uint8Array | string; name: string; type?: string };

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A multipart request with the given parts (files as Blobs), as a browser's form would send it. */
async function upload(
  route: string,
  parts: Record<string, Part>,
  headers?: Record<string, string>,
): Promise<{ status: number; headers: Headers; body: any }> {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === "string") form.append(name, part);
    else form.append(name, new Blob([part.bytes], { type: part.type ?? "application/pdf" }), part.name);
  }
  const response = await fetch(`${url()}${route}`, {
    method: "POST",
    body: form,
    headers: headers ?? (await bearer(["case_worker"], { sub: "test|worker", userId: "00000000-0000-4000-8000-0000000000c1" })),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const payStub = (bytes: string | Uint8Array = "pay stub: 40 hours at $15.00", name = "stub-2026-10.pdf") => ({
  file: { bytes, name },
  documentTypeId: PAY_STUB,
  title: "October pay stub",
});

async function filed(parts: Record<string, Part> = payStub(), headers?: Record<string, string>): Promise<Json> {
  const response = await upload(documents, parts, headers);
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function download(versionId: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url()}/document-management/document-versions/${versionId}/content`, {
    headers: { ...(await bearer(["case_worker"], { sub: "test|reader", userId: "00000000-0000-4000-8000-0000000000c2" })), ...headers },
    redirect: "manual",
  });
}

const eventCount = async (type: string): Promise<number> => (await api.get(listPath("/platform/events", { type, limit: 1 }))).body.total;
const storedFiles = () =>
  readdirSync(process.env.CONTENT_DIRECTORY!, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe("uploading", () => {
  it("files a document with version 1, the hash and size of its bytes, the caller as uploader, and both events", async () => {
    const bytes = "pay stub: 40 hours at $15.00";
    const response = await upload(documents, {
      ...payStub(bytes),
      documentDate: "2026-10-31",
      metadata: JSON.stringify({ intake: { applicationId: "app-1" } }),
    });
    expect(response.status).toBe(201);
    const document = response.body;
    expect(document).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      documentTypeId: PAY_STUB,
      title: "October pay stub",
      documentDate: "2026-10-31",
      lifecycleState: "active",
      legalHold: false,
      latestVersionId: expect.stringMatching(UUID_PATTERN),
      retentionDeadline: null,
      metadata: { intake: { applicationId: "app-1" } },
      county: null,
      dispositionApprovedBy: null,
      dispositionApprovedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.headers.get("location")).toBe(`${documents}/${document.id}`);
    const version = (await api.get(`/document-management/document-versions/${document.latestVersionId}`)).body;
    expect(version).toEqual({
      id: document.latestVersionId,
      documentId: document.id,
      versionNumber: 1,
      fileName: "stub-2026-10.pdf",
      mimeType: "application/pdf",
      sizeBytes: Buffer.byteLength(bytes),
      contentHash: sha256(bytes),
      uploadedById: "00000000-0000-4000-8000-0000000000c1",
      createdAt: expect.any(String),
    });
    expect((await eventsOf(api, document.id)).map((event) => event.type)).toEqual(["document_management.document.created"]);
    const [uploaded] = await eventsOf(api, version.id);
    expect(uploaded).toMatchObject({
      type: "document_management.document_version.uploaded",
      data: { documentId: document.id, documentVersionId: version.id, versionNumber: 1, metadata: { intake: { applicationId: "app-1" } } },
    });
    expect((await api.get(`${documents}/${document.id}`)).body).toEqual(document);
  });

  it("refuses the EICAR test file with file_rejected_by_virus_scan, leaving no document, version, bytes or event", async () => {
    const before = {
      files: storedFiles().length,
      documents: (await api.get(documents)).body.total,
      events: await eventCount("document_management.*"),
    };
    const refused = await upload(documents, payStub(EICAR, "invoice.pdf"));
    const envelope = expectErrorEnvelope(refused, 422, "file_rejected_by_virus_scan");
    expect(envelope.message).toMatch(/EICAR/);
    const clean = await filed();
    const version = await upload(`${documents}/${clean.id}/document-versions`, { file: { bytes: EICAR, name: "again.pdf" } });
    expectErrorEnvelope(version, 422, "file_rejected_by_virus_scan");
    // The one clean upload in between added its one file, document, version and two events; the two refusals nothing.
    expect(storedFiles()).toHaveLength(before.files + 1);
    expect((await api.get(documents)).body.total).toBe(before.documents + 1);
    expect((await api.get(`${documents}/${clean.id}`)).body.latestVersionId).toBe(clean.latestVersionId);
    const graph = await api.graphql(`query ($id: ID!) { document(id: $id) { versions { id } } }`, { id: clean.id });
    expect(graph.data.document.versions).toEqual([{ id: clean.latestVersionId }]);
    expect(await eventCount("document_management.*")).toBe(before.events + 2);
  });

  it("refuses an upload while the configured scanner cannot be reached (503, fail closed), keeping nothing", async () => {
    const configured = process.env.CLAMD_URL;
    process.env.CLAMD_URL = "tcp://127.0.0.1:9";
    try {
      const before = storedFiles().length;
      expectErrorEnvelope(await upload(documents, payStub()), 503, "SCANNER_UNAVAILABLE");
      expect(storedFiles()).toHaveLength(before);
    } finally {
      process.env.CLAMD_URL = configured;
    }
  });

  it("refuses a file beyond the maximum size with 413 and keeps none of it", async () => {
    const before = storedFiles().length;
    expectErrorEnvelope(await upload(documents, payStub(new Uint8Array(4 * 1024 * 1024 + 1), "scan.tiff")), 413, "PAYLOAD_TOO_LARGE");
    expect(storedFiles()).toHaveLength(before);
    // Exactly the maximum is accepted.
    expect((await upload(documents, payStub(new Uint8Array(4 * 1024 * 1024), "scan.tiff"))).status).toBe(201);
  });

  it("answers missing or bad parts with a detail each, and a document_date type without its date with 422", async () => {
    const before = storedFiles().length;
    const missing = expectErrorEnvelope(await upload(documents, { title: "No file" }), 422, "VALIDATION_ERROR");
    expect(detailFields(missing)).toContain("file");
    const bad = expectErrorEnvelope(
      await upload(documents, { file: { bytes: "x", name: "x.pdf" }, documentTypeId: "not-a-uuid", metadata: "{not json" }),
      422,
      "VALIDATION_ERROR",
    );
    expect(detailFields(bad)).toEqual(expect.arrayContaining(["metadata"]));
    const noType = expectErrorEnvelope(
      await upload(documents, { file: { bytes: "x", name: "x.pdf" }, title: "Untyped" }),
      422,
      "VALIDATION_ERROR",
    );
    expect(detailFields(noType)).toContain("documentTypeId");
    const unknownType = expectErrorEnvelope(await upload(documents, { ...payStub(), documentTypeId: MISSING_ID }), 422, "VALIDATION_ERROR");
    expect(detailFields(unknownType)).toEqual(["documentTypeId"]);
    const dated = await api.post("/document-management/document-types", {
      name: `lease_${Date.now()}`,
      retentionYears: 5,
      retentionTrigger: "document_date",
    });
    const undated = expectErrorEnvelope(await upload(documents, { ...payStub(), documentTypeId: dated.body.id }), 422, "VALIDATION_ERROR");
    expect(detailFields(undated)).toEqual(["documentDate"]);
    expect((await upload(documents, { ...payStub(), documentTypeId: dated.body.id, documentDate: "2026-01-15" })).status).toBe(201);
    // Every refusal removed what it had stored; the one document filed keeps its bytes.
    expect(storedFiles()).toHaveLength(before + 1);
    const json = await fetch(`${url()}${documents}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await bearer(["case_worker"])) },
      body: "{}",
    });
    expect(json.status).toBe(415);
  });

  it("numbers ten concurrent versions in turn, none twice, each becoming the latest in its turn", async () => {
    const document = await filed();
    const uploads = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        upload(`${documents}/${document.id}/document-versions`, { file: { bytes: `version ${index}`, name: `v${index}.pdf` } }),
      ),
    );
    expect(uploads.map((response) => response.status)).toEqual(Array(10).fill(201));
    expect(uploads.map((response) => response.body.versionNumber).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const latest = uploads.find((response) => response.body.versionNumber === 11)!.body;
    expect((await api.get(`${documents}/${document.id}`)).body.latestVersionId).toBe(latest.id);
    const graph = await api.graphql(
      `query ($id: ID!) { document(id: $id) { versions { versionNumber } latestVersion { id contentUrl } type { name } } }`,
      { id: document.id },
    );
    expect(graph.errors).toBeUndefined();
    expect(graph.data.document.versions.map((version: Json) => version.versionNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(graph.data.document).toMatchObject({
      latestVersion: { id: latest.id, contentUrl: `/document-management/document-versions/${latest.id}/content` },
      type: { name: "pay_stub" },
    });
    expectErrorEnvelope(
      await upload(`${documents}/${MISSING_ID}/document-versions`, { file: { bytes: "x", name: "x.pdf" } }),
      404,
      "NOT_FOUND",
    );
  });
});

describe("downloading", () => {
  it("streams the bytes with the file name, an ETag from the hash and ranges, and records every access with its actor", async () => {
    const bytes = "0123456789abcdefghij";
    const document = await filed(payStub(bytes, "stub №10.pdf"));
    const whole = await download(document.latestVersionId);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/octet-stream");
    expect(whole.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
    expect(whole.headers.get("content-disposition")).toContain("filename*=UTF-8''stub%20%E2%84%9610.pdf");
    expect(await whole.text()).toBe(bytes);
    const part = await download(document.latestVersionId, { range: "bytes=5-9" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 5-9/20");
    expect(await part.text()).toBe("56789");
    expect((await download(document.latestVersionId, { range: "bytes=-3" })).status).toBe(206);
    expect((await download(document.latestVersionId, { "if-none-match": `"${sha256(bytes)}"` })).status).toBe(304);
    const unsatisfiable = await download(document.latestVersionId, { range: "bytes=50-60" });
    expect(unsatisfiable.status).toBe(416);
    const accesses = (await eventsOf(api, document.latestVersionId)).filter(
      (event) => event.type === "document_management.document_version.accessed",
    );
    expect(accesses).toHaveLength(5);
    expect(accesses[0]!.data).toEqual({
      documentId: document.id,
      documentVersionId: document.latestVersionId,
      actorId: "00000000-0000-4000-8000-0000000000c2",
      outcome: "delivered",
    });
    expect((await download(MISSING_ID)).status).toBe(404);
  });

  it("redirects to a signed, time-limited link with the redirect overlay; a tampered or expired link is refused", async () => {
    const document = await filed(payStub("signed bytes", "lease.pdf"));
    process.env.CONTENT_DELIVERY = "redirect";
    try {
      const redirected = await download(document.latestVersionId);
      expect(redirected.status).toBe(302);
      const location = redirected.headers.get("location")!;
      expect(location).toMatch(
        new RegExp(`^/document-management/content/${document.latestVersionId}/lease\\.pdf\\?expires=\\d+&signature=`),
      );
      const followed = await fetch(`${url()}${location}`);
      expect(followed.status).toBe(200);
      expect(await followed.text()).toBe("signed bytes");
      const tampered = await fetch(`${url()}${location.replace(document.latestVersionId, MISSING_ID)}`);
      expectErrorEnvelope({ status: tampered.status, headers: tampered.headers, body: await tampered.json() }, 403, "FORBIDDEN");
      const longer = location.replace(/expires=(\d+)/, (_match, at) => `expires=${Number(at) + 3600}`);
      expect((await fetch(`${url()}${longer}`)).status).toBe(403);
      const linkPath = `/document-management/content/${document.latestVersionId}/lease.pdf`;
      const expired = await fetch(
        `${url()}${linkPath}?${signLink(process.env.CONTENT_SIGNING_SECRET!, linkPath, new Date(Date.now() - 1000))}`,
      );
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as Json).message).toMatch(/expired/);
      const accessed = (await eventsOf(api, document.latestVersionId)).filter(
        (event) => event.type === "document_management.document_version.accessed",
      );
      expect(accessed.map((event) => event.data.outcome)).toEqual(["redirected"]);
    } finally {
      delete process.env.CONTENT_DELIVERY;
    }
  });
});

describe("changing a document", () => {
  it("PATCH changes only the title and date; a body read back with its server-set fields is accepted", async () => {
    const document = await filed();
    const changed = await api.patch(`${documents}/${document.id}`, {
      ...document,
      title: "Pay stub, October",
      documentDate: "2026-10-30",
      lifecycleState: "destroyed",
      metadata: { intake: { x: 1 } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: "Pay stub, October", documentDate: "2026-10-30", lifecycleState: "active", metadata: {} });
    expect((await eventsOf(api, document.id)).map((event) => event.type)).toEqual([
      "document_management.document.created",
      "document_management.document.updated",
    ]);
    expectErrorEnvelope(await api.patch(`${documents}/${document.id}`, { title: "" }), 422, "VALIDATION_ERROR");
  });

  it("metadata namespaces are replaced and removed one at a time, only by the domain that owns them", async () => {
    const document = await filed({ ...payStub(), metadata: JSON.stringify({ workflow: { taskId: "t-1" } }) });
    const intake = await bearer(["system"], { sub: "intake", userId: "intake" });
    const put = await api.put(`${documents}/${document.id}/metadata/intake`, { verificationId: "v-1" }, intake);
    expect(put.status).toBe(200);
    expect(put.body.metadata).toEqual({ workflow: { taskId: "t-1" }, intake: { verificationId: "v-1" } });
    expectErrorEnvelope(await api.put(`${documents}/${document.id}/metadata/workflow`, { taskId: "t-2" }, intake), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.put(`${documents}/${document.id}/metadata/banking`, { x: 1 }, intake), 422, "VALIDATION_ERROR");
    expect((await api.delete(`${documents}/${document.id}/metadata/intake`, intake)).status).toBe(204);
    expect((await api.get(`${documents}/${document.id}`)).body.metadata).toEqual({ workflow: { taskId: "t-1" } });
    expectErrorEnvelope(await api.put(`${documents}/${MISSING_ID}/metadata/intake`, { a: 1 }, intake), 404, "NOT_FOUND");
  });

  it("each of the six namespaces is written and removed by its own domain, each change with its event", async () => {
    expect(metadataNamespaces).toHaveLength(6);
    const document = await filed();
    const expected: Json = {};
    for (const domain of metadataNamespaces) {
      const put = await api.put(
        `${documents}/${document.id}/metadata/${domain}`,
        { note: `by ${domain}` },
        await bearer(["system"], { sub: domain, userId: domain }),
      );
      expect(put.status).toBe(200);
      expected[domain] = { note: `by ${domain}` };
      expect(put.body.metadata).toEqual(expected);
    }
    for (const domain of metadataNamespaces) {
      expect(
        (await api.delete(`${documents}/${document.id}/metadata/${domain}`, await bearer(["system"], { sub: domain, userId: domain })))
          .status,
      ).toBe(204);
    }
    expect((await api.get(`${documents}/${document.id}`)).body.metadata).toEqual({});
    const changes = (await eventsOf(api, document.id)).filter((event) => event.type === "document_management.document.metadata_changed");
    expect(changes.map((event) => [event.data.domain, event.data.before, event.data.after])).toEqual([
      ...metadataNamespaces.map((domain) => [domain, null, { note: `by ${domain}` }]),
      ...metadataNamespaces.map((domain) => [domain, { note: `by ${domain}` }, null]),
    ]);
  });

  it("a document type with documents filed under it cannot be deleted", async () => {
    const type = await api.post("/document-management/document-types", {
      name: `utility_bill_${Date.now()}`,
      retentionYears: 2,
      retentionTrigger: "case_closure",
    });
    await filed({ ...payStub(), documentTypeId: type.body.id });
    expectErrorEnvelope(await api.delete(`/document-management/document-types/${type.body.id}`), 409, "CONFLICT");
  });
});

describe("lists and access", () => {
  it("lists documents newest first, filtered by type, state and title", async () => {
    const title = `Lease ${Date.now()}`;
    const document = await filed({ ...payStub(), title });
    const found = expectListEnvelope(await api.get(listPath(documents, { q: `title:${title}` })), {
      total: 1,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(found[0].id).toBe(document.id);
    expect(
      (await api.get(listPath(documents, { documentTypeId: PAY_STUB, lifecycleState: "active", limit: 1 }))).body.items[0].documentTypeId,
    ).toBe(PAY_STUB);
    expect((await api.get(listPath(documents, { lifecycleState: "destroyed" }))).body.total).toBe(0);
    expectErrorEnvelope(await api.get(listPath(documents, { lifecycleState: "lost" })), 400, "BAD_REQUEST");
  });

  it("an applicant uploads and reads their own documents only; a partner reads none (no agreement covers a document)", async () => {
    const applicant = await bearer(["applicant"], { sub: "test|applicant-1", userId: "00000000-0000-4000-8000-0000000000a1" });
    const other = await bearer(["applicant"], { sub: "test|applicant-2", userId: "00000000-0000-4000-8000-0000000000a2" });
    const partner = await bearer(["partner_readonly"], { programs: ["snap"] });
    const mine = await filed(payStub("my stub"), applicant);
    const theirs = await filed(payStub("their stub"));
    const get = (route: string, headers: Record<string, string>) => fetch(`${url()}${route}`, { headers });
    expect((await get(`${documents}/${mine.id}`, applicant)).status).toBe(200);
    expect([403, 404]).toContain((await get(`${documents}/${theirs.id}`, applicant)).status);
    expect([403, 404]).toContain((await get(`${documents}/${mine.id}`, other)).status);
    const listed = (await (await get(documents, applicant)).json()) as Json;
    expect(listed.items.map((document: Json) => document.id)).toEqual([mine.id]);
    const ownBytes = await get(`/document-management/document-versions/${mine.latestVersionId}/content`, applicant);
    expect(await ownBytes.text()).toBe("my stub");
    expect((await get(`/document-management/document-versions/${theirs.latestVersionId}/content`, applicant)).status).toBe(403);
    expect((await get(`${documents}/${theirs.id}`, partner)).status).toBe(403);
    expect((await get(`/document-management/document-versions/${theirs.latestVersionId}/content`, partner)).status).toBe(403);
    expect((await upload(`${documents}/${theirs.id}/document-versions`, { file: { bytes: "x", name: "x.pdf" } }, partner)).status).toBe(
      403,
    );
    expect((await upload(`${documents}/${theirs.id}/document-versions`, { file: { bytes: "x", name: "x.pdf" } }, other)).status).toBe(403);
  });
});
