import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { flag, nestedList, personRef, personRefWith, recordBase } from "./fields";

const parentOutsideHome = personRefWith({
  children: z.array(personRef).optional(),
  attemptedMedicalSupportCooperation: z.boolean().optional(),
});

/** Child support cooperation (resources.md §3.4): one per application. */
export const childSupport = defineResource({
  name: "ChildSupport",
  plural: "childSupports",
  model: "ChildSupport",
  description: "The household's child support situation: parents outside the home and any good-cause waiver.",
  fields: {
    ...recordBase,
    goodCauseChildSupportWaiver: flag,
    parentsOutsideHome: nestedList(parentOutsideHome, "Parents living outside the home, with their children on the application."),
  },
  list: { defaultSort: "createdAt" },
});
