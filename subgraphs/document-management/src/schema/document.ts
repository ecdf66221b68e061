import { ApiError, validationFailed } from "@pap/core";
import { parseBody } from "@pap/kernel/validation";
import { findPage, type ListArgs } from "@pap/kernel/list";
import type { Document, DocumentVersion } from "@pap/db";
import { readStagedContent, signLink, type StagedContent } from "@pap/content";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { DocumentManagementContext } from "../context";
import { document, documentVersion } from "../contract/document";
import { mayUseDocument, requireDocumentAccess, visibleDocuments } from "../domain/access";
import { documentLifecycle } from "../domain/lifecycle-machine";
import { transitionDocument } from "../operations/lifecycle";
import {
  addDocumentVersion,
  createDocument,
  recordContentAccess,
  updateDocument,
  writeDocumentMetadata,
  type DocumentFiling,
} from "../operations/documents";
import { inTransaction } from "../operations/work";
import { DocumentLinkRef } from "./document-link";
import { countyOfFiling, documentScope, reachableDocument, reachableVersion } from "./document-scope";
import { DocumentTypeRef } from "./document-type";

/** Where a version's bytes are fetched over REST (every fetch is audited). */
export const contentPathOf = (versionId: string) => `/document-management/document-versions/${versionId}/content`;

export const DocumentVersionRef: ObjectRef<Types, DocumentVersion> = builder.prismaObject("DocumentVersion", {
  // A version is read by whoever may read its document; an applicant, their own documents' versions.
  authScopes: async (found, context) => {
    const owner = await context.loaders.documentById.load(found.documentId);
    return owner
      ? mayUseDocument(context, { ...owner, links: await context.loaders.linksByDocument.load(owner.id) }, "documents:read")
      : false;
  },
  description: documentVersion.declaration.description,
  fields: (t) =>
    t.declaredFields(documentVersion.declaration.fields, {
      document: t.field({
        type: DocumentRef,
        nullable: true,
        description: documentVersion.declaration.fields.document.description,
        resolve: (found, _args, context) => reachableDocument(context, found.documentId),
      }),
      contentUrl: t.string({
        description: documentVersion.declaration.fields.contentUrl.description,
        resolve: (found) => contentPathOf(found.id),
      }),
    }),
});

export const DocumentRef: ObjectRef<Types, Document> = builder.prismaObject("Document", {
  // However a document is reached (by id, in a list, through an application), an applicant sees only their own.
  authScopes: async (found, context) =>
    mayUseDocument(context, { ...found, links: await context.loaders.linksByDocument.load(found.id) }, "documents:read"),
  description: document.declaration.description,
  fields: (t) =>
    t.declaredFields(document.declaration.fields, {
      type: t.field({
        type: DocumentTypeRef,
        nullable: true,
        description: document.declaration.fields.type.description,
        resolve: (found, _args, context) => context.loaders.documentTypeById.load(found.documentTypeId),
      }),
      versions: t.field({
        type: [DocumentVersionRef],
        description: document.declaration.fields.versions.description,
        resolve: (found, _args, context) => context.loaders.versionsByDocument.load(found.id),
      }),
      latestVersion: t.field({
        type: DocumentVersionRef,
        nullable: true,
        description: document.declaration.fields.latestVersion.description,
        resolve: (found, _args, context) => context.loaders.versionById.load(found.latestVersionId),
      }),
      links: t.field({
        type: [DocumentLinkRef],
        description: document.declaration.fields.links.description,
        resolve: (found, _args, context) => context.loaders.linksByDocument.load(found.id),
      }),
    }),
});

/** A page of documents: an applicant's list holds only their own; a confined caller's, their counties'. */
async function documentPage(args: ListArgs, context: DocumentManagementContext) {
  const scope = { AND: [await visibleDocuments(context), await documentScope.condition(context)] };
  return findPage(document.listSpec, args, {
    items: (query) => context.db.document.findMany({ ...query, where: { AND: [query.where ?? {}, scope] } }),
    total: (where) => context.db.document.count({ where: { AND: [where, scope] } }),
  });
}

builder.graphCrud({
  resource: document,
  ref: DocumentRef,
  only: ["get", "list", "update"],
  ownRecords: ["get", "list"],
  load: (id, context) => reachableDocument(context, id),
  page: documentPage,
  update: async (id, body, context) => {
    await documentScope.requireInReach(context, id);
    return inTransaction(context, (work) => updateDocument(work, id, body));
  },
  descriptions: {
    list: "Documents, most recently changed first; `q` filters them (`documentTypeId:<id> lifecycleState:active`); an applicant sees only their own (filed by them, or for their applications).",
    update: "Changes a document's title or date; its metadata changes through its namespaces, its bytes through new versions.",
  },
});

/** The staged upload a token names: issued by this deployment's upload path, unexpired, or 422. */
async function stagedFrom(context: DocumentManagementContext, token: string): Promise<StagedContent> {
  const staged = await readStagedContent(context.content().signingSecret, token);
  if (!staged)
    throw validationFailed([
      { field: "content", message: "is not an upload this platform received (or it expired): send the file to the upload path first" },
    ]);
  return staged;
}

async function uploaderOf(context: DocumentManagementContext): Promise<string> {
  return (await context.principal()).id ?? "anonymous";
}

const fileInput = builder.inputTypeOf(document.declaration, "create");

