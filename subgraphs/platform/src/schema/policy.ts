import { findPage } from "@pap/kernel/list";
import { listArguments } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { policy } from "../contract/policy";

export const PolicyRef = builder.prismaObject("Policy", {
  authScopes: { permission: "policies:read" },
  description: policy.declaration.description,
  fields: (t) => t.declaredFields(policy.declaration.fields),
});

const PolicyList = builder.defineListType("PolicyList", PolicyRef);

builder.queryFields((t) => ({
  policy: t.field({
    authScopes: { permission: "policies:read" },
    type: PolicyRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => context.loaders.policyById.load(String(id)),
  }),
  policies: t.field({
    authScopes: { permission: "policies:read" },
    type: PolicyList,
    args: listArguments(t.arg),
    resolve: (_root, args, context) =>
      findPage(policy.listSpec, args, {
        items: (query) => context.db.policy.findMany(query),
        total: (where) => context.db.policy.count({ where }),
      }),
  }),
}));
