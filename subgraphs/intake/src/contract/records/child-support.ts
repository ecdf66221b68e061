import { defineResource } from "@pap/kernel";
import { z } from "zod";
import { enumCheck, flag, nestedList, personRef, recordBase } from "./fields";

const parentOutsideHome = z.looseObject({
  type: enumCheck(["member", "contact"]),
  id: z.uuid({ message: "must be a uuid" }),
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
