// A household's upload answers intake (issue 18): a document whose metadata names a verification is
// added to its evidence and satisfies it, and the documents show on the application, the verification,
// the case and the person in one graph query, an applicant seeing only the documents they filed; and
// `documentChanged` delivers a document's changes as they commit.
import type { Client } from "graphql-ws/client";
import { applicantAccount } from "../support/auth";
import { subscribeRegistered } from "../support/live";
import { useTestPlatform } from "../support/platform";
import type { Json } from "../support/expectations";
import { created } from "../support/creators";

const { api, url, platform, settle } = useTestPlatform("documents_intake");
const clients: Client[] = [];
afterAll(async () => Promise.all(clients.map((client) => client.dispose())));

const LEASE = "e1f2a3b4-c5d6-4e7f-8a9b-c0d1e2f3a4b5";

async function upload(metadata: Json, headers?: Record<string, string>): Promise<Json> {
  const form = new FormData();
  form.append("file", new Blob(["lease agreement, 12 months"]), "lease.pdf");
  form.append("documentTypeId", LEASE);
  form.append("title", "Lease");
  form.append("metadata", JSON.stringify(metadata));
  const response = await api.raw("POST", "/document-management/documents", form, headers);
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

it("an upload naming a verification becomes its evidence and satisfies it; the documents show on the application, the verification, the case and the person", async () => {
  const person = await created(api, "/persons", { name: { firstName: "Lena", lastName: "Lease" } });
  const kase = await created(api, "/case-management/cases", { primaryApplicantId: person.id });
  const application = await created(api, "/intake/applications", { programs: ["snap"] });
  const verification = await created(api, `/intake/applications/${application.id}/verifications`, {
    category: "residency",
    verificationType: "document",
  });
  expect(verification.status).toBe("pending");

  const document = await upload({
    intake: { applicationId: application.id, verificationId: verification.id },
    "client-management": { personId: person.id },
  });
  await created(api, "/document-management/document-links", { documentId: document.id, subjectType: "case", subjectId: kase.id });
  await settle();

  const satisfied = (await api.get(`/intake/applications/${application.id}/verifications/${verification.id}`)).body;
  expect(satisfied.status).toBe("satisfied");
  expect(satisfied.evidence).toEqual([
    expect.objectContaining({ type: "document", documentId: document.id, documentVersionId: document.latestVersionId }),
  ]);

  // A second version for the same verification is more evidence; the verification stays satisfied.
  const form = new FormData();
  form.append("file", new Blob(["lease agreement, renewed"]), "lease-2.pdf");
  expect((await api.raw("POST", `/document-management/documents/${document.id}/document-versions`, form)).status).toBe(201);
  await settle();
  const again = (await api.get(`/intake/applications/${application.id}/verifications/${verification.id}`)).body;
  expect(again.status).toBe("satisfied");
  expect(again.evidence).toHaveLength(2);

  const graph = await api.graphql(
    `query ($application: ID!, $case: ID!, $person: ID!) {
      application(id: $application) { documents { id title } verifications { id status documents { id } } }
      case(id: $case) { documents { id } }
      person(id: $person) { documents { id latestVersion { versionNumber } } }
    }`,
    { application: application.id, case: kase.id, person: person.id },
  );
  expect(graph.errors).toBeUndefined();
  expect(graph.data.application.documents).toEqual([{ id: document.id, title: "Lease" }]);
  expect(graph.data.application.verifications).toEqual([{ id: verification.id, status: "satisfied", documents: [{ id: document.id }] }]);
  expect(graph.data.case.documents).toEqual([{ id: document.id }]);
  expect(graph.data.person.documents).toEqual([{ id: document.id, latestVersion: { versionNumber: 2 } }]);
});

it("an applicant reads the documents of their own applications, whoever filed them, and no one else's", async () => {
  const { headers: applicant } = await applicantAccount(api);
  const application = (await api.post("/intake/applications", { programs: ["snap"] }, applicant)).body;
  const other = await created(api, "/intake/applications", { programs: ["snap"] });
  const mine = await upload({ intake: { applicationId: application.id } }, applicant);
  // A notice a caseworker filed for the applicant's application is theirs to read; another household's is not.
  const forThem = await upload({ intake: { applicationId: application.id } });
  const notTheirs = await upload({ intake: { applicationId: other.id } });
  const response = await api.raw(
    "POST",
    "/graphql",
    { query: `query ($id: ID!) { application(id: $id) { documents { id } } }`, variables: { id: application.id } },
    applicant,
  );
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.application.documents.map((document: Json) => document.id).sort()).toEqual([mine.id, forThem.id].sort());
  const listed = (await api.raw("GET", "/document-management/documents", undefined, applicant)).body.items.map(
    (document: Json) => document.id,
  );
  expect(listed.sort()).toEqual([mine.id, forThem.id].sort());
  expect(
    (await api.raw("GET", `/document-management/document-versions/${forThem.latestVersionId}/content`, undefined, applicant)).body,
  ).toBe("lease agreement, 12 months");
  expect((await api.raw("GET", `/document-management/documents/${notTheirs.id}`, undefined, applicant)).status).toBe(403);
  expect(
    (await api.raw("GET", `/document-management/document-versions/${notTheirs.latestVersionId}/content`, undefined, applicant)).status,
  ).toBe(403);
});

it("documentChanged(id) delivers that document's changes as they commit, with the document as it is now, and not its downloads", async () => {
  const document = await upload({});
  const changes = await subscribeRegistered(
    platform(),
    url(),
    clients,
    "subscription ($id: ID!) { documentChanged(id: $id) { type subject document { id title latestVersion { versionNumber } } } }",
    { id: document.id },
  );
  await upload({ intake: { note: "another document" } });

  const form = new FormData();
  form.append("file", new Blob(["lease, page 2"]), "lease-2.pdf");
  const version = await api.raw("POST", `/document-management/documents/${document.id}/document-versions`, form);
  expect(version.status).toBe(201);
  // Payloads resolve `document` when delivered: take each before the next change.
  const [uploaded] = await changes.take(1);
  expect(uploaded?.data?.documentChanged).toEqual({
    type: "document_management.document_version.uploaded",
    subject: version.body.id,
    document: { id: document.id, title: "Lease", latestVersion: { versionNumber: 2 } },
  });
  expect((await api.patch(`/document-management/documents/${document.id}`, { title: "Lease, renewed" })).status).toBe(200);
  const [renamed] = await changes.take(1);
  expect(renamed?.data?.documentChanged).toMatchObject({
    type: "document_management.document.updated",
    subject: document.id,
    document: { title: "Lease, renewed" },
  });

  // A download is recorded (document_version.accessed) but is not a change; the other document's filing is not this one's.
  expect((await api.raw("GET", `/document-management/document-versions/${version.body.id}/content`)).status).toBe(200);
  await settle();
  expect(changes.untaken()).toEqual([]);
});
