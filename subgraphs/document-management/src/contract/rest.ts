import { notFound, validationFailed } from "@pap/core";
import type { RestRequest, RestRoute } from "@pap/kernel/domain";
import { bodyReader, crudRoutes, machineActionRoutes, metadataNamespaceRoutes, withListFilters } from "@pap/kernel/rest";
import { z } from "zod";
import { document, documentVersion, lifecycleStates } from "./document";
import { documentLifecycle } from "../domain/lifecycle-machine";
import { documentLink, linkSubjectTypes } from "./document-link";
import { documentType } from "./document-type";

const tag = "Document management";
const documents = "/document-management/documents";
const documentPath = `${documents}/{documentId}`;
const versionPath = "/document-management/document-versions/{documentVersionId}";

const asRest = (resource: typeof document | typeof documentVersion, found: unknown) => (resource.toRest ? resource.toRest(found as Record<string, unknown>) : found);

const fileBody = bodyReader(document.response, document.createBody, { nonEmpty: true });

/** A multipart body's `metadata` part: a JSON object of namespaces, sent as a string. */
function metadataPart(value: string | undefined): unknown {
  if (value === undefined || value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw validationFailed([{ field: "metadata", message: "must be a JSON object (sent as a string part)" }]);
  }
}

/** The text parts of an upload, with `metadata` parsed: the file itself is in `content` (the staged upload's token). */
const textParts = (request: RestRequest) => {
  const fields = (request.body ?? {}) as Record<string, string>;
  return { ...fields, metadata: metadataPart(fields.metadata) };
};

const uploadDocs = (response: z.ZodType, body: z.ZodType) => ({
  body,
  response,
  successStatus: 201,
  errorStatuses: [400, 401, 403, 404, 413, 415, 422, 503],
});

/** `POST /documents` (SPEC §4.2): the file is stored and scanned, then the document and version 1 are filed together. */
const fileDocument: RestRoute = {
  method: "POST",
  path: documents,
  operationId: "uploadDocument",
  summary: "Upload a document (multipart: file, documentTypeId, title, documentDate, metadata as a JSON string); scanned for viruses before anything is kept",
  tag,
  upload: { textFields: ["documentTypeId", "title", "documentDate", "metadata"], fileRequired: true },
  document: `mutation ($input: DocumentCreateInput!, $content: String!) { result: fileDocument(input: $input, content: $content) { ${document.selection} } }`,
  variables: (request) => ({ input: fileBody({ ...request, body: textParts(request) }), content: request.content ?? "" }),
  respond: (result, request) => {
    const body = asRest(document, result) as { id: string };
    return { status: 201, body, headers: { location: `${request.url.split("?")[0]}/${body.id}` } };
  },
  docs: uploadDocs(document.response, (document.createBody as unknown as z.ZodObject).extend({ file: z.string().describe("The file (binary part).") })),
};

/** `POST /documents/{documentId}/document-versions`: the next version, from a scanned file. */
const addVersion: RestRoute = {
  method: "POST",
  path: `${documentPath}/document-versions`,
  operationId: "uploadDocumentVersion",
  summary: "Upload a new version of a document (multipart: file); earlier versions stay",
  tag,
  upload: { textFields: [], fileRequired: true },
  document: `mutation ($documentId: ID!, $content: String!) { result: addDocumentVersion(documentId: $documentId, content: $content) { ${documentVersion.selection} } }`,
  variables: (request) => {
    const unknown = Object.keys((request.body ?? {}) as object);
    if (unknown.length) throw validationFailed(unknown.map((field) => ({ field, message: "is not a part of a version upload (send only 'file')" })));
    return { documentId: request.params.documentId ?? "", content: request.content ?? "" };
  },
  respond: (result) => ({ status: 201, body: asRest(documentVersion, result) }),
  docs: uploadDocs(documentVersion.response, z.object({ file: z.string().describe("The file (binary part).") })),
};

