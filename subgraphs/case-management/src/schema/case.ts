import { isUuid } from "@pap/core";
import { parseBody } from "@pap/kernel/validation";
import { findPage } from "@pap/kernel/list";
import { expectedSize, listArguments, loadByUuid } from "@pap/kernel/graphql";
import type { Prisma } from "@pap/db";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { homeCounty } from "@pap/kernel/auth";
import { builder } from "../builder";
import { caseScope } from "./case-scope";
import { caseResource } from "../contract/case";
import { createCase, deleteCase, updateCase } from "../operations/cases";
import { ApplicationRef, PersonRef } from "./links";

const members = caseResource.declaration.fields.members;

export const CaseMemberRef = builder.prismaObject("CaseMember", {
  authScopes: { permission: "cases:read" },
  description: members.objectDescription,
  fields: (t) =>
    t.declaredFields(members.fields, {
      person: t.field({
        type: PersonRef,
        nullable: true,
        description: members.fields.person.description,
        resolve: (member) => ({ id: member.personId }),
      }),
    }),
});

export const CaseRef = builder.prismaObject("Case", {
  authScopes: { permission: "cases:read" },
  description: caseResource.declaration.description,
  fields: (t) =>
    t.declaredFields(caseResource.declaration.fields, {
      primaryApplicant: t.field({
        type: PersonRef,
        nullable: true,
        description: caseResource.declaration.fields.primaryApplicant.description,
        resolve: (found) => ({ id: found.primaryApplicantId }),
      }),
      members: t.relation("members", { query: { orderBy: { position: "asc" } }, extensions: expectedSize(10) }),
    }),
});

// Not a field of the declaration: the applications are intake's, linked to the case when one closes approved.
builder.objectField(CaseRef, "applications", (t) =>
  t.field({
    authScopes: { permission: "cases:read" },
    type: [ApplicationRef],
    extensions: expectedSize(5),
    description:
      "The applications whose approval opened this case or added to its household, in the order they were linked (intake's records).",
    resolve: async (found, _args, context) =>
      (await context.loaders.applicationsByCase.load(found.id)).map((link) => ({ id: link.applicationId })),
  }),
);

builder.asEntity(CaseRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: async (reference, context) => {
    const found = await loadByUuid(context.loaders.caseById, reference.id);
    return caseScope.reachable(context, found);
  },
});

const CaseList = builder.defineListType("CaseList", CaseRef);

const CaseCreateInput = builder.inputTypeOf(caseResource.declaration, "create");
const CaseUpdateInput = builder.inputTypeOf(caseResource.declaration, "update");

builder.queryFields((t) => ({
  case: t.prismaField({
    authScopes: { permission: "cases:read" },
    type: CaseRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, { id }, context) =>
      isUuid(id) && (await caseScope.idInReach(context, String(id)))
        ? context.db.case.findUnique({ ...query, where: { id: String(id) } })
        : null,
  }),
  cases: t.field({
    authScopes: { permission: "cases:read" },
    type: CaseList,
    args: listArguments(t.arg),
    resolve: async (_root, args, context, info) => {
      const inReach = await caseScope.condition(context);
      return findPage(caseResource.listSpec, args, {
        items: (query) => context.db.case.findMany({ ...queryForItems(context, info), ...query, where: { AND: [query.where, inReach] } }),
        total: (where) => context.db.case.count({ where: { AND: [where, inReach] } }),
      });
    },
  }),
}));

/** Includes for the relations the client selected under `items`, so members load in the same round trip. */
function queryForItems(context: Parameters<typeof queryFromInfo>[0]["context"], info: Parameters<typeof queryFromInfo>[0]["info"]) {
  return queryFromInfo({ context, info, path: ["items"] }) as { include?: Prisma.CaseInclude; select?: Prisma.CaseSelect };
}

builder.mutationFields((t) => ({
  createCase: t.prismaField({
    authScopes: { permission: "cases:create" },
    type: CaseRef,
    args: { input: t.arg({ type: CaseCreateInput, required: true }) },
    resolve: async (query, _root, args, context) =>
      createCase(
        context,
        parseBody(caseResource.createBody, caseResource.bodyFromInput(args.input)),
        query,
        homeCounty(await context.countyReach()),
      ),
  }),
  updateCase: t.prismaField({
    authScopes: { permission: "cases:update" },
    type: CaseRef,
    description: "Changes the given fields; `members`, when given, replaces the member list.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CaseUpdateInput, required: true }) },
    resolve: async (query, _root, args, context) => {
      const body = parseBody(caseResource.updateBody, caseResource.bodyFromInput(args.input));
      await caseScope.requireInReach(context, String(args.id));
      return updateCase(context, String(args.id), body, query);
    },
  }),
  deleteCase: t.id({
    authScopes: { permission: "cases:delete" },
    description: "Deletes the case and its member list permanently; returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      await caseScope.requireInReach(context, String(args.id));
      return deleteCase(context, String(args.id));
    },
  }),
}));
