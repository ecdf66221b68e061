import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader } from "@pap/kernel/graphql";
import type { Decision, Determination, PrismaClient } from "@pap/db";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { eligibilityPermissions } from "./domain/permissions";

const byDecisionOrder = [{ createdAt: "asc" as const }, { id: "asc" as const }];

function loaders(db: PrismaClient) {
  return {
    determinationById: createByKeyLoader<string, Determination>(
      (ids) => db.determination.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    determinationByApplication: createByKeyLoader<string, Determination>(
      (ids) => db.determination.findMany({ where: { applicationId: { in: [...ids] } } }),
      (found) => found.applicationId,
    ),
    decisionById: createByKeyLoader<string, Decision>(
      (ids) => db.decision.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    decisionsByDetermination: createGroupLoader<string, Decision>(
      (ids) => db.decision.findMany({ where: { determinationId: { in: [...ids] } }, orderBy: byDecisionOrder }),
      (found) => [found.determinationId],
    ),
    decisionsByMember: createGroupLoader<string, Decision>(
      (ids) => db.decision.findMany({ where: { memberId: { in: [...ids] } }, orderBy: byDecisionOrder }),
      (found) => [found.memberId],
    ),
  };
}

export type EligibilityContext = DomainContext & { loaders: ReturnType<typeof loaders> };

export function createContext(scope: RequestScope<DomainServices>): EligibilityContext {
  return domainContext(scope, eligibilityPermissions, { loaders: loaders(scope.db) });
}
