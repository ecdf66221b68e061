import { expectedSize } from "@pap/kernel/graphql";
import type { Document, DocumentLink } from "@pap/db";
import { builder, type Types } from "../builder";
import type { DocumentManagementContext } from "../context";
import { mayUseDocument } from "../domain/access";
import { DocumentRef } from "./document";
import { documentScope } from "./document-scope";

/** An applicant sees, among a record's documents, only their own; a confined caller, those of their counties. */
async function visible(context: DocumentManagementContext, documents: Array<Document & { links: DocumentLink[] }>): Promise<Document[]> {
  const reached = await documentScope.withinReach(context, documents);
  const allowed = await Promise.all(reached.map((document) => mayUseDocument(context, document, "documents:read")));
  return reached.filter((_document, index) => allowed[index]);
}

const documentsField = (
  t: PothosSchemaTypes.FieldBuilder<Types, { id: string }, "ExtendedEntity">,
  description: string,
  load: (id: string, context: DocumentManagementContext) => Promise<Array<Document & { links: DocumentLink[] }>>,
) =>
  t.field({
    authScopes: { $any: { permission: "documents:read", $all: { permission: "documents:read:own" } } },
    type: [DocumentRef],
    extensions: expectedSize(20),
    description,
    resolve: async (record, _args, context) => visible(context, await load(record.id, context)),
  });

/** Other domains' records, known here by id, with the documents filed for them (linked, or named in the document's metadata). */
builder.externalRef("Application", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    documents: documentsField(
      t,
      "The documents filed for this application (linked to it, or naming it in their intake metadata), newest first.",
      (id, context) => context.loaders.documentsOfApplication.load(id),
    ),
  }),
});

builder.externalRef("Verification", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    documents: documentsField(
      t,
      "The documents that answer this verification (linked to it, or naming it in their intake metadata), newest first.",
      (id, context) => context.loaders.documentsOfVerification.load(id),
    ),
  }),
});

builder.externalRef("Case", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    documents: documentsField(t, "The documents linked to this case, newest first.", (id, context) =>
      context.loaders.documentsOfCase.load(id),
    ),
  }),
});

builder.externalRef("Person", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id() }),
  fields: (t) => ({
    documents: documentsField(
      t,
      "The documents filed about this person (naming them in their client-management metadata), newest first.",
      (id, context) => context.loaders.documentsOfPerson.load(id),
    ),
  }),
});
