import type { AppliedRule, Explanation } from "./explanation";
import { moneyNote, referenceOf, stalenessWarnings } from "./explanation";
import { evaluationDateOf, type EngineOptions } from "./decision";
import { monthlyExpenses, readIncome } from "./household";
import { cents, dollars, sum, type Cents } from "./money";
import type { ExpeditedScreeningRequest } from "./request";
import { snapHousehold, snapRulesOn, utilityAllowanceFor } from "./snap";

export type ExpeditedResult = { expedited: boolean; explanation: Explanation };

/**
 * SNAP expedited service (7 CFR 273.2(i)(1)), screened at submission from the application's answers:
 * `expeditedSnap` (income expected this month, cash on hand, rent, mortgage, utilities), `utilities`
 * (which utility allowance applies) and the members (farmworkers). Where the application gave no
 * `expeditedSnap` figure, the members' own records stand in for it.
 */
export function screenExpedited(request: ExpeditedScreeningRequest, options: EngineOptions): ExpeditedResult {
  const date = evaluationDateOf(request, options);
  const rules = snapRulesOn(date);
  const criteria = rules.expedited;
  const answers = request.application?.expeditedSnap ?? {};
  const members = request.members ?? [];
  const household = snapHousehold(members, request.household, rules, date);

  const sources: Record<string, string> = {};
  let income: Cents;
  if (answers.totalMoneyExpectedThisMonth !== undefined) {
    income = cents(answers.totalMoneyExpectedThisMonth);
    sources.grossIncome = "application.expeditedSnap.totalMoneyExpectedThisMonth";
  } else {
    const read = readIncome(household.counted, rules.incomeTypes.classes, rules.counting, date);
    income = read.earned + read.unearned;
    sources.grossIncome = "members' income records";
  }
  let liquid: Cents;
  if (answers.totalCashOnHand !== undefined) {
    liquid = cents(answers.totalCashOnHand);
    sources.liquidResources = "application.expeditedSnap.totalCashOnHand";
  } else {
    liquid = sum(
      household.counted.flatMap(({ member }) =>
        (member.assets ?? []).filter((asset) => asset.type === "liquid").map((asset) => cents(asset.value)),
      ),
    );
    sources.liquidResources = "members' liquid assets";
  }
  let rentOrMortgage: Cents;
  if (answers.monthlyRent !== undefined || answers.monthlyMortgage !== undefined) {
    rentOrMortgage = cents(answers.monthlyRent ?? 0) + cents(answers.monthlyMortgage ?? 0);
    sources.rentOrMortgage = "application.expeditedSnap.monthlyRent + monthlyMortgage";
  } else {
    rentOrMortgage =
      sum(household.counted.map(({ member, path }) => monthlyExpenses(member, "rent_or_mortgage", rules.counting, path))) +
      cents(request.household.housingCosts ?? 0);
    sources.rentOrMortgage = "members' rent and mortgage expenses";
  }
  const utility = utilityAllowanceFor(request.household, request.application, members, options.utilityAllowances);
  const farmworker =
    request.household.isMigrantOrSeasonalFarmWorker === true || members.some((member) => member.isMigrantFarmWorker === true);
  const destitute = request.household.isDestitute === true;

  const lowIncome = income < cents(criteria.incomeBelow) && liquid <= cents(criteria.liquidResourcesAtMost);
  const shelterExceeds = income + liquid < rentOrMortgage + utility.amount;
  const destituteFarmworker = farmworker && destitute && liquid <= cents(criteria.migrantLiquidResourcesAtMost);

  const criterion = (id: string, paragraph: string, description: string, met: boolean, figures: AppliedRule["figures"]): AppliedRule => ({
    id,
    citation: `${criteria.citation}${paragraph}`,
    description,
    outcome: met ? "met" : "not_met",
    figures,
  });
  const usd = dollars;
  const appliedRules: AppliedRule[] = [
    criterion(
      "snap-expedited-low-income",
      "(i)",
      `Gross monthly income under $${criteria.incomeBelow} and liquid resources of no more than $${criteria.liquidResourcesAtMost}.`,
      lowIncome,
      {
        grossIncome: usd(income),
        incomeBelow: criteria.incomeBelow,
        liquidResources: usd(liquid),
        liquidResourcesAtMost: criteria.liquidResourcesAtMost,
      },
    ),
    criterion(
      "snap-expedited-shelter",
      "(ii)",
      "Gross monthly income and liquid resources together less than monthly rent or mortgage plus the utility allowance.",
      shelterExceeds,
      {
        incomePlusResources: usd(income + liquid),
        rentOrMortgage: usd(rentOrMortgage),
        utilityAllowance: usd(utility.amount),
        utilityAllowanceTier: utility.tier,
        utilityAllowanceReason: utility.reason,
        shelterCosts: usd(rentOrMortgage + utility.amount),
      },
    ),
    criterion(
      "snap-expedited-destitute-farmworker",
      "(iii)",
      `A destitute migrant or seasonal farmworker household with liquid resources of no more than $${criteria.migrantLiquidResourcesAtMost}.`,
      destituteFarmworker,
      {
        migrantOrSeasonalFarmworker: farmworker,
        destitute,
        liquidResources: usd(liquid),
        liquidResourcesAtMost: criteria.migrantLiquidResourcesAtMost,
      },
    ),
  ];

  const warnings = stalenessWarnings(rules, date);
  if (farmworker && request.household.isDestitute === undefined) {
    warnings.push(
      "A member is a migrant or seasonal farmworker but the request does not say whether the household is destitute (household.isDestitute): criterion (iii) was not met.",
    );
  }
  return {
    expedited: lowIncome || shelterExceeds || destituteFarmworker,
    explanation: {
      program: "snap",
      evaluationDate: date,
      ruleSet: referenceOf(rules),
      money: moneyNote,
      figures: {
        householdSize: household.counted.length,
        grossIncome: usd(income),
        liquidResources: usd(liquid),
        rentOrMortgage: usd(rentOrMortgage),
        utilityAllowance: usd(utility.amount),
        utilityAllowanceTier: utility.tier,
        migrantOrSeasonalFarmworker: farmworker,
        destitute,
        sources,
      },
      rules: appliedRules,
      warnings,
    },
  };
}
