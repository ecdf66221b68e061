import { forbidden } from "@pap/kernel/auth";
import type { Document, DocumentLink } from "@pap/db";
import { ownersOf } from "./document-owners";

/** What access needs of the caller: their permissions, their id, and the applications they own (an applicant's). */
export type DocumentCaller = {
  permissions(): Promise<ReadonlySet<string>>;
  principal(): Promise<{ id?: string | undefined }>;
  ownedApplications(): Promise<readonly string[]>;
};

type Permission = "documents:read" | "document-content:read" | "document-versions:create";

/**
 * Whether a document is the caller's own: they filed it, or it belongs to an application they own
 * (linked to it, or naming it in its intake metadata), such as a notice a caseworker filed for them.
 */
async function ownsDocument(caller: DocumentCaller, document: Document & { links?: DocumentLink[] }): Promise<boolean> {
  const { id } = await caller.principal();
  if (id === undefined) return false;
  if (document.createdById === id) return true;
  const owned = await caller.ownedApplications();
  return (
    owned.length > 0 &&
    ownersOf("application", { ...document, links: document.links ?? [] }).some((applicationId) => owned.includes(applicationId))
  );
}

/** May the caller use `permission` on this document: holding it for every document, or its `:own` form for their own. */
export async function mayUseDocument(
  caller: DocumentCaller,
  document: Document & { links?: DocumentLink[] },
  permission: Permission,
): Promise<boolean> {
  const permissions = await caller.permissions();
  if (permissions.has(permission)) return true;
  return permissions.has(`${permission}:own`) && ownsDocument(caller, document);
}

export async function requireDocumentAccess(
  caller: DocumentCaller,
  document: Document & { links?: DocumentLink[] },
  permission: Permission,
): Promise<void> {
  if (!(await mayUseDocument(caller, document, permission))) throw forbidden(permission);
}

/**
 * The documents a caller's lists show, as a condition: every one, or their own (filed by them, linked
 * to or naming one of their applications).
 */
export async function visibleDocuments(caller: DocumentCaller): Promise<object> {
  if ((await caller.permissions()).has("documents:read")) return {};
  const id = (await caller.principal()).id ?? "00000000-0000-0000-0000-000000000000";
  const owned = [...(await caller.ownedApplications())];
  return {
    OR: [
      { createdById: id },
      ...(owned.length ? [{ links: { some: { subjectType: "application", subjectId: { in: owned } } } }] : []),
      ...owned.map((applicationId) => ({ metadata: { path: ["intake", "applicationId"], equals: applicationId } })),
    ],
  };
}
