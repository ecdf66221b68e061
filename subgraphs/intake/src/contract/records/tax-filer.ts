import { defineResource } from "@pap/kernel/resource";
import { flag, memberId, nested, nestedList, personRef, recordBase } from "./fields";

/** How a member files taxes (resources.md §3.4): MAGI households are built from it. */
export const taxFiler = defineResource({
  name: "TaxFiler",
  plural: "taxFilers",
  model: "TaxFiler",
  description: "How a member of the application files taxes, and whom they claim.",
  fields: {
    ...recordBase,
    memberId,
    filingJointlyWithSpouse: flag,
    spouse: nested(personRef, "The spouse filing jointly: a member or contact of the same application."),
    claimingDependents: flag,
    dependents: nestedList(personRef, "The dependents claimed: members or contacts of the same application."),
    expectedToBeClaimedByNonHouseholdMember: flag,
    personClaiming: nested(personRef, "Who claims the member as a dependent."),
    isNonCustodialParent: flag,
    hasDomesticViolenceTaxFilingException: flag,
  },
  list: { defaultSort: "createdAt" },
});
