import { ApiError, notFound, validationFailed } from "@pap/core";
import { withNamespace, type MetadataNamespace } from "@pap/kernel/resource";
import type { Document, DocumentVersion, Prisma } from "@pap/db";
import type { StagedContent } from "@pap/content";
import { document as documentResource, type DocumentUpdate } from "../contract/document";
import { documentManagementEvents } from "../domain/events";
import { startRetentionClock } from "./lifecycle";
import { lockedDocument } from "./locked-document";
import { placeByMetadata } from "./placement";
import type { DocumentManagementWork } from "./work";

/** Document and version writes, each with its events in the work's transaction; the resolvers only call these. */

export type DocumentFiling = {
  documentTypeId: string;
  title: string;
  documentDate?: string | null;
  metadata?: Record<string, unknown> | null;
};

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** What the events of an upload say of it: the version, and the document's namespaces (intake reads `metadata.intake`). */
const uploadedData = (found: Document, version: DocumentVersion) => ({
  documentId: found.id,
  documentVersionId: version.id,
  versionNumber: version.versionNumber,
  fileName: version.fileName,
  contentHash: version.contentHash,
  sizeBytes: version.sizeBytes,
  metadata: found.metadata ?? {},
});

const versionRow = (documentId: string, versionNumber: number, staged: StagedContent, uploadedById: string, now: Date) => ({
  id: staged.contentId,
  documentId,
  versionNumber,
  fileName: staged.fileName,
  mimeType: staged.mimeType,
  sizeBytes: staged.sizeBytes,
  contentHash: staged.contentHash,
  uploadedById,
  scanned: staged.scan === "clean",
  createdAt: now,
});

/**
 * Files a document with its first version (SPEC §3.1: `active`, version 1, `latestVersionId` on it),
 * both with their events in one transaction. The type must exist, and a type whose retention starts
 * from the document's date needs that date.
 */
export async function createDocument(
  work: DocumentManagementWork,
  filing: DocumentFiling,
  staged: StagedContent,
  uploadedById: string,
  county: string | null = null,
): Promise<Document> {
  const type = await work.tx.documentType.findUnique({ where: { id: filing.documentTypeId } });
  if (!type) throw validationFailed([{ field: "documentTypeId", message: "does not name a document type" }]);
  if (type.retentionTrigger === "document_date" && !filing.documentDate) {
    throw validationFailed([
      {
        field: "documentDate",
        message: `is required: a '${type.name}' is kept for ${type.retentionYears} years from the date on its face`,
      },
    ]);
  }
  const now = work.clock.now();
  const created = await work.tx.document.create({
    data: {
      ...(documentResource.columnsOf({ title: filing.title, documentDate: filing.documentDate ?? null }) as object),
      documentTypeId: type.id,
      metadata: json(filing.metadata ?? {}),
      latestVersionId: staged.contentId,
      versionCount: 1,
      createdById: uploadedById,
      county,
      createdAt: now,
      updatedAt: now,
    } as Prisma.DocumentUncheckedCreateInput,
  });
  const version = await work.tx.documentVersion.create({ data: versionRow(created.id, 1, staged, uploadedById, now) });
  await work.events.record(
    work.tx,
    documentManagementEvents.draft("document.created", created.id, {
      documentId: created.id,
      latestVersionId: version.id,
      documentVersionId: version.id,
      documentTypeId: created.documentTypeId,
      title: created.title,
      metadata: created.metadata ?? {},
    }),
  );
  await work.events.record(
    work.tx,
    documentManagementEvents.draft("document_version.uploaded", version.id, uploadedData(created, version)),
  );
  return startRetentionClock(work, created, type.retentionTrigger);
}

/**
 * Adds the next version: its number is the document's count plus one, taken under the document's row
 * lock, so concurrent uploads get consecutive numbers and never the same one.
 */
