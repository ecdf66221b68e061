import type { relationshipTypes } from "../contract/records/person-relationship";

type RelationshipType = (typeof relationshipTypes)[number];

/**
 * What B is to A when A is `type` to B. Guardians and caregivers have no word for the other side in
 * the contract's list, so their reverse says nothing of it rather than something false.
 */
const inverse: Record<RelationshipType, RelationshipType | null> = {
  parent: "child",
  child: "parent",
  grandparent: "grandchild",
  grandchild: "grandparent",
  spouse: "spouse",
  domestic_partner: "domestic_partner",
  sibling: "sibling",
  other_relative: "other_relative",
  unrelated: "unrelated",
  legal_guardian: null,
  caregiver: null,
  primary_caregiver: null,
};

/** The reverse relationship's types (empty: nothing true can be said the other way, and no reverse is kept). */
export function inverseRelationships(types: readonly string[]): RelationshipType[] {
  return [
    ...new Set(
      types
        .map((type) => inverse[type as RelationshipType])
        .filter((type): type is RelationshipType => type !== null && type !== undefined),
    ),
  ];
}
