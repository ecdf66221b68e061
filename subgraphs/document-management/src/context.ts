import type { DocumentType, PrismaClient } from "@pap/db";
import { createByKeyLoader, type RequestScope } from "@pap/kernel";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { documentManagementPermissions } from "./domain/permissions";

function loaders(db: PrismaClient) {
  return {
    documentTypeById: createByKeyLoader<string, DocumentType>((ids) => db.documentType.findMany({ where: { id: { in: [...ids] } } }), (found) => found.id),
  };
}

export type DocumentManagementContext = DomainContext & { loaders: ReturnType<typeof loaders> };

export function createContext(scope: RequestScope<DomainServices>): DocumentManagementContext {
  return domainContext(scope, documentManagementPermissions, { loaders: loaders(scope.db) });
}
