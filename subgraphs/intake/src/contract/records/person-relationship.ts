import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { enumCheck, personRef, recordBase, requiredNested } from "./fields";

export const relationshipTypes = [
  "parent",
  "child",
  "spouse",
  "domestic_partner",
  "sibling",
  "grandparent",
  "grandchild",
  "legal_guardian",
  "caregiver",
  "primary_caregiver",
  "other_relative",
  "unrelated",
] as const;

/**
 * How one person on the application is related to another (resources.md §3.4). Both directions are
 * stored: writing "A is B's parent" also keeps "B is A's child" (see operations/records.ts).
 */
export const personRelationship = defineResource({
  name: "PersonRelationship",
  plural: "personRelationships",
  model: "PersonRelationship",
  description: "How one person on the application is related to another; its reverse is kept beside it.",
  fields: {
    ...recordBase,
    from: requiredNested(personRef, "The person the relationship is of: a member or contact of the same application."),
    to: requiredNested(personRef, "The person they are related to."),
    relationshipTypes: {
      kind: "enum",
      values: relationshipTypes,
      enumName: "RelationshipType",
      list: true,
      write: "always",
      required: true,
      input: z.array(enumCheck(relationshipTypes)).min(1, "must name at least one relationship"),
      description: "What `from` is to `to` (parent, spouse …).",
    },
    reverseId: { kind: "uuid", nullable: true, description: "The stored reverse of this relationship (to → from)." },
  },
  list: { defaultSort: "createdAt" },
});
