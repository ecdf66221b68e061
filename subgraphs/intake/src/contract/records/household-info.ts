import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { flag, nestedList, personRefWith, recordBase } from "./fields";

const roomer = personRefWith({
  amountPaidForRent: z.number().min(0, "must not be negative").optional(),
  mealsIncludedWithRent: z.boolean().optional(),
});

/** The household's living arrangement (resources.md §3.4): one per application. */
export const householdInfo = defineResource({
  name: "HouseholdInfo",
  plural: "householdInfos",
  model: "HouseholdInfo",
  description: "The household's living arrangement: roomers, rent and housing help.",
  fields: {
    ...recordBase,
    roomers: nestedList(roomer, "People who pay to live with the household: members or contacts of the same application."),
    utilitiesIncludedInRent: flag,
    isSubsidizedHousing: flag,
    receivedTanfInAnotherState: flag,
  },
  list: { defaultSort: "createdAt" },
});
