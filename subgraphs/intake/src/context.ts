import type DataLoader from "dataloader";
import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader, createRowByIdLoader } from "@pap/kernel/graphql";
import type { Application, ApplicationMember, PrismaClient, RowReader } from "@pap/db";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { applicationPermissions } from "./domain/permissions";
import { recordTable } from "./operations/record-table";
import type { StoredRecord } from "./operations/stored-record";

function loaders(db: PrismaClient, read: RowReader) {
  return {
    // The root of every caseworker screen; its columns are all of kinds the driver returns as Prisma does.
    applicationById: createRowByIdLoader<Application>(read, "intake_application"),
    memberById: createByKeyLoader<string, ApplicationMember>(
      (ids) => db.applicationMember.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    membersByApplication: createGroupLoader<string, ApplicationMember>(
      (ids) =>
        db.applicationMember.findMany({ where: { applicationId: { in: [...ids] } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      (found) => [found.applicationId],
    ),
    /** The applications a person is a member of, newest first. */
    applicationsByPerson: createGroupLoader<string, Application & { personIds: string[] }>(
      async (personIds) => {
        const members = await db.applicationMember.findMany({
          where: { personId: { in: [...personIds] } },
          select: { personId: true, application: true },
        });
        const byApplication = new Map<string, Application & { personIds: string[] }>();
        for (const { personId, application } of members) {
          const entry = byApplication.get(application.id) ?? { ...application, personIds: [] };
          entry.personIds.push(personId!);
          byApplication.set(application.id, entry);
        }
        return [...byApplication.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      },
      (found) => found.personIds,
    ),
  };
}

/** A household record kind's loaders (by id, by application), made on first use within a request. */
export type RecordLoaders = {
  byId: DataLoader<string, StoredRecord | null>;
  byApplication: DataLoader<string, StoredRecord[]>;
};

function recordLoaders(db: PrismaClient): (delegate: string) => RecordLoaders {
  const made = new Map<string, RecordLoaders>();
  return (delegate) => {
    if (!made.has(delegate)) {
      const table = recordTable(db, delegate);
      made.set(delegate, {
        byId: createByKeyLoader<string, StoredRecord>(
          (ids) => table.findMany({ where: { id: { in: [...ids] } } }),
          (found) => found.id,
        ),
        byApplication: createGroupLoader<string, StoredRecord>(
          (ids) => table.findMany({ where: { applicationId: { in: [...ids] } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
          (found) => [found.applicationId],
        ),
      });
    }
    return made.get(delegate)!;
  };
}

export type IntakeContext = DomainContext & { loaders: ReturnType<typeof loaders>; records: (delegate: string) => RecordLoaders };

export function createContext(scope: RequestScope<DomainServices>): IntakeContext {
  return domainContext(scope, applicationPermissions, { loaders: loaders(scope.db, scope.read), records: recordLoaders(scope.db) });
}
