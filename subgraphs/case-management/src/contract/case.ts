import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const caseStatuses = ["active", "closed"] as const;

/** A case, declared once: the primary applicant is required; `members`, when written, replaces the whole list. */
export const caseResource = defineResource({
  name: "Case",
  plural: "cases",
  model: "Case",
  description: "A long-lived case spanning years, applications and programs.",
  fields: {
    id: { kind: "uuid", search: true },
    status: { kind: "enum", values: caseStatuses, enumName: "CaseStatus", write: "always", search: true, sort: true },
    effectiveStartDate: { kind: "date", nullable: true, write: "always", sort: true },
    effectiveEndDate: { kind: "date", nullable: true, write: "always", sort: true },
    primaryApplicantId: { kind: "uuid", write: "always", required: true },
    primaryApplicant: {
      kind: "reference",
      target: "Person",
      nullable: true,
      description: "The primary applicant (null if their record has been deleted).",
    },
    members: {
      kind: "object",
      list: true,
      maxItems: 100,
      objectName: "CaseMember",
      objectDescription: "A person in the household of a case, with their relationship to the primary applicant.",
      inputName: "CaseMemberInput",
      write: "always",
      resolvedBy: "schema",
      filter: { relation: { name: "members", many: true } },
      fields: {
        personId: { kind: "uuid", write: "always", required: true },
        relationship: {
          kind: "string",
          write: "always",
          required: true,
          input: z.string().min(1, "must not be empty").max(100),
          search: true,
        },
        person: { kind: "reference", target: "Person", nullable: true, description: "The person (null if their record has been deleted)." },
      },
    },
    assignedToId: { kind: "uuid", nullable: true, write: "always" },
    county: {
      kind: "string",
      nullable: true,
      description:
        "The county the case belongs to, a five-digit FIPS code: its application's, or its creator's when they are confined to counties; null: state level.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "-updatedAt" },
});

export type CaseCreate = CreateBody<typeof caseResource>;
export type CaseUpdate = UpdateBody<typeof caseResource>;
