import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { choice, day, flag, memberId, incomeAmount, nested, recordBase, reference, requiredChoice, text } from "./fields";

const selfEmploymentExpenses = z.looseObject(
  Object.fromEntries(
    ["utilities", "taxes", "interest", "laborCosts", "costOfMerchandise", "other"].map((name) => [
      name,
      z.number().min(0, "must not be negative").optional(),
    ]),
  ),
);

/** A member's work (resources.md §3.4): an employer's job, or self-employment with its business costs. */
export const job = defineResource({
  name: "Job",
  plural: "jobs",
  model: "Job",
  description: "A job or self-employment of a member of the application.",
  fields: {
    ...recordBase,
    memberId,
    type: requiredChoice(["employed", "self_employed"], "JobType"),
    status: requiredChoice(["active", "on_strike", "ended"], "JobStatus"),
    hoursPerWeek: {
      kind: "number",
      nullable: true,
      write: "always",
      input: z.number().min(0, "must not be negative").max(168, "must be at most 168"),
    },
    isTemporary: flag,
    startDate: day,
    endDate: day,
    endReason: choice(["voluntary_separation", "involuntary_separation"], "JobEndReason"),
    strikeStartDate: day,
    lastPaycheckDate: day,
    lastPaycheckGrossAmount: incomeAmount,
    employerId: reference("Employed: the employer, an organization of the same application."),
    businessName: text(200),
    businessType: text(200),
    reportingMonth: {
      ...text(7, "Self-employed: the month the figures are for (YYYY-MM)."),
      input: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month written YYYY-MM"),
    },
    expenses: nested(selfEmploymentExpenses, "Self-employed: the business's monthly costs."),
  },
  list: { defaultSort: "createdAt" },
});
