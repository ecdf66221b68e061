import { defineListType, findPage, listArguments } from "@pap/kernel";
import { builder } from "../builder";
import { policyListSpec } from "../domain/policy";

export const PolicyRef = builder.prismaObject("Policy", {
  authScopes: { permission: "policies:read" },
  description: "A regulation the platform's rules rely on, with its citation.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Stable slug." }),
    citation: t.exposeString("citation"),
    citationUrl: t.exposeString("citationUrl", { nullable: true }),
    description: t.exposeString("description", { description: "The requirement in plain language." }),
    programs: t.exposeStringList("programs"),
  }),
});

const PolicyList = defineListType(builder, "PolicyList", PolicyRef);

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
      findPage(policyListSpec, args, { items: (query) => context.db.policy.findMany(query), total: (where) => context.db.policy.count({ where }) }),
  }),
}));
