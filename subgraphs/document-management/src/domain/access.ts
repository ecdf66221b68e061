import { forbidden } from "@pap/kernel";

type Caller = { permissions(): Promise<ReadonlySet<string>>; principal(): Promise<{ id?: string | undefined }> };

/**
 * May the caller use `permission` on this document: holding it for every document, or its `:own`
 * form when they filed the document themselves (an applicant's uploads).
 */
export async function requireDocumentAccess(caller: Caller, document: { createdById: string }, permission: "documents:read" | "document-content:read" | "document-versions:create"): Promise<void> {
  const permissions = await caller.permissions();
  if (permissions.has(permission)) return;
  const { id } = await caller.principal();
  if (permissions.has(`${permission}:own`) && id !== undefined && document.createdById === id) return;
  throw forbidden(permission);
}

/** Whose documents a caller's lists show: everyone's, or only those they filed. */
export async function visibleFiler(caller: Caller): Promise<{ createdById?: string }> {
  if ((await caller.permissions()).has("documents:read")) return {};
  return { createdById: (await caller.principal()).id ?? "00000000-0000-0000-0000-000000000000" };
}
