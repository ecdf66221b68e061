import { conflict, forbidden, isUuid } from "@pap/kernel";
import { changeableStatuses, type ApplicationStatus } from "../contract/application";

type Caller = { permissions(): Promise<ReadonlySet<string>>; principal(): Promise<{ id?: string | undefined }> };
type Owned = { ownerId: string | null };

/** May the caller act on this application: with the permission for all, or the `:own` one when they created it. */
export async function requireAccess(caller: Caller, application: Owned, action: "read" | "update" | "delete"): Promise<void> {
  const permissions = await caller.permissions();
  if (permissions.has(`applications:${action}`)) return;
  const { id } = await caller.principal();
  if (permissions.has(`applications:${action}:own`) && id !== undefined && application.ownerId === id) return;
  throw forbidden(`applications:${action}`);
}

/** Whose applications a caller's lists show: everyone's, or only their own. */
export async function visibleOwner(caller: Caller): Promise<{ ownerId?: string }> {
  if ((await caller.permissions()).has("applications:read")) return {};
  // Owners are accounts: a credential whose id is no account id (an identity provider's subject) owns none.
  const { id } = await caller.principal();
  return { ownerId: isUuid(id) ? id : "00000000-0000-0000-0000-000000000000" };
}

/** An application and its records change only while it is a draft or under review (409 naming its state otherwise). */
export function requireChangeable(application: { status: ApplicationStatus }, what = "The application"): void {
  if (!changeableStatuses.includes(application.status)) {
    throw conflict(`${what} cannot be changed while the application is ${application.status}; only ${changeableStatuses.join(" or ")} applications can.`, [
      { field: "status", message: `is ${application.status}` },
    ]);
  }
}

/** Only a draft is deleted. */
export function requireDraft(application: { status: ApplicationStatus }): void {
  if (application.status !== "draft") throw conflict(`Only a draft application can be deleted; this one is ${application.status}.`, [{ field: "status", message: `is ${application.status}` }]);
}
