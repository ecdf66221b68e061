import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader } from "@pap/kernel/graphql";
import { Prisma, type ExternalService, type ExternalServiceCall, type PrismaClient } from "@pap/db";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import type { CallingProcess } from "./calling/process";
import { dataExchangePermissions } from "./domain/permissions";

const newestFirst = [{ createdAt: "desc" as const }, { id: "asc" as const }];
const namespacesWithApplications = ["intake", "eligibility"] as const;

function loaders(db: PrismaClient) {
  return {
    serviceById: createByKeyLoader<string, ExternalService>(
      (ids) => db.externalService.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    callById: createByKeyLoader<string, ExternalServiceCall>(
      (ids) => db.externalServiceCall.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    /** The calls made for an application, by the application id its callers put in their metadata. */
    callsByApplication: createGroupLoader<string, ExternalServiceCall>(
      async (ids) => {
        // Containment (`@>`), which the metadata's GIN index answers.
        const wanted = ids.flatMap((id) =>
          namespacesWithApplications.map(
            (namespace) => Prisma.sql`metadata @> ${JSON.stringify({ [namespace]: { applicationId: id } })}::jsonb`,
          ),
        );
        const rows = await db.$queryRaw<Array<{ id: string }>>(
          Prisma.sql`SELECT id::text AS id FROM data_exchange_service_call WHERE ${Prisma.join(wanted, " OR ")}`,
        );
        return rows.length
          ? db.externalServiceCall.findMany({ where: { id: { in: rows.map((row) => row.id) } }, orderBy: newestFirst })
          : [];
      },
      (call) =>
        namespacesWithApplications.flatMap((namespace) => {
          const id = ((call.metadata ?? {}) as Record<string, { applicationId?: unknown } | undefined>)[namespace]?.applicationId;
          return typeof id === "string" ? [id] : [];
        }),
    ),
  };
}

export type DataExchangeContext = DomainContext & { loaders: ReturnType<typeof loaders>; calling: CallingProcess };

export function contextFactory(calling: CallingProcess) {
  return (scope: RequestScope<DomainServices>): DataExchangeContext =>
    domainContext(scope, dataExchangePermissions, { loaders: loaders(scope.db), calling });
}
