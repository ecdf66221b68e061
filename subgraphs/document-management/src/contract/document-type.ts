import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const retentionTriggers = ["case_closure", "application_denial", "document_date", "submission_date"] as const;
export type RetentionTrigger = (typeof retentionTriggers)[number];
export const documentTypeSources = ["system", "user"] as const;

/**
 * A kind of document and how long it is kept (SPEC §2.4): `retentionYears` after its
 * `retentionTrigger` fires. The configuration's types are `system` and cannot be changed or deleted
 * through the API; types created through it are `user`.
 */
export const documentType = defineResource({
  name: "DocumentType",
  plural: "documentTypes",
  model: "DocumentType",
  description: "A kind of document (pay stub, lease …) and the retention that governs it.",
  fields: {
    id: { kind: "uuid" },
    name: {
      kind: "string",
      write: "always",
      required: true,
      input: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
      description: "Machine name, unique (`pay_stub`).",
      search: true,
      sort: true,
    },
    retentionYears: {
      kind: "integer",
      write: "always",
      required: true,
      input: z.number().int("must be a whole number").min(0, "must not be negative").max(100),
      sort: true,
      description: "Years the document is kept after the trigger fires.",
    },
    retentionTrigger: {
      kind: "enum",
      values: retentionTriggers,
      enumName: "RetentionTrigger",
      write: "always",
      required: true,
      input: z.enum(retentionTriggers, { message: `must be one of: ${retentionTriggers.join(", ")}` }),
      sort: true,
      description: "What starts the retention clock; `document_date` makes a document's date required.",
    },
    source: {
      kind: "enum",
      values: documentTypeSources,
      enumName: "DocumentTypeSource",
      enumDescription: "system: the platform's configuration, cannot be changed or deleted; user: created through the API.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  storedOnly: ["description"],
  list: { defaultSort: "name" },
});

export type DocumentTypeCreate = CreateBody<typeof documentType>;
export type DocumentTypeUpdate = UpdateBody<typeof documentType>;
