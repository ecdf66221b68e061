import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader } from "@pap/kernel/graphql";
import type { Case, CaseApplication, CaseMember, PrismaClient } from "@pap/db";
import { casePermissions } from "./domain/permissions";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";

export type CaseWithMembers = Case & { members: CaseMember[] };

const membersInOrder = { members: { orderBy: { position: "asc" } } } as const;

function loaders(db: PrismaClient) {
  return {
    caseById: createByKeyLoader<string, CaseWithMembers>(
      (ids) => db.case.findMany({ where: { id: { in: [...ids] } }, include: membersInOrder }),
      (found) => found.id,
    ),
    /**
     * Cases a person belongs to, as primary applicant or as a member, newest first. The member's cases
     * are looked up first, by the members' person index: an OR of the applicant's index and a subquery
     * over members cannot use either, and PostgreSQL then reads every case (a million-person caseload's
     * application screen spent most of its time there).
     */
    casesByPerson: createGroupLoader<string, CaseWithMembers>(
      async (personIds) => {
        const memberships = await db.caseMember.findMany({ where: { personId: { in: [...personIds] } }, select: { caseId: true } });
        return db.case.findMany({
          where: {
            OR: [{ primaryApplicantId: { in: [...personIds] } }, { id: { in: [...new Set(memberships.map((member) => member.caseId))] } }],
          },
          include: membersInOrder,
          orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
        });
      },
      (found) => [...new Set([found.primaryApplicantId, ...found.members.map((member) => member.personId)])],
    ),
    /** The applications linked to each case, in the order they were linked. */
    applicationsByCase: createGroupLoader<string, CaseApplication>(
      (caseIds) =>
        db.caseApplication.findMany({ where: { caseId: { in: [...caseIds] } }, orderBy: [{ createdAt: "asc" }, { applicationId: "asc" }] }),
      (found) => [found.caseId],
    ),
    /** The case each application is linked to (its members, when asked for, load as any case's do: batched by the Prisma plugin). */
    caseByApplication: createByKeyLoader<string, CaseApplication & { case: Case }>(
      (applicationIds) => db.caseApplication.findMany({ where: { applicationId: { in: [...applicationIds] } }, include: { case: true } }),
      (found) => found.applicationId,
    ),
  };
}

export type CaseManagementContext = DomainContext & { loaders: ReturnType<typeof loaders> };

export function createContext(scope: RequestScope<DomainServices>): CaseManagementContext {
  return domainContext(scope, casePermissions, { loaders: loaders(scope.db) });
}