builder.queryFields((t) => ({
  documentVersion: t.field({
    authScopes: { $any: { permission: "documents:read", $all: { permission: "documents:read:own" } } },
    type: DocumentVersionRef,
    nullable: true,
    description: "A document version by id: its metadata (the bytes are at its contentUrl).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => reachableVersion(context, String(args.id)),
  }),
}));

const ContentAccessRef = builder.objectRef<{ version: DocumentVersion; redirectUrl: string | null }>("DocumentContentAccess").implement({
  description:
    "What an audited request for a version's bytes answers: the version, and where to fetch the bytes when the deployment redirects.",
  fields: (t) => ({
    version: t.field({ type: DocumentVersionRef, resolve: (found) => found.version }),
    redirectUrl: t.string({
      nullable: true,
      description: "A signed, time-limited link to the bytes (the redirect delivery overlay); null when the bytes are streamed.",
      resolve: (found) => found.redirectUrl,
    }),
  }),
});

builder.mutationFields((t) => ({
  fileDocument: t.field({
    authScopes: { permission: "documents:create" },
    type: DocumentRef,
    description:
      "Files a document with its first version: `content` is the token the upload path answered for the file (POST /document-management/documents does both at once).",
    args: { input: t.arg({ type: fileInput, required: true }), content: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const filing = parseBody(document.createBody, document.bodyFromInput(args.input)) as DocumentFiling;
      const staged = await stagedFrom(context, args.content);
      const uploader = await uploaderOf(context);
      const county = await countyOfFiling(context, filing.metadata);
      return inTransaction(context, (work) => createDocument(work, filing, staged, uploader, county));
    },
  }),
  addDocumentVersion: t.field({
    authScopes: { $any: { permission: "document-versions:create", $all: { permission: "document-versions:create:own" } } },
    type: DocumentVersionRef,
    description: "Adds the next version of a document from an uploaded file's token; earlier versions stay.",
    args: { documentId: t.arg.id({ required: true }), content: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const found = await reachableDocument(context, String(args.documentId));
      if (!found) throw new ApiError(404, "NOT_FOUND", `Document ${args.documentId} was not found.`);
      await requireDocumentAccess(
        context,
        { ...found, links: await context.loaders.linksByDocument.load(found.id) },
        "document-versions:create",
      );
      const staged = await stagedFrom(context, args.content);
      const uploader = await uploaderOf(context);
      return inTransaction(context, (work) => addDocumentVersion(work, found.id, staged, uploader));
    },
  }),
  openDocumentVersionContent: t.field({
    authScopes: { $any: { permission: "document-content:read", $all: { permission: "document-content:read:own" } } },
    type: ContentAccessRef,
    description:
      "Asks for a version's bytes: records the access (also when the document is destroyed, which then answers 410 GONE) and says where the bytes are: streamed by the REST content path, or a signed link when the deployment redirects.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const version = await reachableVersion(context, String(args.id));
      if (!version) throw new ApiError(404, "NOT_FOUND", `DocumentVersion ${args.id} was not found.`);
      const owner = await context.loaders.documentById.load(version.documentId);
      await requireDocumentAccess(
        context,
        { ...owner!, links: await context.loaders.linksByDocument.load(owner!.id) },
        "document-content:read",
      );
      const settings = context.content();
      const actor = await uploaderOf(context);
      const access = await inTransaction(context, (work) =>
        recordContentAccess(work, version.id, actor, settings.delivery === "redirect" ? "redirected" : "delivered"),
      );
      // The access is recorded (committed) before the refusal: an attempt on destroyed content is audited too.
      if (access.outcome === "gone")
        throw new ApiError(410, "GONE", `Document ${access.document.id} has been destroyed: its content is no longer kept.`);
      // The bytes are the most sensitive read of all: the trail has it before the caller is told where they are.
      await context.sensitiveReads?.record?.({ recordType: "DocumentVersion", recordId: version.id, fields: ["content"] });
      if (settings.delivery === "stream") return { version, redirectUrl: null };
      const expiresInSeconds = settings.linkTtlSeconds;
      const presigned = await settings.store.presignedUrl?.(version.id, { expiresInSeconds, fileName: version.fileName });
      if (presigned) return { version, redirectUrl: presigned };
      const path = `/document-management/content/${version.id}/${encodeURIComponent(version.fileName)}`;
      return {
        version,
        redirectUrl: `${path}?${signLink(settings.signingSecret, path, new Date(context.clock.now().getTime() + expiresInSeconds * 1000))}`,
      };
    },
  }),
}));

builder.metadataNamespaceMutations({
  name: "Document",
  ref: DocumentRef,
  permission: "documents:metadata",
  record: "document",
  write: async (context, id, domain, value) => {
    await documentScope.requireInReach(context, id);
    return inTransaction(context, (work) => writeDocumentMetadata(work, id, domain, value));
  },
});

builder.machineMutations({
  machine: documentLifecycle,
  resourceName: "Document",
  ref: DocumentRef,
  // The machine decides each action by role: records managers hold and dispose, the system moves the rest.
  authScopes: { permission: "documents:manage-records" },
  perform: async ({ id, action, caller, body }, context) => {
    await documentScope.requireInReach(context, id);
    return inTransaction(context, (work) => transitionDocument(work, { id, action, caller, body }));
  },
});
