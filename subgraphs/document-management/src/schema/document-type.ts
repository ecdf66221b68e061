import { findPage } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { documentType } from "../contract/document-type";
import { createDocumentType, deleteDocumentType, updateDocumentType } from "../operations/document-types";
import { inTransaction } from "../operations/work";

export const DocumentTypeRef = builder.prismaObject("DocumentType", {
  authScopes: { permission: "document-types:read" },
  description: documentType.declaration.description,
  fields: (t) => t.declaredFields(documentType.declaration.fields),
});

builder.graphCrud({
  resource: documentType,
  ref: DocumentTypeRef,
  permissions: "document-types",
  load: (id, context) => loadByUuid(context.loaders.documentTypeById, id),
  page: (args, context) =>
    findPage(documentType.listSpec, args, {
      items: (query) => context.db.documentType.findMany(query),
      total: (where) => context.db.documentType.count({ where }),
    }),
  create: (body, context) => inTransaction(context, (work) => createDocumentType(work, body)),
  update: (id, body, context) => inTransaction(context, (work) => updateDocumentType(work, id, body)),
  delete: (id, context) => inTransaction(context, (work) => deleteDocumentType(work, id)),
  descriptions: {
    update: "Changes a document type created through the API; configured (system) types cannot be changed (409 CONFIG_MANAGED).",
    delete: "Deletes a document type created through the API; configured (system) types cannot be deleted (409 CONFIG_MANAGED).",
  },
});
