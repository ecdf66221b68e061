import { countyOfNewRecord } from "@pap/kernel/auth";
import { findPage } from "@pap/kernel/list";
import type { DocumentLink } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import { documentLink } from "../contract/document-link";
import { linkDocument } from "../operations/links";
import { inTransaction } from "../operations/work";
import { DocumentRef } from "./document";
import { documentScope, linkCondition, reachableDocument, reachableLink } from "./document-scope";

export const DocumentLinkRef: ObjectRef<Types, DocumentLink> = builder.prismaObject("DocumentLink", {
  authScopes: { permission: "document-links:read" },
  description: documentLink.declaration.description,
  fields: (t) =>
    t.declaredFields(documentLink.declaration.fields, {
      document: t.field({
        type: DocumentRef,
        nullable: true,
        description: documentLink.declaration.fields.document.description,
        resolve: (found, _args, context) => reachableDocument(context, found.documentId),
      }),
    }),
});

builder.graphCrud({
  resource: documentLink,
  ref: DocumentLinkRef,
  permissions: "document-links",
  only: ["get", "list", "create"],
  load: (id, context) => reachableLink(context, id),
  page: async (args, context) => {
    const inReach = await linkCondition(context);
    return findPage(documentLink.listSpec, args, {
      items: (query) => context.db.documentLink.findMany({ ...query, where: { AND: [query.where ?? {}, inReach] } }),
      total: (where) => context.db.documentLink.count({ where: { AND: [where, inReach] } }),
    });
  },
  create: async (body, context) => {
    const linkedBy = (await context.principal()).id ?? "anonymous";
    // Both ends must be within reach (404 otherwise); a document of no county yet takes its subject's.
    await documentScope.requireInReach(context, body.documentId);
    const county = await countyOfNewRecord(context, { type: body.subjectType, id: body.subjectId });
    return inTransaction(context, (work) => linkDocument(work, body, linkedBy, county));
  },
  descriptions: { create: "Ties a document to an application, a case, a verification or a task; the same tie twice is 409." },
});
