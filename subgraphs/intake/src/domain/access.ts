import { conflict, notFound } from "@pap/core";
import type { MachineCaller } from "@pap/kernel/state-machine";
import {
  accountRequired,
  coversPrograms,
  forbidden,
  reaches,
  type Agreement,
  type CallerAccount,
  type CountyReach,
  type Principal,
} from "@pap/kernel/auth";
import { changeableStatuses, type ApplicationStatus } from "../contract/application";

type Caller = {
  permissions(): Promise<ReadonlySet<string>>;
  principal(): Promise<Principal>;
  account(): Promise<CallerAccount | null>;
  countyReach(): Promise<CountyReach>;
  agreement(): Promise<Agreement | undefined>;
};
type Owned = { id: string; ownerId: string | null; county: string | null; programs: readonly string[] };

/**
 * The account an own-records caller (an applicant) acts as: the applications they create belong to
 * it, and only those are theirs. A credential that names no active account is refused, saying so,
 * rather than let the caller make an application no one could ever call theirs.
 */
export async function ownAccountId(caller: Caller): Promise<string> {
  const account = await caller.account();
  if (!account) throw accountRequired(await caller.principal(), "An applicant's applications belong to their user account");
  return account.id;
}

/** The account a new application belongs to: its creator's (a caseworker creating one for a household may have none). */
export async function ownerOfNew(caller: Caller): Promise<string | null> {
  if ((await caller.permissions()).has("applications:read")) return (await caller.account())?.id ?? null;
  return ownAccountId(caller);
}

/**
 * May the caller act on this application: with the permission for all, within the counties they
 * reach and (a partner) the programs of their agreement, or with the `:own` one when it belongs to
 * their account. An application out of reach is not found: a 403 would tell that it exists.
 */
export async function requireAccess(caller: Caller, application: Owned, action: "read" | "update" | "delete"): Promise<void> {
  const permissions = await caller.permissions();
  if (permissions.has(`applications:${action}`)) {
    if (reaches(await caller.countyReach(), application.county) && coversPrograms(await caller.agreement(), application.programs)) return;
    throw notFound("Application", application.id);
  }
  if (permissions.has(`applications:${action}:own`) && application.ownerId === (await ownAccountId(caller))) return;
  throw forbidden(`applications:${action}`);
}

/**
 * The caller as the application machine judges them: an own-records caller by their account's id
 * (what `callerIsOwner` compares with the owner), anyone else as their credential says.
 */
export async function machineCaller(caller: Caller): Promise<MachineCaller> {
  const principal = await caller.principal();
  if ((await caller.permissions()).has("applications:read")) return principal;
  return { roles: principal.roles, id: (await caller.account())?.id };
}

/** An application and its records change only while it is a draft or under review (409 naming its state otherwise). */
export function requireChangeable(application: { status: ApplicationStatus }, what = "The application"): void {
  if (!changeableStatuses.includes(application.status)) {
    throw conflict(
      `${what} cannot be changed while the application is ${application.status}; only ${changeableStatuses.join(" or ")} applications can.`,
      [{ field: "status", message: `is ${application.status}` }],
    );
  }
}

/** Only a draft is deleted. */
export function requireDraft(application: { status: ApplicationStatus }): void {
  if (application.status !== "draft")
    throw conflict(`Only a draft application can be deleted; this one is ${application.status}.`, [
      { field: "status", message: `is ${application.status}` },
    ]);
}
