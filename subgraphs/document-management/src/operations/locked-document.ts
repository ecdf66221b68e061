import { notFound } from "@pap/core";
import { findLocked, type Document } from "@pap/db";
import type { DocumentManagementWork } from "./work";

/** The document under its row lock (every write to a document takes it first), or null. */
export const lockDocument = (work: DocumentManagementWork, id: string): Promise<Document | null> =>
  findLocked(work.tx, "document", id, () => work.tx.document.findUnique({ where: { id } }));

/** The document under its row lock, or 404. */
export async function lockedDocument(work: DocumentManagementWork, id: string): Promise<Document> {
  const found = await lockDocument(work, id);
  if (!found) throw notFound("Document", id);
  return found;
}
