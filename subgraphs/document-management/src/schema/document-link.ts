import { findPage } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import type { DocumentLink } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { documentLink } from "../contract/document-link";
import { linkDocument } from "../operations/links";
import { inTransaction } from "../operations/work";
import { DocumentRef } from "./document";

export const DocumentLinkRef: ObjectRef<Types, DocumentLink> = builder.prismaObject("DocumentLink", {
  authScopes: { permission: "document-links:read" },
  description: documentLink.declaration.description,
  fields: (t) =>
    t.declaredFields(documentLink.declaration.fields, {
      document: t.field({
        type: DocumentRef,
        nullable: true,
        description: documentLink.declaration.fields.document.description,
        resolve: (found, _args, context) => context.loaders.documentById.load(found.documentId),
      }),
    }),
});

builder.graphCrud({
  resource: documentLink,
  ref: DocumentLinkRef,
  permissions: "document-links",
  only: ["get", "list", "create"],
  load: (id, context) => loadByUuid(context.loaders.linkById, id),
  page: (args, context) =>
    findPage(documentLink.listSpec, args, {
      items: (query) => context.db.documentLink.findMany(query),
      total: (where) => context.db.documentLink.count({ where }),
    }),
  create: async (body, context) => {
    const linkedBy = (await context.principal()).id ?? "anonymous";
    return inTransaction(context, (work) => linkDocument(work, body, linkedBy));
  },
  descriptions: { create: "Ties a document to an application, a case, a verification or a task; the same tie twice is 409." },
});
