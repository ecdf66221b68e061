import { isUuid } from "@pap/core";
import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader } from "@pap/kernel/graphql";
import type { Document, DocumentLink, DocumentType, DocumentVersion, PrismaClient } from "@pap/db";
import { processContentSettings, type ContentSettings } from "@pap/content";
import { ownerKinds, ownersOf, type OwnerKind } from "./domain/document-owners";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { documentManagementPermissions } from "./domain/permissions";

/** The documents of records of one kind (applications, verifications, cases, persons), batched per request. */
function documentsOf(db: PrismaClient, kind: OwnerKind) {
  return createGroupLoader<string, Document & { links: DocumentLink[] }>(
    (keys) => {
      const ids = keys.filter(isUuid).map((id) => id.toLowerCase());
      if (!ids.length) return Promise.resolve([]);
      const { linkType, metadata } = ownerKinds[kind];
      const where = [
        ...(linkType ? [{ links: { some: { subjectType: linkType, subjectId: { in: ids } } } }] : []),
        ...(metadata ? ids.map((id) => ({ metadata: { path: [...metadata], equals: id } })) : []),
      ];
      return db.document.findMany({ where: { OR: where }, include: { links: true }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
    },
    (document) => ownersOf(kind, document),
  );
}

function loaders(db: PrismaClient) {
  return {
    documentsOfApplication: documentsOf(db, "application"),
    documentsOfVerification: documentsOf(db, "verification"),
    documentsOfCase: documentsOf(db, "case"),
    documentsOfPerson: documentsOf(db, "person"),
    documentTypeById: createByKeyLoader<string, DocumentType>(
      (ids) => db.documentType.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    documentById: createByKeyLoader<string, Document>(
      (ids) => db.document.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    versionById: createByKeyLoader<string, DocumentVersion>(
      (ids) => db.documentVersion.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
    linkById: createByKeyLoader<string, DocumentLink>(
      (ids) => db.documentLink.findMany({ where: { id: { in: [...ids] } } }),
      (found) => found.id,
    ),
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
export type DocumentManagementContext = DomainContext & {
  loaders: ReturnType<typeof loaders>;
  content: () => ContentSettings;
  ownedApplications(): Promise<readonly string[]>;
};

export function createContext(scope: RequestScope<DomainServices>): DocumentManagementContext {
  const context = domainContext(scope, documentManagementPermissions, {
    loaders: loaders(scope.db),
    content: () => processContentSettings(),
  });
  let owned: Promise<readonly string[]> | undefined;
  // The applications the caller's account owns (intake's, read once per request): an applicant's own documents include theirs.
  const ownedApplications = () =>
    (owned ??= context
      .account()
      .then(async (account) =>
        account
          ? (await scope.db.application.findMany({ where: { ownerId: account.id }, select: { id: true } })).map(
              (application) => application.id,
            )
          : [],
      ));
  return Object.assign(context, { ownedApplications });
}
