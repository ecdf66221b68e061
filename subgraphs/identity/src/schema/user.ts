import { defineListType, findPage, givenFields, listArguments, loadByUuid, parseBody, roles } from "@pap/kernel";
import { builder } from "../builder";
import { roleGrants } from "../domain/claims";
import { selfUpdateBody, userCreateBody, userListSpec, userStatuses, userUpdateBody } from "../domain/user";
import { createUser, deactivateUser, ownAccount, updateOwnPreferences, updateUser } from "../operations/users";

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
    resolve: (_root, args, context) => createUser(context, parseBody(userCreateBody, givenFields(args.input))),
  }),
  updateUser: t.field({
    authScopes: { permission: "users:update" },
    type: UserRef,
    description: "Changes an account's roles, status, counties, links or preferences.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UserUpdateInput, required: true }) },
    resolve: (_root, args, context) => updateUser(context, String(args.id), parseBody(userUpdateBody, givenFields(args.input))),
  }),
  updateMe: t.field({
    authScopes: { authenticated: true },
    grantScopes: ["ownAccount"],
    type: UserRef,
    description: "Changes the caller's own preferences; roles, status and counties are changed only by an administrator.",
    args: { input: t.arg({ type: MyAccountInput, required: true }) },
    resolve: (_root, args, context) => updateOwnPreferences(context, parseBody(selfUpdateBody, givenFields(args.input))),
  }),
  deactivateUser: t.field({
    authScopes: { permission: "users:deactivate" },
    type: UserRef,
    description: "Soft delete: the account becomes inactive (the identity provider keeps the subject). Deactivating an inactive account changes nothing.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => deactivateUser(context, String(args.id)),
  }),
}));
