import { defineListType, expectedSize, findPage, isUuid, listArguments, loadByUuid, parseBody } from "@pap/kernel";
import type { Prisma } from "@pap/db";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { builder } from "../builder";
import { caseCreateBody, caseListSpec, caseStatuses, caseUpdateBody } from "../domain/case";
import { createCase, deleteCase, updateCase } from "../operations/cases";
import { PersonRef } from "./links";
import { dateOnly } from "../domain/dates";

const CaseStatus = builder.enumType("CaseStatus", { values: caseStatuses });

export const CaseMemberRef = builder.prismaObject("CaseMember", {
  authScopes: { permission: "cases:read" },
  description: "A person in the household of a case, with their relationship to the primary applicant.",
  fields: (t) => ({
    personId: t.exposeID("personId"),
    relationship: t.exposeString("relationship"),
    person: t.field({ type: PersonRef, nullable: true, description: "The person (null if their record has been deleted).", resolve: (member) => ({ id: member.personId }) }),
  }),
});

export const CaseRef = builder.prismaObject("Case", {
  authScopes: { permission: "cases:read" },
  description: "A long-lived case spanning years, applications and programs.",
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.expose("status", { type: CaseStatus }),
    effectiveStartDate: t.expose("effectiveStartDate", { type: "Date", nullable: true }),
    effectiveEndDate: t.expose("effectiveEndDate", { type: "Date", nullable: true }),
    primaryApplicantId: t.exposeID("primaryApplicantId"),
    primaryApplicant: t.field({ type: PersonRef, nullable: true, description: "The primary applicant (null if their record has been deleted).", resolve: (found) => ({ id: found.primaryApplicantId }) }),
    members: t.relation("members", { query: { orderBy: { position: "asc" } }, extensions: expectedSize(10) }),
    assignedToId: t.exposeID("assignedToId", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.asEntity(CaseRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.caseById, reference.id),
});

const CaseList = defineListType(builder, "CaseList", CaseRef);

const CaseMemberInput = builder.inputType("CaseMemberInput", {
  fields: (t) => ({ personId: t.id({ required: true }), relationship: t.string({ required: true }) }),
});

const caseInputFields = (required: boolean) =>
  builder.inputType(required ? "CaseCreateInput" : "CaseUpdateInput", {
    fields: (t) => ({
      status: t.field({ type: CaseStatus }),
      effectiveStartDate: t.field({ type: "Date" }),
      effectiveEndDate: t.field({ type: "Date" }),
      primaryApplicantId: t.id({ required }),
      members: t.field({ type: [CaseMemberInput] }),
      assignedToId: t.id(),
    }),
  });
const CaseCreateInput = caseInputFields(true);
const CaseUpdateInput = caseInputFields(false);

/** GraphQL hands dates over as Date objects; the domain rules (and REST bodies) speak ISO dates. */
const asBody = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined).map(([key, value]) => [key, value instanceof Date ? dateOnly(value) : value]));


builder.queryFields((t) => ({
  case: t.prismaField({
    authScopes: { permission: "cases:read" },
    type: CaseRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, { id }, context) => (isUuid(id) ? context.db.case.findUnique({ ...query, where: { id: String(id) } }) : null),
  }),
  cases: t.field({
    authScopes: { permission: "cases:read" },
    type: CaseList,
    args: listArguments(t.arg),
    resolve: (_root, args, context, info) =>
      findPage(caseListSpec, args, {
        items: (query) => context.db.case.findMany({ ...queryForItems(context, info), ...query }),
        total: (where) => context.db.case.count({ where }),
      }),
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
    resolve: (query, _root, args, context) => createCase(context, parseBody(caseCreateBody, asBody(args.input)), query),
  }),
  updateCase: t.prismaField({
    authScopes: { permission: "cases:update" },
    type: CaseRef,
    description: "Changes the given fields; `members`, when given, replaces the member list.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CaseUpdateInput, required: true }) },
    resolve: (query, _root, args, context) => updateCase(context, String(args.id), parseBody(caseUpdateBody, asBody(args.input)), query),
  }),
  deleteCase: t.id({
    authScopes: { permission: "cases:delete" },
    description: "Deletes the case and its member list permanently; returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => deleteCase(context, String(args.id)),
  }),
}));
