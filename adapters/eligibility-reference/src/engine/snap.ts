import { denialCodes, inForce, ruleSets, type BySize, type IsoDate, type SnapRuleSet, type UtilityAllowances } from "../rules";
import {
  decide,
  evaluationDateOf,
  outcomeOf,
  outstandingVerifications,
  requireInForce,
  type EngineOptions,
  type ProgramDecision,
} from "./decision";
import { EvaluationError } from "./errors";
import { applied, moneyNote, referenceOf, stalenessWarnings, test, type AppliedRule } from "./explanation";
import { expenseKindOf, isElderlyOrDisabled, monthlyExpenses, readIncome, ageOf } from "./household";
import { cents, dollars, percentOf, sum, type Cents } from "./money";
import type { ApplicationAnswers, Household, MemberContext, SnapDeterminationRequest } from "./request";

export function snapRulesOn(date: IsoDate): SnapRuleSet {
  return requireInForce(inForce(ruleSets.snap, date), date, "SNAP");
}

/** A by-size figure for a household size (sizes past the table add `eachAdditional` per member), in cents. */
export function bySize(table: BySize, size: number): Cents {
  const listed = table.bySize.length;
  const dollarsFor = size <= listed ? table.bySize[size - 1]! : table.bySize[listed - 1]! + (size - listed) * table.eachAdditional;
  return cents(dollarsFor);
}

export function standardDeductionFor(rules: SnapRuleSet, size: number): Cents {
  let amount = 0;
  for (const tier of rules.standardDeduction.tiers) if (size >= tier.fromSize) amount = tier.amount;
  return cents(amount);
}

export type SnapHousehold = {
  counted: { member: MemberContext; path: string }[];
  excluded: { memberId: string | null; reason: string }[];
  elderlyOrDisabled: boolean;
};

/**
 * Who is in the SNAP household (7 CFR 273.1): every member given, except roomers, members who do not
 * buy and prepare food with the others, and members named only in roles that are not household roles.
 */
export function snapHousehold(
  members: readonly MemberContext[],
  household: Household,
  rules: SnapRuleSet,
  date: IsoDate,
  path = "members",
): SnapHousehold {
  const roomerIds = new Set((household.roomers ?? []).filter((roomer) => roomer.type === "member").map((roomer) => roomer.id));
  const counted: SnapHousehold["counted"] = [];
  const excluded: SnapHousehold["excluded"] = [];
  members.forEach((member, index) => {
    const memberId = member.id ?? null;
    if (member.id && roomerIds.has(member.id)) excluded.push({ memberId, reason: "a roomer" });
    else if (member.purchasesAndPreparesFood === false)
      excluded.push({ memberId, reason: "does not purchase and prepare food with the household" });
    else if (member.roles?.length && member.roles.every((role) => rules.household.nonHouseholdRoles.includes(role)))
      excluded.push({ memberId, reason: `only ${member.roles.join(", ")}` });
    else counted.push({ member, path: `${path}.${index}` });
  });
  const elderlyOrDisabled = counted.some(({ member }) => isElderlyOrDisabled(member, date, rules.elderlyOrDisabled.elderlyAge));
  return { counted, excluded, elderlyOrDisabled };
}

export type UtilityAllowanceChoice = { tier: "heating_cooling" | "limited" | "none"; amount: Cents; reason: string; source: string };

/**
 * Which of the state's standard utility allowances applies (7 CFR 273.9(d)(6)(iii)): none when utilities
 * come with the rent; the full allowance when the household heats or cools (a heating/cooling method
 * given) or receives LIHEAP; the limited one when it reports other utility costs; else none.
 */
export function utilityAllowanceFor(
  household: Household,
  application: ApplicationAnswers | undefined,
  members: readonly MemberContext[],
  allowances: UtilityAllowances,
): UtilityAllowanceChoice {
  const source = allowances.source;
  if (household.utilitiesIncludedInRent) return { tier: "none", amount: 0, reason: "utilities are included in the rent", source };
  const utilities = application?.utilities;
  if (utilities?.heatCoolMethod)
    return {
      tier: "heating_cooling",
      amount: cents(allowances.heatingCooling),
      reason: `pays for heating or cooling (${utilities.heatCoolMethod})`,
      source,
    };
  if (utilities?.receivesLiheap)
    return { tier: "heating_cooling", amount: cents(allowances.heatingCooling), reason: "receives LIHEAP", source };
  const reportsUtilities =
    (application?.expeditedSnap?.monthlyUtilities ?? 0) > 0 ||
    (household.utilityCosts ?? 0) > 0 ||
    members.some((member) => (member.expenses ?? []).some((expense) => expenseKindOf(expense) === "utilities" && expense.amount > 0));
  if (reportsUtilities)
    return { tier: "limited", amount: cents(allowances.limited), reason: "has utility costs but none for heating or cooling", source };
  return { tier: "none", amount: 0, reason: "reports no utility costs", source };
}

const usd = dollars;

