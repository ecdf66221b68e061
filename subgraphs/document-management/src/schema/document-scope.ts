import { countyCondition, countyOfNewRecord, countyScope } from "@pap/kernel/auth";
import { loadByUuid } from "@pap/kernel/graphql";
import type { Document, DocumentLink, DocumentVersion } from "@pap/db";
import type { DocumentManagementContext } from "../context";
import { countyAnchorsIn } from "../domain/document-owners";

/**
 * County scoping for documents (docs/county-scoping.md): a document belongs to the county of the
 * record it was filed for (its intake metadata's application or verification) or first linked to,
 * else its confined filer's; one out of the caller's reach is not found, however it is asked for, and
 * neither are its versions, their bytes or its links.
 */
export const documentScope = countyScope<DocumentManagementContext>("Document", (context, id) =>
  context.db.document.findUnique({ where: { id }, select: { county: true } }),
);

/** The document by id, none when there is none or it is out of reach. */
export async function reachableDocument(context: DocumentManagementContext, id: string): Promise<Document | null> {
  return documentScope.reachable(context, await loadByUuid(context.loaders.documentById, id));
}

/** A version, none when there is none or its document is out of reach. */
export async function reachableVersion(context: DocumentManagementContext, id: string): Promise<DocumentVersion | null> {
  const version = await loadByUuid(context.loaders.versionById, id);
  return version && (await reachableDocument(context, version.documentId)) ? version : null;
}

/** A link, none when its document is out of reach. */
export async function reachableLink(context: DocumentManagementContext, id: string): Promise<DocumentLink | null> {
  const link = await loadByUuid(context.loaders.linkById, id);
  return link && (await reachableDocument(context, link.documentId)) ? link : null;
}

/** The list condition on links: those of documents within reach. */
export async function linkCondition(context: DocumentManagementContext): Promise<Record<string, unknown>> {
  const reach = await context.countyReach();
  return reach === undefined ? {} : { document: countyCondition(reach) };
}

/**
 * Where a new document belongs: with the record its metadata files it for, which must be within the
 * caller's reach (404 otherwise, as reading it would be); else with a confined filer's county; else
 * state level, until a link anchors it.
 */
export function countyOfFiling(context: DocumentManagementContext, metadata: unknown): Promise<string | null> {
  return countyOfNewRecord(context, { type: "application", id: countyAnchorsIn(metadata)[0] ?? null });
}
