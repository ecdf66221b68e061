import { isUniqueViolation, findLocked, type Prisma, type User } from "@pap/db";
import { conflict, defineListType, findPage, givenFields, listArguments, loadByUuid, notFound, parseBody, roles } from "@pap/kernel";
import { builder } from "../builder";
import type { IdentityContext } from "../context";
import { roleGrants } from "../domain/claims";
import { userChanges } from "../domain/events";
import { checkAccountInScope, checkCountiesAssignable, checkNotOwnGrants, checkRolesGrantable } from "../domain/grants";
import { requestedRoles, requireSameSubject, selfUpdateBody, userCreateBody, userListSpec, userSnapshot, userStatuses, userUpdateBody, type UserUpdate } from "../domain/user";

export const RoleName = builder.enumType("RoleName", { values: roles });
const UserStatus = builder.enumType("UserStatus", { values: userStatuses });

export const RoleRef = builder.objectRef<{ name: (typeof roles)[number]; permissions: string[] }>("Role").implement({
  description: "A role the user holds, with every permission it grants across the platform (`{resource}:{action}`).",
  fields: (t) => ({
    name: t.expose("name", { type: RoleName }),
    permissions: t.exposeStringList("permissions"),
  }),
});

export const UserRef = builder.prismaObject("User", {
  // Others' accounts need users:read; the caller's own comes through `me`, which grants `ownAccount`.
  authScopes: { $any: { permission: "users:read", $granted: "ownAccount" } },
  description: "An account: an identity-provider subject linked to roles and county assignments.",
  fields: (t) => ({
    id: t.exposeID("id"),
    userId: t.exposeID("id", { description: "The same id, as tokens carry it (`userId` claim)." }),
    idpSubject: t.exposeString("idpSubject", { description: "The identity provider's `sub`; fixed once linked." }),
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
    roles: t.field({ type: [RoleRef], resolve: (user, _args, context) => roleGrants(user.roles, context.permissionCatalog) }),
    status: t.expose("status", { type: UserStatus }),
    counties: t.exposeStringList("counties", { description: "County FIPS codes the user works in." }),
    organizationId: t.exposeID("organizationId", { nullable: true }),
    personId: t.exposeID("personId", { nullable: true }),
    caseWorkerId: t.exposeID("caseWorkerId", { nullable: true }),
    preferences: t.field({ type: "JSONObject", resolve: (user) => user.preferences as Record<string, unknown> }),
    ui: t.field({ type: "JSONObject", description: "UI state kept by the platform; read-only.", resolve: (user) => user.ui as Record<string, unknown> }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.asEntity(UserRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.userById, reference.id),
});

const UserList = defineListType(builder, "UserList", UserRef);

const UserCreateInput = builder.inputType("UserCreateInput", {
  fields: (t) => ({
    idpSubject: t.string({ required: true }),
    email: t.string({ required: true }),
    name: t.string(),
    role: t.field({ type: RoleName }),
    roles: t.field({ type: [RoleName] }),
    counties: t.stringList(),
    organizationId: t.id(),
    personId: t.id(),
    caseWorkerId: t.id(),
  }),
});

const UserUpdateInput = builder.inputType("UserUpdateInput", {
  fields: (t) => ({
    email: t.string(),
    name: t.string(),
    role: t.field({ type: RoleName }),
    roles: t.field({ type: [RoleName] }),
    status: t.field({ type: UserStatus }),
    counties: t.stringList(),
    organizationId: t.id(),
    personId: t.id(),
    caseWorkerId: t.id(),
    preferences: t.field({ type: "JSONObject" }),
    idpSubject: t.string({ description: "Fixed once linked: accepted only as the account has it (a client sending back what it read)." }),
  }),
});

const MyAccountInput = builder.inputType("MyAccountInput", {
  description: "What a user may change on their own account.",
  fields: (t) => ({ preferences: t.field({ type: "JSONObject", required: true }) }),
});

/** GraphQL leaves unset input fields undefined; the domain's validation reads them as absent. */

/** The caller's own account: by the token's userId, else by its subject. */
async function ownAccount(context: IdentityContext): Promise<User | null> {
  const caller = await context.principal();
  const byId = caller.id ? await loadByUuid(context.loaders.userById, caller.id) : null;
  if (byId) return byId;
  return caller.subject ? context.db.user.findUnique({ where: { idpSubject: caller.subject } }) : null;
}

async function requireOwnAccount(context: IdentityContext): Promise<User> {
  const account = await ownAccount(context);
  if (!account) throw notFound("User", "me");
  return account;
}

function updateData(body: UserUpdate): Prisma.UserUpdateInput {
  const wanted = requestedRoles(body);
  return {
    ...(body.email !== undefined && { email: body.email }),
    ...(body.name !== undefined && { name: body.name }),
    ...(wanted !== undefined && { roles: wanted }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.counties !== undefined && { counties: [...new Set(body.counties)] }),
    ...(body.organizationId !== undefined && { organizationId: body.organizationId }),
    ...(body.personId !== undefined && { personId: body.personId }),
    ...(body.caseWorkerId !== undefined && { caseWorkerId: body.caseWorkerId }),
    ...(body.preferences !== undefined && { preferences: body.preferences as Prisma.InputJsonObject }),
  };
}

/** Applies a change to one account under a row lock, with its event, in one transaction. */
function changeAccount(context: IdentityContext, id: string, change: (current: User) => Promise<Prisma.UserUpdateInput>) {
  return context.transaction(async (tx) => {
    const current = await findLocked(tx, "app_user", id, () => tx.user.findUnique({ where: { id } }));
    if (!current) throw notFound("User", id);
    const updated = await tx.user.update({ where: { id }, data: await change(current) });
    const before = userSnapshot(current);
    const after = userSnapshot(updated);
    if (JSON.stringify({ ...before, updatedAt: null }) !== JSON.stringify({ ...after, updatedAt: null })) await context.events.record(tx, userChanges.updated(before, after));
    return updated;
  });
}

builder.queryFields((t) => ({
  users: t.field({
    authScopes: { permission: "users:read" },
    type: UserList,
    args: listArguments(t.arg),
    resolve: (_root, args, context) =>
      findPage(userListSpec, args, { items: (query) => context.db.user.findMany(query), total: (where) => context.db.user.count({ where }) }),
  }),
  user: t.field({
    authScopes: { permission: "users:read" },
    type: UserRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadByUuid(context.loaders.userById, id),
  }),
  me: t.field({
    authScopes: { authenticated: true },
    grantScopes: ["ownAccount"],
    type: UserRef,
    nullable: true,
    description: "The caller's own account (null when their identity is linked to none).",
    resolve: (_root, _args, context) => ownAccount(context),
  }),
}));

builder.mutationFields((t) => ({
  createUser: t.field({
    authScopes: { permission: "users:create" },
    type: UserRef,
    description: "Links an identity-provider subject (which must already exist there) to roles and county assignments.",
    args: { input: t.arg({ type: UserCreateInput, required: true }) },
    resolve: async (_root, args, context) => {
      const body = parseBody(userCreateBody, givenFields(args.input));
      const caller = await context.principal();
      const wanted = requestedRoles(body) ?? [];
      checkRolesGrantable(caller, wanted);
      checkCountiesAssignable(caller, body.counties ?? []);
      const duplicate = () => conflict(`A user is already linked to the subject '${body.idpSubject}'.`, [{ field: "idpSubject", message: "is already linked to a user" }]);
      try {
        return await context.transaction(async (tx) => {
          if (await tx.user.findUnique({ where: { idpSubject: body.idpSubject }, select: { id: true } })) throw duplicate();
          const created = await tx.user.create({
            data: {
              idpSubject: body.idpSubject,
              email: body.email,
              name: body.name ?? null,
              roles: wanted,
              counties: [...new Set(body.counties ?? [])],
              organizationId: body.organizationId ?? null,
              personId: body.personId ?? null,
              caseWorkerId: body.caseWorkerId ?? null,
            },
          });
          await context.events.record(tx, userChanges.created(userSnapshot(created)));
          return created;
        });
      } catch (error) {
        // Two creates for one subject racing past the check: the unique index refuses the second.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  }),
  updateUser: t.field({
    authScopes: { permission: "users:update" },
    type: UserRef,
    description: "Changes an account's roles, status, counties, links or preferences.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UserUpdateInput, required: true }) },
    resolve: async (_root, args, context) => {
      const body = parseBody(userUpdateBody, givenFields(args.input));
      const caller = await context.principal();
      const wanted = requestedRoles(body);
      if (wanted) checkRolesGrantable(caller, wanted);
      if (body.counties) checkCountiesAssignable(caller, body.counties);
      return changeAccount(context, String(args.id), async (current) => {
        checkAccountInScope(caller, current);
        requireSameSubject(body, current);
        checkNotOwnGrants(caller, current, Object.keys(body));
        // Taking a role away is granting in reverse: nobody removes a role they could not grant.
        if (wanted) checkRolesGrantable(caller, current.roles.filter((role) => !wanted.includes(role)));
        return updateData(body);
      });
    },
  }),
  updateMe: t.field({
    authScopes: { authenticated: true },
    grantScopes: ["ownAccount"],
    type: UserRef,
    description: "Changes the caller's own preferences; roles, status and counties are changed only by an administrator.",
    args: { input: t.arg({ type: MyAccountInput, required: true }) },
    resolve: async (_root, args, context) => {
      const body = parseBody(selfUpdateBody, givenFields(args.input));
      const account = await requireOwnAccount(context);
      return changeAccount(context, account.id, async () => ({ preferences: body.preferences as Prisma.InputJsonObject }));
    },
  }),
  deactivateUser: t.field({
    authScopes: { permission: "users:deactivate" },
    type: UserRef,
    description: "Soft delete: the account becomes inactive (the identity provider keeps the subject). Deactivating an inactive account changes nothing.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const caller = await context.principal();
      const id = String(args.id);
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
    },
  }),
}));
