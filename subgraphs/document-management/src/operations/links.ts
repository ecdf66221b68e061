import { ApiError, validationFailed } from "@pap/core";
import { unlessKeyTaken, type DocumentLink } from "@pap/db";
import { documentLink as linkResource, type DocumentLinkCreate, type LinkSubjectType } from "../contract/document-link";
import { documentManagementEvents } from "../domain/events";
import { triggerRetention } from "./lifecycle";
import type { DocumentManagementWork } from "./work";

/** Which links anchor which trigger: a `case_closure` document waits for its cases, an `application_denial` one for its applications. */
const anchoredBy: Partial<Record<string, LinkSubjectType>> = { case_closure: "case", application_denial: "application" };

/**
 * Ties a document to a record, with the caller as `linkedBy`; the same tie twice is 409. A document of
 * no county yet takes `county`, its subject's (county scoping).
 */
export async function linkDocument(
  work: DocumentManagementWork,
  body: DocumentLinkCreate,
  linkedBy: string,
  county: string | null = null,
): Promise<DocumentLink> {
  const document = await work.tx.document.findUnique({ where: { id: body.documentId } });
  if (!document) throw validationFailed([{ field: "documentId", message: "does not name a document" }]);
  const created = await unlessKeyTaken(
    () =>
      work.tx.documentLink.create({
        data: { ...(linkResource.columnsOf(body) as DocumentLinkCreate), linkedBy, createdAt: work.clock.now() },
      }),
    () => new ApiError(409, "CONFLICT", `Document ${body.documentId} is already linked to ${body.subjectType} ${body.subjectId}.`),
  );
  if (county !== null && document.county === null)
    await work.tx.document.updateMany({ where: { id: document.id, county: null }, data: { county } });
  await work.events.record(work.tx, documentManagementEvents.draft("document.linked", document.id, linkResource.snapshot(created)));
  return created;
}

/**
 * A record closed (a case closed, an application denied) at `at`: its links close, and each document
 * whose retention waits for links of that kind, all of them now closed, has its trigger fire.
 */
export async function closeLinksOf(work: DocumentManagementWork, subjectType: LinkSubjectType, subjectId: string, at: Date): Promise<void> {
  const closed = await work.tx.documentLink.updateManyAndReturn({
    where: { subjectType, subjectId, closedAt: null },
    data: { closedAt: at },
  });
  for (const documentId of new Set(closed.map((link) => link.documentId))) {
    const document = await work.tx.document.findUnique({ where: { id: documentId }, include: { documentType: true, links: true } });
    if (!document || anchoredBy[document.documentType.retentionTrigger] !== subjectType) continue;
    if (document.links.filter((link) => link.subjectType === subjectType).every((link) => link.closedAt))
      await triggerRetention(work, documentId, at);
  }
}
