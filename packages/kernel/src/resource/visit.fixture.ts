import { z } from "zod";
import { defineResource } from "./resource";

/** A small resource with one of each thing a declaration can say: what the resource and graph-type tests derive from. */
export const visit = defineResource({
  name: "Visit",
  plural: "visits",
  model: "Visit",
  description: "A home visit.",
  fields: {
    id: { kind: "uuid" },
    title: { kind: "string", write: "always", required: true, input: z.string().min(1, "must not be empty"), search: true, sort: true },
    notes: { kind: "string", nullable: true, write: "always", search: true },
    status: { kind: "enum", values: ["planned", "done"], enumName: "VisitStatus", write: "update", sort: true },
    day: { kind: "date", nullable: true, write: "always", sort: true },
    startsAt: { kind: "datetime", write: "create", required: true },
    tags: { kind: "string", list: true, write: "always", maxItems: 3 },
    visitors: {
      kind: "object",
      list: true,
      objectName: "Visitor",
      inputName: "VisitorInput",
      write: "always",
      filter: { relation: { name: "visitors", many: true } },
      fields: {
        personId: { kind: "uuid", write: "always", required: true },
        role: { kind: "string", write: "always", search: true },
        checkedInAt: { kind: "datetime", nullable: true },
        person: { kind: "reference", target: "Person", nullable: true },
      },
    },
    household: { kind: "reference", target: "Household", nullable: true },
    score: { kind: "integer", input: z.number().int().min(0).max(10), write: "always" },
    ui: { kind: "json", inEvents: false },
    createdAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "-createdAt", extra: { visitor: { kind: "uuid", column: "personId", relation: { name: "visitors", many: true } } } },
});
