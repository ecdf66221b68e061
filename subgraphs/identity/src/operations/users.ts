import { ApiError, conflict, notFound } from "@pap/core";
import { loadByUuid } from "@pap/kernel/graphql";
import { findLocked, isUniqueViolation, type Prisma, type User } from "@pap/db";
import type { IdentityContext } from "../context";
import { userChanges } from "../domain/events";
import { checkAccountInScope, checkCountiesAssignable, checkNotOwnGrants, checkRolesGrantable } from "../domain/grants";
import { user as userResource, type UserCreate, type UserUpdate } from "../contract/user";
import { requestedRoles, requireSameSubject } from "../domain/user";

/**
 * The identity domain's writes, each with its event and the grant rules an administrator is held to;
 * the GraphQL resolvers only call these.
 */

/** The caller's own account: by the token's userId, else by its subject. */
export async function ownAccount(context: IdentityContext): Promise<User | null> {
  const caller = await context.principal();
  const byId = caller.id ? await loadByUuid(context.loaders.userById, caller.id) : null;
  if (byId) return byId;
  return caller.subject ? context.db.user.findUnique({ where: { idpSubject: caller.subject } }) : null;
}

async function requireOwnAccount(context: IdentityContext): Promise<User> {
  const account = await ownAccount(context);
  if (!account)
    throw new ApiError(
      404,
      "NOT_FOUND",
      "The caller has no user account: an administrator creates one for the token's subject or user id.",
    );
  return account;
}

/** The columns an update writes: what it names, roles by name (`role` and `roles` together) and each county once. */
function updateData(body: UserUpdate): Prisma.UserUpdateInput {
  const wanted = requestedRoles(body);
  return {
    ...userResource.columnsOf(body),
    ...(wanted !== undefined && { roles: wanted }),
    ...(body.counties !== undefined && { counties: [...new Set(body.counties)] }),
  };
}

/** Applies a change to one account under a row lock, with its event, in one transaction. */
function changeAccount(context: IdentityContext, id: string, change: (current: User) => Promise<Prisma.UserUpdateInput>) {
  return context.transaction(async (tx) => {
    const current = await findLocked(tx, "app_user", id, () => tx.user.findUnique({ where: { id } }));
    if (!current) throw notFound("User", id);
    const updated = await tx.user.update({ where: { id }, data: await change(current) });
    const before = userResource.snapshot(current);
    const after = userResource.snapshot(updated);
    if (JSON.stringify({ ...before, updatedAt: null }) !== JSON.stringify({ ...after, updatedAt: null }))
      await context.events.record(tx, userChanges.updated(id, before, after));
    return updated;
  });
}

/** Links an identity-provider subject to roles and counties; a subject already linked is 409, racing creates included. */
export async function createUser(context: IdentityContext, body: UserCreate): Promise<User> {
  const caller = await context.principal();
  const wanted = requestedRoles(body) ?? [];
  checkRolesGrantable(caller, wanted);
  checkCountiesAssignable(caller, body.counties ?? []);
  const duplicate = () =>
    conflict(`A user is already linked to the subject '${body.idpSubject}'.`, [
      { field: "idpSubject", message: "is already linked to a user" },
    ]);
  try {
    return await context.transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { idpSubject: body.idpSubject }, select: { id: true } })) throw duplicate();
      const created = await tx.user.create({
        data: { ...(userResource.columnsOf(body) as Prisma.UserCreateInput), roles: wanted, counties: [...new Set(body.counties ?? [])] },
      });
      await context.events.record(tx, userChanges.created(created.id, userResource.snapshot(created)));
      return created;
    });
  } catch (error) {
    // Two creates for one subject racing past the check: the unique index refuses the second.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** An administrator's change to an account, within their own grants and counties. */
export async function updateUser(context: IdentityContext, id: string, body: UserUpdate): Promise<User> {
  const caller = await context.principal();
  const wanted = requestedRoles(body);
  if (wanted) checkRolesGrantable(caller, wanted);
  if (body.counties) checkCountiesAssignable(caller, body.counties);
  return changeAccount(context, id, async (current) => {
    checkAccountInScope(caller, current);
    requireSameSubject(body, current);
    checkNotOwnGrants(caller, current, Object.keys(body));
    // Taking a role away is granting in reverse: nobody removes a role they could not grant.
    if (wanted)
      checkRolesGrantable(
        caller,
        current.roles.filter((role) => !wanted.includes(role)),
      );
    return updateData(body);
  });
}

/** The caller's change to their own account: their preferences only. */
export async function updateOwnPreferences(context: IdentityContext, body: { preferences: Record<string, unknown> }): Promise<User> {
  const account = await requireOwnAccount(context);
  return changeAccount(context, account.id, async () => ({ preferences: body.preferences as Prisma.InputJsonObject }));
}

/** Soft delete: the account becomes inactive; deactivating an inactive account changes nothing. */
export async function deactivateUser(context: IdentityContext, id: string): Promise<User> {
  const caller = await context.principal();
  return context.transaction(async (tx) => {
    const current = await findLocked(tx, "app_user", id, () => tx.user.findUnique({ where: { id } }));
    if (!current) throw notFound("User", id);
    checkAccountInScope(caller, current);
    checkNotOwnGrants(caller, current, ["status"]);
    if (current.status === "inactive") return current;
    const updated = await tx.user.update({ where: { id }, data: { status: "inactive" } });
    await context.events.record(tx, userChanges.deactivated(id, current.status));
    return updated;
  });
}