const getVersion: RestRoute = {
  method: "GET",
  path: versionPath,
  operationId: "getDocumentVersion",
  summary: "Get a document version's metadata",
  tag,
  document: `query ($id: ID!) { result: documentVersion(id: $id) { ${documentVersion.selection} } }`,
  variables: (request) => ({ id: request.params.documentVersionId ?? "" }),
  respond: (result, request) => {
    if (!result) throw notFound("DocumentVersion", request.params.documentVersionId ?? "");
    return { status: 200, body: asRest(documentVersion, result) };
  },
  docs: { response: documentVersion.response, successStatus: 200, errorStatuses: [401, 403, 404] },
};

/** `GET …/content`: audited; the bytes streamed (with ranges), or 302 to a signed link, or 410 once destroyed. */
const getContent: RestRoute = {
  method: "GET",
  path: `${versionPath}/content`,
  operationId: "getDocumentVersionContent",
  summary: "Download a version's bytes (Range supported; 302 to a signed link with the redirect overlay; 410 once the document is destroyed); every call is recorded",
  tag,
  document: `mutation ($id: ID!) { result: openDocumentVersionContent(id: $id) { redirectUrl version { id fileName mimeType sizeBytes contentHash } } }`,
  variables: (request) => ({ id: request.params.documentVersionId ?? "" }),
  respond: (result) => {
    const { redirectUrl, version } = result as { redirectUrl: string | null; version: { id: string; fileName: string; mimeType: string; sizeBytes: number; contentHash: string } };
    if (redirectUrl) return { status: 302, headers: { location: redirectUrl, "cache-control": "no-store" } };
    return { status: 200, content: { key: version.id, fileName: version.fileName, mimeType: version.mimeType, sizeBytes: version.sizeBytes, contentHash: version.contentHash } };
  },
  docs: { successStatus: 200, errorStatuses: [302, 401, 403, 404, 410, 416], binary: true },
};

/** The document-management domain (SPEC §4.2). */
export const documentManagementRoutes: RestRoute[] = [
  ...crudRoutes({
    resource: documentType,
    tag,
    collectionPath: "/document-management/document-types",
    idParam: "documentTypeId",
    summaries: {
      update: "Update a document type created through the API (a configured one: 409 CONFIG_MANAGED)",
      delete: "Delete a document type created through the API (a configured one, or one documents are filed under: 409)",
    },
  }).map((route) => (route.method === "PATCH" || route.method === "DELETE" ? { ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, 409])] } } : route)),
  ...crudRoutes({ resource: document, tag, collectionPath: documents, idParam: "documentId", only: ["list", "get", "update"] }).map((route) =>
    route.path === documents
      ? withListFilters(route, [
          { name: "documentTypeId", values: "uuid", description: "Only the documents of this type." },
          { name: "lifecycleState", values: lifecycleStates, description: "Only the documents in this lifecycle state." },
        ])
      : route,
  ),
  fileDocument,
  addVersion,
  getVersion,
  getContent,
  ...metadataNamespaceRoutes({ resource: document, itemPath: documentPath, idParam: "documentId", tag, record: "document" }),
  // The records lifecycle: legal holds and disposition for records managers, the system's moves.
  ...machineActionRoutes({ machine: documentLifecycle, resource: document, tag, itemPaths: [documentPath], idParam: "documentId" }),
  ...crudRoutes({ resource: documentLink, tag, collectionPath: "/document-management/document-links", idParam: "documentLinkId", only: ["list", "get", "create"] }).map((route) =>
    route.method === "GET" && route.path === "/document-management/document-links"
      ? withListFilters(route, [
          { name: "documentId", values: "uuid", description: "Only the links of this document." },
          { name: "subjectId", values: "uuid", description: "Only the links to this record." },
          { name: "subjectType", values: linkSubjectTypes, description: "Only the links to records of this kind." },
        ])
      : route,
  ),
];
