import type { CountingRules, IncomeClass, IsoDate } from "../rules";
import { ageOn } from "./dates";
import { EvaluationError } from "./errors";
import type { IncomeLine } from "./explanation";
import { cents, dollars, scale, sum, type Cents } from "./money";
import type { ExpenseRecord, IncomeRecord, MemberContext } from "./request";

export const dateOfBirthOf = (member: MemberContext): IsoDate | undefined => member.personalInformation?.dateOfBirth ?? member.dateOfBirth;
export const isDisabled = (member: MemberContext): boolean => member.disability?.isDisabled === true || member.isDisabled === true;

export function ageOf(member: MemberContext, date: IsoDate): number | null {
  const born = dateOfBirthOf(member);
  return born ? ageOn(born, date) : null;
}

/** A member 60 or older (or the rule set's age) or disabled. */
export function isElderlyOrDisabled(member: MemberContext, date: IsoDate, elderlyAge: number): boolean {
  const age = ageOf(member, date);
  return isDisabled(member) || (age !== null && age >= elderlyAge);
}

/** An amount reported per `frequency`, as monthly cents (7 CFR 273.10(c)(2)). */
export function monthly(
  amount: number,
  frequency: string,
  counting: CountingRules,
  perWeek?: { hoursPerWeek?: number; daysPerWeek?: number },
  field = "frequency",
): Cents {
  const factor = counting.conversion.factors[frequency];
  if (!factor) throw new EvaluationError(`Frequency '${frequency}' has no monthly conversion.`, field);
  let base = cents(amount);
  if (frequency === "hourly") {
    if (perWeek?.hoursPerWeek === undefined)
      throw new EvaluationError("An hourly amount needs hoursPerWeek.", field.replace(/frequency$/, "hoursPerWeek"));
    base = cents(amount * perWeek.hoursPerWeek);
  } else if (frequency === "daily") {
    base = cents(amount * (perWeek?.daysPerWeek ?? counting.conversion.defaultDaysPerWeek));
  }
  return scale(base, factor.multiply, factor.divide);
}

export type IncomeTotals = { earned: Cents; unearned: Cents; lines: IncomeLine[] };

/**
 * The members' income as monthly cents, by class. An income whose `endDate` is before the evaluation
 * date has stopped and is not counted; it is still listed, as `ended`.
 */
export function readIncome(
  members: readonly { member: MemberContext; path: string }[],
  classes: Readonly<Record<string, IncomeClass>>,
  counting: CountingRules,
  date: IsoDate,
): IncomeTotals {
  const lines: IncomeLine[] = [];
  let earned = 0;
  let unearned = 0;
  for (const { member, path } of members) {
    (member.income ?? []).forEach((record: IncomeRecord, index) => {
      const amount = monthly(record.amount, record.frequency, counting, record, `${path}.income.${index}.frequency`);
      const ended = record.endDate !== undefined && record.endDate < date;
      const counted = ended ? "ended" : (classes[record.type] ?? "unearned");
      if (counted === "earned") earned += amount;
      if (counted === "unearned") unearned += amount;
      lines.push({
        memberId: member.id ?? null,
        incomeId: record.id ?? null,
        type: record.type,
        counted,
        amount: record.amount,
        frequency: record.frequency,
        monthly: dollars(amount),
      });
    });
  }
  return { earned, unearned, lines };
}

/** What an expense is for, whichever of the two record shapes reported it. */
export type ExpenseKind = "rent_or_mortgage" | "utilities" | "dependent_care" | "medical" | "child_support" | "other";

const expenseKinds: Readonly<Record<string, ExpenseKind>> = {
  rent: "rent_or_mortgage",
  mortgage: "rent_or_mortgage",
  housing: "rent_or_mortgage",
  utilities: "utilities",
  dependent_care: "dependent_care",
  childcare: "dependent_care",
  medical: "medical",
  child_support: "child_support",
  child_support_paid: "child_support",
  alimony: "other",
  other: "other",
};

export const expenseKindOf = (expense: ExpenseRecord): ExpenseKind => expenseKinds[expense.type ?? expense.category ?? "other"] ?? "other";

/** A member's monthly expenses of one kind, in cents; child support counts no more than the legal obligation. */
export function monthlyExpenses(member: MemberContext, kind: ExpenseKind, counting: CountingRules, path: string): Cents {
  return sum(
    (member.expenses ?? []).flatMap((expense, index) => {
      if (expenseKindOf(expense) !== kind) return [];
      const paid =
        kind === "child_support" && expense.legallyObligatedAmount !== undefined
          ? Math.min(expense.amount, expense.legallyObligatedAmount)
          : expense.amount;
      return [monthly(paid, expense.frequency ?? "monthly", counting, undefined, `${path}.expenses.${index}.frequency`)];
    }),
  );
}
