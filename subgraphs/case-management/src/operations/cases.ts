import { findLocked, type Case, type Prisma } from "@pap/db";
import { createRecorded, deleteRecorded, updateRecorded, type DomainContext } from "@pap/events";
import { caseResource, type CaseCreate, type CaseUpdate } from "../contract/case";
import { checkMembers, settleCaseDates } from "../domain/case";
import { dateOnly, toDbDate } from "../domain/dates";
import { caseChanges } from "../domain/events";

/**
 * The case management domain's writes, each with its event; the GraphQL resolvers only call these.
 * `query` is what the caller will read of the record (its relations), loaded by the same statement.
 */
type CaseQuery = Pick<Prisma.CaseCreateArgs, "include" | "select">;

/** What a write needs of its caller: a request's transaction and recorder, or a reaction's (`writingIn`). */
type WriteContext = Pick<DomainContext, "transaction" | "events" | "clock" | "calendar">;

/** Today as the offices see it: the local date in PLATFORM_TIME_ZONE, not UTC's. */
const todayOf = (context: WriteContext): string => context.calendar.localDateOf(context.clock.now());

const membersData = (members: readonly { personId: string; relationship: string }[]) =>
  members.map((member, position) => ({ position, personId: member.personId, relationship: member.relationship }));

/** The status and dates as the case's date rules settled them. */
const settled = (dates: ReturnType<typeof settleCaseDates>) => ({
  status: dates.status,
  effectiveStartDate: toDbDate(dates.effectiveStartDate),
  effectiveEndDate: toDbDate(dates.effectiveEndDate),
});

/** A new case; `county` is where it belongs: its application's, or its creator's when they are confined to counties. */
export function createCase(context: WriteContext, body: CaseCreate, query: CaseQuery = {}, county: string | null = null): Promise<Case> {
  const members = body.members ?? [];
  checkMembers(members);
  const dates = settleCaseDates(
    {
      status: body.status ?? "active",
      effectiveStartDate: body.effectiveStartDate ?? null,
      effectiveEndDate: body.effectiveEndDate ?? null,
    },
    todayOf(context),
  );
  return createRecorded<Case>(context, {
    create: (tx) =>
      tx.case.create({
        ...query,
        data: {
          ...(caseResource.columnsOf(body) as Prisma.CaseUncheckedCreateInput),
          ...settled(dates),
          county,
          members: { create: membersData(members) },
        },
      }),
    events: (created) => caseChanges.created(created.id, caseResource.snapshot({ ...created, members })),
  });
}

type CaseWithMembers = Case & { members: { personId: string; relationship: string }[] };

/** Changes the given fields; `members`, when given, replaces the member list. */
export function updateCase(context: WriteContext, id: string, body: CaseUpdate, query: CaseQuery = {}): Promise<Case> {
  if (body.members) checkMembers(body.members);
  return updateRecorded<CaseWithMembers, Case>(context, {
    resource: "Case",
    id,
    find: (tx) =>
      findLocked(tx, "case", id, () => tx.case.findUnique({ where: { id }, include: { members: { orderBy: { position: "asc" } } } })),
    change: async (tx, current) => {
      const dates = settleCaseDates(
        {
          status: body.status ?? current.status,
          effectiveStartDate:
            body.effectiveStartDate !== undefined
              ? body.effectiveStartDate
              : current.effectiveStartDate && dateOnly(current.effectiveStartDate),
          // Reopening (status back to active) clears the end date unless the caller sets one.
          effectiveEndDate:
            body.effectiveEndDate !== undefined
              ? body.effectiveEndDate
              : (body.status ?? current.status) === "closed"
                ? current.effectiveEndDate && dateOnly(current.effectiveEndDate)
                : null,
        },
        todayOf(context),
      );
      if (body.members) await tx.caseMember.deleteMany({ where: { caseId: id } });
      return tx.case.update({
        ...query,
        where: { id },
        data: {
          ...caseResource.columnsOf(body),
          ...settled(dates),
          ...(body.members && { members: { create: membersData(body.members) } }),
        },
      });
    },
    events: (current, updated) =>
      caseChanges.updated(
        id,
        caseResource.snapshot(current),
        caseResource.snapshot({ ...updated, members: body.members ?? current.members }),
      ),
  });
}

export const deleteCase = (context: DomainContext, id: string): Promise<string> =>
  deleteRecorded(context, { resource: "Case", id, remove: (tx) => tx.case.deleteMany({ where: { id } }), event: caseChanges.deleted });
