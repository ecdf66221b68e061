import { defineResource } from "@pap/kernel/resource";
import { choice, day, memberId, recordBase } from "./fields";

/** A member's Social Security disability benefit, applied for or received (resources.md §3.4). */
export const disabilityBenefit = defineResource({
  name: "DisabilityBenefit",
  plural: "disabilityBenefits",
  model: "DisabilityBenefit",
  description: "A disability benefit (SSI or SSDI) a member receives or has applied for.",
  fields: {
    ...recordBase,
    memberId,
    programType: choice(["ssi", "ssdi"], "DisabilityProgram"),
    status: choice(["pending", "approved", "active", "ended", "denied", "appealed"], "DisabilityBenefitStatus"),
    applicationDate: day,
    startDate: day,
    endDate: day,
  },
  list: { defaultSort: "createdAt" },
});
