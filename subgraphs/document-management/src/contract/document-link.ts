import { defineResource, type CreateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const linkSubjectTypes = ["application", "case", "verification", "task"] as const;
export type LinkSubjectType = (typeof linkSubjectTypes)[number];

/**
 * A document tied to what it proves (resources.md §7): an application, a case, a verification or a
 * task. Its `closedAt` is the retention anchor: set when its subject closes (a case closed, an
 * application denied); a `case_closure` or `application_denial` document is retained once every link of
 * that kind has closed.
 */
export const documentLink = defineResource({
  name: "DocumentLink",
  plural: "documentLinks",
  model: "DocumentLink",
  description: "A document tied to an application, a case, a verification or a task.",
  fields: {
    id: { kind: "uuid" },
    documentId: { kind: "uuid", write: "create", required: true, search: true, description: "The document linked." },
    subjectType: {
      kind: "enum",
      values: linkSubjectTypes,
      enumName: "DocumentLinkSubjectType",
      write: "create",
      required: true,
      input: z.enum(linkSubjectTypes, { message: `must be one of: ${linkSubjectTypes.join(", ")}` }),
      search: true,
      sort: true,
      description: "What kind of record the document is tied to.",
    },
    subjectId: { kind: "uuid", write: "create", required: true, search: true, description: "The record the document is tied to." },
    linkedBy: { kind: "string", description: "Who linked it." },
    closedAt: {
      kind: "datetime",
      nullable: true,
      description: "When the subject closed (the case closed, the application was denied): the retention anchor.",
    },
    document: { kind: "reference", target: "Document", nullable: true, description: "The document linked." },
    createdAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "-createdAt" },
});

export type DocumentLinkCreate = CreateBody<typeof documentLink>;
