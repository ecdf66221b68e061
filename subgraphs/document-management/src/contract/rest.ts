import { validationFailed } from "@pap/core";
import {
  type RestRequest,
  type RestResponse,
  type RestRoute,
  answeredBy,
  contentArgument,
  created,
  crudRoutes,
  declareRoute,
  found,
  machineActionRoutes,
  metadataNamespaceRoutes,
  pathArgument,
  readArgument,
  resourceBodyArgument,
  shown,
} from "@pap/kernel/rest";
import { z } from "zod";
import { document, documentVersion, lifecycleStates } from "./document";
import { documentLifecycle } from "../domain/lifecycle-machine";
import { documentLink, linkSubjectTypes } from "./document-link";
import { documentType } from "./document-type";

const tag = "Document management";
const documents = "/document-management/documents";
const documentPath = `${documents}/{documentId}`;
const versionPath = "/document-management/document-versions/{documentVersionId}";

const uploadDocs = (body: z.ZodType) => ({ body, errorStatuses: [400, 401, 403, 404, 413, 415, 422, 503] });

/** The file part a multipart upload carries beside its text fields. */
const filePart = { file: z.string().describe("The file (binary part).") };

/** The upload's multipart body as documented: the document's create fields, and the file. */
function uploadBody(): z.ZodType {
  const fields = document.createBody;
  if (!(fields instanceof z.ZodObject)) throw new Error("a document's create body is an object of its fields");
  return fields.extend(filePart);
}

/** A multipart body's `metadata` part: a JSON object of namespaces, sent as a string. */
function metadataPart(value: string | undefined): unknown {
  if (value === undefined || value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw validationFailed([{ field: "metadata", message: "must be a JSON object (sent as a string part)" }]);
  }
}

/** An upload's text parts as the document's create body, `metadata` parsed: the file itself is in `content` (the staged upload's token). */
function uploadTextParts(request: RestRequest): Record<string, unknown> {
  const fields = (request.body ?? {}) as Record<string, string>;
  return { ...fields, metadata: metadataPart(fields.metadata) };
}

/** A version's upload is its file alone: any text part is refused. */
function uploadedVersionFile(request: RestRequest): string {
  const unknown = Object.keys((request.body ?? {}) as object);
  if (unknown.length)
    throw validationFailed(unknown.map((field) => ({ field, message: "is not a part of a version upload (send only 'file')" })));
  return request.content ?? "";
}

/** The bytes of a version, or the signed link to them (`redirectUrl`) when the deployment redirects downloads. */
const openedContent = z.object({
  redirectUrl: z.string().nullable(),
  version: z.object({ id: z.string(), fileName: z.string(), mimeType: z.string(), sizeBytes: z.number(), contentHash: z.string() }),
});

/** 302 to the signed link, or the version's bytes streamed from the content store. */
function contentAnswer(result: unknown): RestResponse {
  const { redirectUrl, version } = result as z.infer<typeof openedContent>;
  if (redirectUrl) return { status: 302, headers: { location: redirectUrl, "cache-control": "no-store" } };
  return {
    status: 200,
    content: {
      key: version.id,
      fileName: version.fileName,
      mimeType: version.mimeType,
      sizeBytes: version.sizeBytes,
      contentHash: version.contentHash,
    },
  };
}

/** `POST /documents` (SPEC §4.2): the file is stored and scanned, then the document and version 1 are filed together. */
const fileDocument = declareRoute({
  method: "POST",
  path: documents,
  operationId: "uploadDocument",
  summary:
    "Upload a document (multipart: file, documentTypeId, title, documentDate, metadata as a JSON string); scanned for viruses before anything is kept",
  tag,
  upload: { textFields: ["documentTypeId", "title", "documentDate", "metadata"], fileRequired: true },
  operation: "mutation",
  field: "fileDocument",
  args: [resourceBodyArgument(document, "create", { nonEmpty: true, bodyOf: uploadTextParts }), contentArgument()],
  result: document,
  answer: created(),
  docs: uploadDocs(uploadBody()),
});

/** `POST /documents/{documentId}/document-versions`: the next version, from a scanned file. */
const addVersion = declareRoute({
  method: "POST",
  path: `${documentPath}/document-versions`,
  operationId: "uploadDocumentVersion",
  summary: "Upload a new version of a document (multipart: file); earlier versions stay",
  tag,
  upload: { textFields: [], fileRequired: true },
  operation: "mutation",
  field: "addDocumentVersion",
  args: [pathArgument("documentId"), readArgument("content", "String!", uploadedVersionFile)],
  result: documentVersion,
  answer: shown({ status: 201 }),
  docs: uploadDocs(z.object(filePart)),
});

const getVersion = declareRoute({
  method: "GET",
  path: versionPath,
  operationId: "getDocumentVersion",
  summary: "Get a document version's metadata",
  tag,
  operation: "query",
  field: "documentVersion",
  args: [pathArgument("documentVersionId", { argument: "id" })],
  result: documentVersion,
  answer: found("documentVersionId"),
  docs: { errorStatuses: [401, 403, 404] },
});

/** `GET …/content`: audited; the bytes streamed (with ranges), or 302 to a signed link, or 410 once destroyed. */
const getContent = declareRoute({
  method: "GET",
  path: `${versionPath}/content`,
  operationId: "getDocumentVersionContent",
  summary:
    "Download a version's bytes (Range supported; 302 to a signed link with the redirect overlay; 410 once the document is destroyed); every call is recorded",
  tag,
  operation: "mutation",
  field: "openDocumentVersionContent",
  args: [pathArgument("documentVersionId", { argument: "id" })],
  result: openedContent,
  answer: answeredBy(contentAnswer),
  docs: { successStatus: 200, errorStatuses: [302, 401, 403, 404, 410, 416], binary: true },
});

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
  }).map((route) =>
    route.method === "PATCH" || route.method === "DELETE"
      ? { ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, 409])] } }
      : route,
  ),
  ...crudRoutes({
    resource: document,
    tag,
    collectionPath: documents,
    idParam: "documentId",
    only: ["list", "get", "update"],
    filters: [
      { name: "documentTypeId", values: "uuid", description: "Only the documents of this type." },
      { name: "lifecycleState", values: lifecycleStates, description: "Only the documents in this lifecycle state." },
    ],
  }),
  fileDocument,
  addVersion,
  getVersion,
  getContent,
  ...metadataNamespaceRoutes({ resource: document, itemPath: documentPath, idParam: "documentId", tag, record: "document" }),
  // The records lifecycle: legal holds and disposition for records managers, the system's moves.
  ...machineActionRoutes({ machine: documentLifecycle, resource: document, tag, itemPaths: [documentPath], idParam: "documentId" }),
  ...crudRoutes({
    resource: documentLink,
    tag,
    collectionPath: "/document-management/document-links",
    idParam: "documentLinkId",
    only: ["list", "get", "create"],
    filters: [
      { name: "documentId", values: "uuid", description: "Only the links of this document." },
      { name: "subjectId", values: "uuid", description: "Only the links to this record." },
      { name: "subjectType", values: linkSubjectTypes, description: "Only the links to records of this kind." },
    ],
  }),
];
