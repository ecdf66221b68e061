import { defineResource } from "@pap/kernel/resource";
import { choice, money, memberId, recordBase, requiredMoney, text } from "./fields";

/** What a member pays (resources.md §3.4): shelter, care, support, medical costs. */
export const expense = defineResource({
  name: "Expense",
  plural: "expenses",
  model: "Expense",
  description: "An expense a member of the application pays.",
  fields: {
    ...recordBase,
    memberId,
    amount: requiredMoney,
    type: choice(["rent", "mortgage", "dependent_care", "medical", "child_support", "alimony", "other"], "ExpenseType"),
    typeOther: text(200),
    legallyObligatedAmount: money,
  },
  list: { defaultSort: "createdAt" },
});
