import { defineListType, expectedSize, findPage, isUuid, listArguments, loadByUuid, notFound, parseBody } from "@pap/kernel";
import { deleteRecorded } from "@pap/events";
import { type Prisma, findLocked } from "@pap/db";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { builder } from "../builder";
import { caseCreateBody, caseListSpec, caseStatuses, caseUpdateBody, checkMembers, settleCaseDates } from "../domain/case";
import { PersonRef } from "./links";
import { dateOnly, todayUtc, toDbDate } from "../domain/dates";
import { caseChanges, caseSnapshot } from "../domain/events";

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

const membersData = (members: readonly { personId: string; relationship: string }[]) =>
  members.map((member, position) => ({ position, personId: member.personId, relationship: member.relationship }));

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
    resolve: async (query, _root, args, context) => {
      const body = parseBody(caseCreateBody, asBody(args.input));
      const members = body.members ?? [];
      checkMembers(members);
      const dates = settleCaseDates(
        { status: body.status ?? "active", effectiveStartDate: body.effectiveStartDate ?? null, effectiveEndDate: body.effectiveEndDate ?? null },
        todayUtc(),
      );
      return context.transaction(async (tx) => {
        const created = await tx.case.create({
          ...query,
          data: {
            status: dates.status,
            effectiveStartDate: toDbDate(dates.effectiveStartDate),
            effectiveEndDate: toDbDate(dates.effectiveEndDate),
            primaryApplicantId: body.primaryApplicantId,
            assignedToId: body.assignedToId ?? null,
            members: { create: membersData(members) },
          },
        });
        await context.events.record(tx, caseChanges.created(created.id, caseSnapshot(created, members)));
        return created;
      });
    },
  }),
  updateCase: t.prismaField({
    authScopes: { permission: "cases:update" },
    type: CaseRef,
    description: "Changes the given fields; `members`, when given, replaces the member list.",
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CaseUpdateInput, required: true }) },
    resolve: async (query, _root, args, context) => {
      const id = String(args.id);
      const body = parseBody(caseUpdateBody, asBody(args.input));
      if (body.members) checkMembers(body.members);
      return context.transaction(async (tx) => {
        const current = await findLocked(tx, "case", id, () => tx.case.findUnique({ where: { id }, include: { members: { orderBy: { position: "asc" } } } }));
        if (!current) throw notFound("Case", id);
        const dates = settleCaseDates(
          {
            status: body.status ?? current.status,
            effectiveStartDate: body.effectiveStartDate !== undefined ? body.effectiveStartDate : current.effectiveStartDate && dateOnly(current.effectiveStartDate),
            // Reopening (status back to active) clears the end date unless the caller sets one.
            effectiveEndDate:
              body.effectiveEndDate !== undefined
                ? body.effectiveEndDate
                : (body.status ?? current.status) === "closed"
                  ? current.effectiveEndDate && dateOnly(current.effectiveEndDate)
                  : null,
          },
          todayUtc(),
        );
        if (body.members) await tx.caseMember.deleteMany({ where: { caseId: id } });
        const updated = await tx.case.update({
          ...query,
          where: { id },
          data: {
            status: dates.status,
            effectiveStartDate: toDbDate(dates.effectiveStartDate),
            effectiveEndDate: toDbDate(dates.effectiveEndDate),
            ...(body.primaryApplicantId !== undefined && { primaryApplicantId: body.primaryApplicantId }),
            ...(body.assignedToId !== undefined && { assignedToId: body.assignedToId }),
            ...(body.members && { members: { create: membersData(body.members) } }),
          },
        });
        await context.events.record(tx, caseChanges.updated(id, caseSnapshot(current, current.members), caseSnapshot(updated, body.members ?? current.members)));
        return updated;
      });
    },
  }),
  deleteCase: t.id({
    authScopes: { permission: "cases:delete" },
    description: "Deletes the case and its member list permanently; returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      deleteRecorded(context, {
        resource: "Case",
        id: String(args.id),
        remove: (tx, id) => tx.case.deleteMany({ where: { id } }),
        event: caseChanges.deleted,
      }),
  }),
}));