/**
 * The SNAP final determination (7 CFR 273.9–273.10) for a household: the gross income test (not for
 * elderly or disabled households), the net income test and the resource test, each against the figures
 * in force on the evaluation date; the benefit it would receive; every figure in the explanation.
 */
export function evaluateSnapDetermination(request: SnapDeterminationRequest, options: EngineOptions): ProgramDecision {
  const date = evaluationDateOf(request, options);
  const rules = snapRulesOn(date);
  const counting = rules.counting;
  const household = snapHousehold(request.members, request.household, rules, date);
  if (household.counted.length === 0)
    throw new EvaluationError(
      "No member is part of the SNAP household (all are roomers, eat apart, or hold non-household roles).",
      "members",
    );
  const size = household.counted.length;
  const elderlyOrDisabled = household.elderlyOrDisabled;

  // Income, monthly.
  const income = readIncome(household.counted, rules.incomeTypes.classes, counting, date);
  const gross = income.earned + income.unearned;

  // Deductions, in the order 7 CFR 273.10(e)(1) takes them.
  const earnedDeduction = percentOf(income.earned, rules.earnedIncomeDeduction.percent);
  const standard = standardDeductionFor(rules, size);
  const dependentCare = sum(household.counted.map(({ member, path }) => monthlyExpenses(member, "dependent_care", counting, path)));
  const elderlyOrDisabledMembers = household.counted.filter(({ member }) =>
    isElderlyOrDisabled(member, date, rules.elderlyOrDisabled.elderlyAge),
  );
  const medicalCosts = sum(elderlyOrDisabledMembers.map(({ member, path }) => monthlyExpenses(member, "medical", counting, path)));
  const medical = Math.max(0, medicalCosts - cents(rules.medicalDeduction.threshold));
  const childSupport = sum(household.counted.map(({ member, path }) => monthlyExpenses(member, "child_support", counting, path)));
  const adjusted = Math.max(0, gross - earnedDeduction - standard - dependentCare - medical - childSupport);

  // Shelter: rent or mortgage, plus the utility allowance.
  const rentOrMortgage =
    sum(household.counted.map(({ member, path }) => monthlyExpenses(member, "rent_or_mortgage", counting, path))) +
    cents(request.household.housingCosts ?? 0);
  const utility = utilityAllowanceFor(
    request.household,
    request.application,
    household.counted.map(({ member }) => member),
    options.utilityAllowances,
  );
  const shelterCosts = rentOrMortgage + utility.amount;
  const halfAdjusted = percentOf(adjusted, rules.excessShelterDeduction.percentOfAdjustedIncome);
  const excessUncapped = Math.max(0, shelterCosts - halfAdjusted);
  const shelterCap = cents(rules.excessShelterDeduction.cap);
  const capped = !elderlyOrDisabled && excessUncapped > shelterCap;
  const excessShelter = capped ? shelterCap : excessUncapped;
  const net = Math.max(0, adjusted - excessShelter);

  // Resources.
  const countable = household.counted.flatMap(({ member }) =>
    (member.assets ?? []).filter(
      (asset) =>
        rules.assetTypes.countable[asset.type] === true &&
        !(asset.type === "real_property" && asset.primaryUse && rules.assetTypes.excludedRealPropertyUses.includes(asset.primaryUse)),
    ),
  );
  const resources = sum(countable.map((asset) => cents(asset.value)));
  const resourceLimit = cents(elderlyOrDisabled ? rules.resourceTest.elderlyOrDisabledLimit : rules.resourceTest.limit);

  const grossLimit = bySize(rules.grossIncomeTest, size);
  const netLimit = bySize(rules.netIncomeTest, size);

  const appliedRules: AppliedRule[] = [
    {
      id: "snap-household",
      citation: rules.household.citation,
      description: rules.household.description,
      outcome: "applied",
      figures: { householdSize: size, excludedMembers: household.excluded.length },
    },
    {
      id: "snap-elderly-or-disabled",
      citation: rules.elderlyOrDisabled.citation,
      description: rules.elderlyOrDisabled.description,
      outcome: "applied",
      figures: { elderlyOrDisabled, elderlyAge: rules.elderlyOrDisabled.elderlyAge },
    },
    {
      id: "snap-income-conversion",
      citation: `${counting.conversion.citation}; ${rules.incomeTypes.citation}`,
      description: `${counting.conversion.description} ${rules.incomeTypes.description}`,
      outcome: "applied",
      figures: { earnedIncome: usd(income.earned), unearnedIncome: usd(income.unearned), grossIncome: usd(gross) },
    },
    elderlyOrDisabled
      ? {
          id: "snap-gross-income-test",
          citation: rules.grossIncomeTest.citation,
          description: rules.grossIncomeTest.description,
          outcome: "skipped",
          reason: "the household has a member 60 or older or disabled: only the net income test applies",
          figures: { grossIncome: usd(gross), limit: usd(grossLimit) },
        }
      : test("snap-gross-income-test", rules.grossIncomeTest, gross <= grossLimit, {
          grossIncome: usd(gross),
          limit: usd(grossLimit),
          percentOfPoverty: rules.grossIncomeTest.percentOfPoverty,
        }),
    applied("snap-earned-income-deduction", rules.earnedIncomeDeduction, {
      earnedIncome: usd(income.earned),
      percent: rules.earnedIncomeDeduction.percent,
      deduction: usd(earnedDeduction),
    }),
    applied("snap-standard-deduction", rules.standardDeduction, { householdSize: size, deduction: usd(standard) }),
    applied("snap-dependent-care-deduction", rules.dependentCareDeduction, { deduction: usd(dependentCare) }),
    applied("snap-medical-deduction", rules.medicalDeduction, {
      elderlyOrDisabledMedicalCosts: usd(medicalCosts),
      threshold: rules.medicalDeduction.threshold,
      deduction: usd(medical),
    }),
    applied("snap-child-support-deduction", rules.childSupportDeduction, { deduction: usd(childSupport) }),
    applied("snap-utility-allowance", rules.utilityAllowance, {
      tier: utility.tier,
      allowance: usd(utility.amount),
      reason: utility.reason,
      source: utility.source,
    }),
    applied("snap-excess-shelter-deduction", rules.excessShelterDeduction, {
      shelterCosts: usd(shelterCosts),
      halfOfAdjustedIncome: usd(halfAdjusted),
      excessShelterCosts: usd(excessUncapped),
      cap: elderlyOrDisabled ? null : rules.excessShelterDeduction.cap,
      capped,
      deduction: usd(excessShelter),
    }),
    test("snap-net-income-test", rules.netIncomeTest, net <= netLimit, {
      netIncome: usd(net),
      limit: usd(netLimit),
      percentOfPoverty: rules.netIncomeTest.percentOfPoverty,
    }),
    test("snap-resource-test", rules.resourceTest, resources <= resourceLimit, { resources: usd(resources), limit: usd(resourceLimit) }),
  ];

  const outcome = outcomeOf(appliedRules, (code) => denialCodes[code].status);
  const benefit = outcome.status === "approved" ? benefitFor(rules, size, net) : null;
  if (benefit !== null) {
    appliedRules.push(
      applied("snap-benefit", rules.benefit, {
        maximumAllotment: usd(bySize(rules.benefit, size)),
        reductionPercent: rules.benefit.reductionPercent,
        monthlyBenefit: benefit,
      }),
    );
  }

  const explanation = {
    program: "snap",
    evaluationDate: date,
    ruleSet: referenceOf(rules),
    money: moneyNote,
    figures: {
      householdSize: size,
      members: household.counted.map(({ member }) => ({
        memberId: member.id ?? null,
        age: ageOf(member, date),
        elderlyOrDisabled: isElderlyOrDisabled(member, date, rules.elderlyOrDisabled.elderlyAge),
      })),
      excludedMembers: household.excluded,
      elderlyOrDisabled,
      incomes: income.lines,
      earnedIncome: usd(income.earned),
      unearnedIncome: usd(income.unearned),
      grossIncome: usd(gross),
      deductions: {
        earnedIncome: usd(earnedDeduction),
        standard: usd(standard),
        dependentCare: usd(dependentCare),
        medical: usd(medical),
        childSupport: usd(childSupport),
        excessShelter: usd(excessShelter),
      },
      adjustedIncome: usd(adjusted),
      shelter: {
        rentOrMortgage: usd(rentOrMortgage),
        utilityAllowance: usd(utility.amount),
        utilityAllowanceTier: utility.tier,
        total: usd(shelterCosts),
      },
      netIncome: usd(net),
      resources: usd(resources),
      limits: { grossIncome: elderlyOrDisabled ? null : usd(grossLimit), netIncome: usd(netLimit), resources: usd(resourceLimit) },
      monthlyBenefit: benefit,
    },
    rules: appliedRules,
    warnings: stalenessWarnings(rules, date),
  };

  const outstanding = outstandingVerifications(request.verificationSummary);
  return decide(
    "snap",
    outcome,
    explanation,
    outstanding.length
      ? `Verifications outstanding (${outstanding.map((entry) => `${entry.category ?? "unnamed"}: ${entry.status}`).join(", ")}): a caseworker decides.`
      : null,
  );
}

/**
 * The monthly allotment in whole dollars (7 CFR 273.10(e)(2)): the maximum allotment less 30 % of net
 * income rounded up to the dollar, never below zero; households of one or two get at least the minimum.
 */
export function benefitFor(rules: SnapRuleSet, size: number, net: Cents): number {
  const maximum = bySize(rules.benefit, size) / 100;
  const contribution = Math.ceil((net * rules.benefit.reductionPercent) / 10000);
  const benefit = Math.max(0, maximum - contribution);
  return size <= rules.benefit.minimumBenefitUpToSize ? Math.max(benefit, rules.benefit.minimumBenefit) : benefit;
}
