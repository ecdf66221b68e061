import { defineResource } from "@pap/kernel/resource";
import { choice, money, memberId, recordBase, requiredMoney, text } from "./fields";

/** An amount a member may deduct from income for tax purposes (resources.md §3.4): MAGI Medicaid reads it. */
export const deduction = defineResource({
  name: "Deduction",
  plural: "deductions",
  model: "Deduction",
  description: "A deduction from a member's income.",
  fields: {
    ...recordBase,
    memberId,
    amount: requiredMoney,
    type: choice(
      [
        "alimony_paid",
        "capital_losses",
        "early_withdrawal_penalty",
        "student_loan_interest",
        "domestic_production_activities",
        "reimbursement_of_expenses",
        "hsa_deduction",
        "moving_expenses",
        "traditional_ira_contribution",
        "reservist_performing_artist_government_official_expenses",
        "other",
        "prior_period",
      ],
      "DeductionType",
    ),
    typeOther: text(200),
    frequency: choice(
      ["one_time_only", "weekly", "every_two_weeks", "twice_monthly", "monthly", "yearly", "variable"],
      "DeductionFrequency",
    ),
    annualAmount: money,
  },
  list: { defaultSort: "createdAt" },
});
