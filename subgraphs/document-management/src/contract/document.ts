import { defineResource, namespaceMap, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const lifecycleStates = ["active", "retained", "pending_disposition", "destroyed"] as const;
export type LifecycleState = (typeof lifecycleStates)[number];

/**
 * A document a household or a caseworker filed (SPEC §2.4): its type governs how long it is kept, its
 * versions hold the bytes, and its lifecycle (SPEC §3.1) runs from `active` through retention to the
 * destruction of every version's content. Created by an upload, never by a JSON body; afterwards only
 * `title` and `documentDate` change through PATCH, the metadata namespaces through their own paths.
 */
export const document = defineResource({
  name: "Document",
  plural: "documents",
  model: "Document",
  description: "A filed document: its type, title and date, its versions, where it is in the records lifecycle.",
  fields: {
    id: { kind: "uuid", search: true },
    documentTypeId: {
      kind: "uuid",
      write: "create",
      required: true,
      search: true,
      description: "The document type, which governs retention.",
    },
    title: {
      kind: "string",
      write: "always",
      required: true,
      input: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
      search: true,
      sort: true,
      description: "A human label, distinct from the uploaded file's name.",
    },
    documentDate: {
      kind: "date",
      write: "always",
      nullable: true,
      sort: true,
      description: "The date on the document's face; required when the type's retention starts from it.",
    },
    lifecycleState: {
      kind: "enum",
      values: lifecycleStates,
      enumName: "DocumentLifecycleState",
      search: true,
      sort: true,
      description: "Where the document is in the records lifecycle.",
    },
    legalHold: { kind: "boolean", description: "While true the document cannot advance towards disposition." },
    latestVersionId: { kind: "uuid", description: "The current version." },
    retentionDeadline: { kind: "date", nullable: true, description: "The end of retention; set when the document enters `retained`." },
    metadata: {
      kind: "json",
      write: "create",
      input: namespaceMap,
      description:
        "Per domain (intake, workflow …) an object of its own; `intake.verificationId` names the verification an upload answers.",
    },
    county: {
      kind: "string",
      nullable: true,
      description:
        "The county the document belongs to, as a five-digit FIPS code: that of the record it was filed for or first linked to; null (state level) while none is known.",
    },
    dispositionApprovedBy: { kind: "string", nullable: true, description: "The records manager who authorized destruction." },
    dispositionApprovedAt: { kind: "datetime", nullable: true, description: "When destruction was authorized." },
    type: { kind: "reference", target: "DocumentType", nullable: true, description: "The document type." },
    versions: { kind: "reference", target: "DocumentVersion", list: true, description: "Every version, the first first." },
    latestVersion: { kind: "reference", target: "DocumentVersion", nullable: true, description: "The current version." },
    links: {
      kind: "reference",
      target: "DocumentLink",
      list: true,
      description: "What the document is tied to: applications, cases, verifications, tasks.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  storedOnly: ["versionCount", "createdById", "retainedAt", "legalHoldReason"],
  list: { defaultSort: "-updatedAt" },
});

export type DocumentUpdate = UpdateBody<typeof document>;

/** An immutable version of a document's bytes (SPEC §2.4); the bytes themselves are fetched from its content path. */
export const documentVersion = defineResource({
  name: "DocumentVersion",
  plural: "documentVersions",
  model: "DocumentVersion",
  description: "One uploaded version of a document: who uploaded what, when, and the SHA-256 of its bytes.",
  fields: {
    id: { kind: "uuid" },
    documentId: { kind: "uuid" },
    versionNumber: { kind: "integer", sort: true, description: "1 for the first upload, then each next one in turn." },
    fileName: { kind: "string", description: "The uploaded file's original name." },
    mimeType: { kind: "string" },
    sizeBytes: { kind: "integer" },
    contentHash: { kind: "string", description: "The SHA-256 of the bytes, in hex: duplicates are found by it, never refused." },
    uploadedById: { kind: "string", description: "Who uploaded it." },
    document: { kind: "reference", target: "Document", nullable: true, description: "The document this is a version of." },
    contentUrl: {
      kind: "string",
      visibility: "graph",
      resolvedBy: "schema",
      description: "The REST path that answers this version's bytes (or a redirect to them); every fetch is recorded as an access.",
    },
    createdAt: { kind: "datetime", sort: true, description: "When it was uploaded." },
  },
  storedOnly: ["scanned"],
  list: { defaultSort: "versionNumber" },
});
