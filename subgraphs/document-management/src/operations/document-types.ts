import { ApiError, notFound } from "@pap/core";
import { findLocked, unlessKeyTaken, type DocumentType } from "@pap/db";
import { documentType as documentTypeResource, type DocumentTypeCreate, type DocumentTypeUpdate } from "../contract/document-type";
import { documentTypeChanges } from "../domain/events";
import type { DocumentManagementWork } from "./work";

/** Document type writes, each with its event in the work's transaction; the GraphQL resolvers only call these. */

const duplicateName = (name: string | undefined): ApiError =>
  new ApiError(409, "CONFLICT", `A document type named '${name}' already exists.`, [
    { field: "name", message: "is taken by another document type" },
  ]);

/** A write that may take a name another type holds: 409 (the unique index decides, so racing creates cannot both win). */
const withUniqueName = <T>(name: string | undefined, write: () => Promise<T>): Promise<T> =>
  unlessKeyTaken(write, () => duplicateName(name));

/** A user type under its row lock; a configured (system) type is refused with 409 CONFIG_MANAGED. */
async function lockedUserType(work: DocumentManagementWork, id: string, doing: "changed" | "deleted"): Promise<DocumentType> {
  const found = await findLocked(work.tx, "document_type", id, () => work.tx.documentType.findUnique({ where: { id } }));
  if (!found) throw notFound("DocumentType", id);
  if (found.source === "system") {
    throw new ApiError(
      409,
      "CONFIG_MANAGED",
      `Document type '${found.name}' comes from the platform's configuration and cannot be ${doing} through the API.`,
    );
  }
  return found;
}

export async function createDocumentType(work: DocumentManagementWork, body: DocumentTypeCreate): Promise<DocumentType> {
  const now = work.clock.now();
  const created = await withUniqueName(body.name, () =>
    work.tx.documentType.create({
      data: { ...(documentTypeResource.columnsOf(body) as DocumentTypeCreate), source: "user", createdAt: now, updatedAt: now },
    }),
  );
  await work.events.record(work.tx, documentTypeChanges.created(created.id, documentTypeResource.snapshot(created)));
  return created;
}

export async function updateDocumentType(work: DocumentManagementWork, id: string, body: DocumentTypeUpdate): Promise<DocumentType> {
  const before = await lockedUserType(work, id, "changed");
  const after = await withUniqueName(body.name, () =>
    work.tx.documentType.update({ where: { id }, data: { ...documentTypeResource.columnsOf(body), updatedAt: work.clock.now() } }),
  );
  await work.events.record(
    work.tx,
    documentTypeChanges.updated(id, documentTypeResource.snapshot(before), documentTypeResource.snapshot(after)),
  );
  return after;
}

/**
 * Deletes a type created through the API. Configured types stay (409 CONFIG_MANAGED), and so does a
 * type documents are filed under (409): their retention depends on it. Filing takes the type's row in
 * the same way (a foreign key), so a document filed meanwhile cannot slip past the count.
 */
export async function deleteDocumentType(work: DocumentManagementWork, id: string): Promise<string> {
  const found = await lockedUserType(work, id, "deleted");
  const filed = await work.tx.document.count({ where: { documentTypeId: id } });
  if (filed)
    throw new ApiError(409, "CONFLICT", `Document type '${found.name}' has ${filed} document(s) filed under it and cannot be deleted.`);
  await work.tx.documentType.delete({ where: { id } });
  await work.events.record(work.tx, documentTypeChanges.deleted(id));
  return id;
}