export async function addDocumentVersion(
  work: DocumentManagementWork,
  documentId: string,
  staged: StagedContent,
  uploadedById: string,
): Promise<DocumentVersion> {
  const found = await lockedDocument(work, documentId);
  if (found.lifecycleState === "destroyed")
    throw new ApiError(409, "CONFLICT", `Document ${documentId} has been destroyed: it takes no new versions.`);
  const now = work.clock.now();
  const versionNumber = found.versionCount + 1;
  const version = await work.tx.documentVersion.create({ data: versionRow(documentId, versionNumber, staged, uploadedById, now) });
  const updated = await work.tx.document.update({
    where: { id: documentId },
    data: { versionCount: versionNumber, latestVersionId: version.id, updatedAt: now },
  });
  await work.events.record(
    work.tx,
    documentManagementEvents.draft("document_version.uploaded", version.id, uploadedData(updated, version)),
  );
  return version;
}

/** PATCH: only the title and the date on the document's face change. */
export async function updateDocument(work: DocumentManagementWork, id: string, body: DocumentUpdate): Promise<Document> {
  const before = await lockedDocument(work, id);
  if (body.documentDate === null) {
    const type = await work.tx.documentType.findUnique({ where: { id: before.documentTypeId } });
    if (type?.retentionTrigger === "document_date")
      throw validationFailed([{ field: "documentDate", message: `is required for a '${type.name}'` }]);
  }
  const after = await work.tx.document.update({
    where: { id },
    data: { ...(documentResource.columnsOf(body) as object), updatedAt: work.clock.now() },
  });
  await work.events.record(
    work.tx,
    documentManagementEvents.draft("document.updated", id, {
      before: documentResource.snapshot(before),
      after: documentResource.snapshot(after),
    }),
  );
  // A new date on its face moves a `document_date` document's trigger, while its retention has not begun.
  if (body.documentDate !== undefined && after.lifecycleState === "active") {
    const type = await work.tx.documentType.findUniqueOrThrow({ where: { id: after.documentTypeId } });
    await startRetentionClock(work, after, type.retentionTrigger);
  }
  return after;
}

/** Replaces (`value`) or removes (null) one metadata namespace, leaving the others. */
export async function writeDocumentMetadata(
  work: DocumentManagementWork,
  id: string,
  domain: MetadataNamespace,
  value: Record<string, unknown> | null,
): Promise<Document> {
  const before = await lockedDocument(work, id);
  const metadata = withNamespace(before.metadata, domain, value);
  const after = await work.tx.document.update({ where: { id }, data: { metadata: json(metadata) } });
  if (after.county === null) await placeByMetadata(work.tx, id, metadata);
  const previous = ((before.metadata ?? {}) as Record<string, unknown>)[domain] ?? null;
  await work.events.record(
    work.tx,
    documentManagementEvents.draft("document.metadata_changed", id, { domain, before: previous, after: value, metadata }),
  );
  return after;
}

export type ContentAccess = { version: DocumentVersion; document: Document; outcome: "delivered" | "redirected" | "gone" };

/**
 * Records that a version's content was asked for, by whom and with what outcome: every call is
 * audited, also one that finds the document destroyed (which the caller then answers with 410).
 */
export async function recordContentAccess(
  work: DocumentManagementWork,
  versionId: string,
  actorId: string,
  delivery: "delivered" | "redirected",
): Promise<ContentAccess> {
  const version = await work.tx.documentVersion.findUnique({ where: { id: versionId }, include: { document: true } });
  if (!version) throw notFound("DocumentVersion", versionId);
  const { document, ...plain } = version;
  const outcome = document.lifecycleState === "destroyed" ? "gone" : delivery;
  await work.events.record(
    work.tx,
    documentManagementEvents.draft("document_version.accessed", versionId, {
      documentId: document.id,
      documentVersionId: versionId,
      actorId,
      outcome,
    }),
  );
  return { version: plain, document, outcome };
}
