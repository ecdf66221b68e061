import type { Document, DocumentLink, DocumentType, DocumentVersion, PrismaClient } from "@pap/db";
import { processContentSettings, type ContentSettings } from "@pap/content";
import { createByKeyLoader, createGroupLoader, type RequestScope } from "@pap/kernel";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { documentManagementPermissions } from "./domain/permissions";

function loaders(db: PrismaClient) {
  return {
    documentTypeById: createByKeyLoader<string, DocumentType>((ids) => db.documentType.findMany({ where: { id: { in: [...ids] } } }), (found) => found.id),
    documentById: createByKeyLoader<string, Document>((ids) => db.document.findMany({ where: { id: { in: [...ids] } } }), (found) => found.id),
    versionById: createByKeyLoader<string, DocumentVersion>((ids) => db.documentVersion.findMany({ where: { id: { in: [...ids] } } }), (found) => found.id),
    linkById: createByKeyLoader<string, DocumentLink>((ids) => db.documentLink.findMany({ where: { id: { in: [...ids] } } }), (found) => found.id),
    linksByDocument: createGroupLoader<string, DocumentLink>(
      (ids) => db.documentLink.findMany({ where: { documentId: { in: [...ids] } }, orderBy: { createdAt: "asc" } }),
      (found) => [found.documentId],
    ),
    versionsByDocument: createGroupLoader<string, DocumentVersion>(
      (ids) => db.documentVersion.findMany({ where: { documentId: { in: [...ids] } }, orderBy: { versionNumber: "asc" } }),
      (found) => [found.documentId],
    ),
  };
}

/** A request's context: the caller, the loaders, and where documents' bytes are (staged uploads are checked against its secret). */
export type DocumentManagementContext = DomainContext & { loaders: ReturnType<typeof loaders>; content: () => ContentSettings };

export function createContext(scope: RequestScope<DomainServices>): DocumentManagementContext {
  return domainContext(scope, documentManagementPermissions, { loaders: loaders(scope.db), content: () => processContentSettings() });
}
