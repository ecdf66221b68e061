import { defineListSpec } from "@pap/kernel";

export const policyListSpec = defineListSpec({
  resource: "policies",
  fields: {
    id: { kind: "string" },
    citation: { kind: "string" },
    citationUrl: { kind: "string", nullable: true },
    description: { kind: "string" },
  },
  unfilterable: ["programs"],
  fullText: ["id", "citation", "description"],
  sortable: ["id", "citation"],
  defaultSort: "id",
});
