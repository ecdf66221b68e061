import { givenFields, parseBody } from "@pap/kernel/validation";
import { findPage } from "@pap/kernel/list";
import type { roles } from "@pap/kernel/auth";
import { listArguments, loadByUuid } from "@pap/kernel/graphql";
import { builder, type Types } from "../builder";
import { roleGrants } from "../domain/claims";
import { selfUpdateBody, user } from "../contract/user";
import { createUser, deactivateUser, ownAccount, updateOwnPreferences, updateUser } from "../operations/users";

const fields = user.declaration.fields;

export const RoleName = builder.enumTypeOf(fields.role) as PothosSchemaTypes.EnumRef<Types, (typeof roles)[number]>;
export const RoleRef = builder.objectTypeOf(fields.roles) as PothosSchemaTypes.ObjectRef<
  Types,
  { name: (typeof roles)[number]; permissions: string[] }
>;

export const UserRef = builder.prismaObject("User", {
  // Others' accounts need users:read; the caller's own comes through `me`, which grants `ownAccount`.
  authScopes: { $any: { permission: "users:read", $granted: "ownAccount" } },
  description: user.declaration.description,
  fields: (t) =>
    t.declaredFields(fields, {
      roles: t.field({ type: [RoleRef], resolve: (account, _args, context) => roleGrants(account.roles, context.permissionCatalog) }),
    }),
});

builder.asEntity(UserRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.userById, reference.id),
});

const UserList = builder.defineListType("UserList", UserRef);

const UserCreateInput = builder.inputTypeOf(user.declaration, "create");
const UserUpdateInput = builder.inputTypeOf(user.declaration, "update");

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
      findPage(user.listSpec, args, {
        items: (query) => context.db.user.findMany(query),
        total: (where) => context.db.user.count({ where }),
      }),
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
    resolve: (_root, args, context) => createUser(context, parseBody(user.createBody, user.bodyFromInput(args.input))),
  }),
  updateUser: t.field({
    authScopes: { permission: "users:update" },
    type: UserRef,
    description: "Changes an account's roles, status, counties, links or preferences.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UserUpdateInput, required: true }) },
    resolve: (_root, args, context) => updateUser(context, String(args.id), parseBody(user.updateBody, user.bodyFromInput(args.input))),
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
    description:
      "Soft delete: the account becomes inactive (the identity provider keeps the subject). Deactivating an inactive account changes nothing.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => deactivateUser(context, String(args.id)),
  }),
}));
