import { defineResource } from "@pap/kernel/resource";
import { choice, day, memberId, recordBase, reference, requiredChoice, requiredIncomeAmount, text } from "./fields";

export const incomeTypes = [
  "employed",
  "self_employed",
  "unearned",
  "lump_sum",
  "in_kind_support",
  "tribal",
  "education_grant",
  "other",
  "prior_period",
] as const;
export const incomeFrequencies = ["daily", "weekly", "every_two_weeks", "twice_monthly", "monthly", "yearly", "variable"] as const;

/** Money a member receives (resources.md §3.4); what else it says depends on its type. */
export const income = defineResource({
  name: "Income",
  plural: "incomes",
  model: "Income",
  description: "Income a member of the application receives.",
  fields: {
    ...recordBase,
    memberId,
    type: requiredChoice(incomeTypes, "IncomeType"),
    amount: requiredIncomeAmount,
    frequency: requiredChoice(incomeFrequencies, "IncomeFrequency"),
    typeOther: text(200, "What the income is, when its type is other."),
    dateReceived: day,
    changeReason: choice(
      ["stopped_working", "hours_reduced", "new_job", "change_in_employment", "marital_status_change", "other"],
      "IncomeChangeReason",
    ),
    changeExplanation: text(2000),
    jobId: reference("Employed or self-employed income: the job (a record of the same application) it comes from."),
    unearnedType: text(100, "Unearned income: its kind (unemployment, social security, child support …)."),
    inKindSupportType: choice(["shelter", "food", "utilities", "other"], "InKindSupportType"),
    payerName: text(200, "In-kind support: who provides it."),
    lumpSumType: choice(
      [
        "lawsuit_settlement",
        "insurance_settlement",
        "social_security_ssi_ssdi_payment",
        "veterans",
        "inheritance",
        "surrender_of_annuity",
        "life_insurance_payout",
        "lottery_gambling_winnings",
        "other",
      ],
      "LumpSumType",
    ),
  },
  list: { defaultSort: "createdAt" },
});
