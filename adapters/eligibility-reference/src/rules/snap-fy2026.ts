import { monthlyConversion2008 } from "./counting";
import type { SnapRuleSet } from "./types";

/**
 * SNAP, federal fiscal year 2026 (1 October 2025 – 30 September 2026), 48 contiguous states and the
 * District of Columbia. Figures from USDA FNS's FY2026 cost-of-living adjustments
 * (the COLA memorandum's tables, as the platform's reference notes give them). A new fiscal year is a new file like this one,
 * listed in ./index.ts: nothing in the engine changes.
 */
export const snapFy2026: SnapRuleSet = {
  id: "snap-fy2026",
  program: "snap",
  title: "SNAP federal figures, fiscal year 2026 (48 states and DC)",
  effectiveFrom: "2025-10-01",
  publishedThrough: "2026-09-30",
  source: "USDA Food and Nutrition Service, SNAP Fiscal Year 2026 Cost-of-Living Adjustments (effective 1 October 2025)",
  counting: monthlyConversion2008,
  household: {
    citation: "7 CFR 273.1",
    description:
      "The household is the people who live together and buy and prepare food together. Roomers, people who do not buy and prepare food with the others, and people named only as authorized representative or absent parent are not counted.",
    nonHouseholdRoles: ["authorized_representative", "absent_parent"],
  },
  elderlyOrDisabled: {
    citation: "7 CFR 271.2",
    description: "A member 60 or older, or a member with a disability, makes the household an elderly or disabled household.",
    elderlyAge: 60,
  },
  incomeTypes: {
    citation: "7 CFR 273.9(b), 273.9(c)",
    description:
      "Wages and self-employment are earned income; benefits, support and other payments are unearned; in-kind benefits, educational grants, lump sums (a resource, not income) and prior-period amounts are excluded.",
    classes: {
      employed: "earned",
      self_employed: "earned",
      unearned: "unearned",
      tribal: "unearned",
      other: "unearned",
      in_kind_support: "excluded",
      education_grant: "excluded",
      lump_sum: "excluded",
      prior_period: "excluded",
    },
  },
  assetTypes: {
    citation: "7 CFR 273.8(c), 273.8(e)",
    description:
      "Cash, bank accounts and other liquid resources count; the home, retirement accounts and the cash value of life insurance are excluded. Vehicles are excluded here, as most states do (a state counting them configures it).",
    countable: {
      liquid: true,
      other: true,
      real_property: true,
      vehicle: false,
      retirement_account: false,
      insurance: false,
      life_insurance: false,
    },
    excludedRealPropertyUses: ["primary_residence"],
  },
  grossIncomeTest: {
    citation: "7 CFR 273.9(a)",
    description:
      "Gross monthly income at or below 130 % of the poverty guideline for the household size; households with an elderly or disabled member do not take this test.",
    percentOfPoverty: 130,
    bySize: [1696, 2292, 2888, 3483, 4079, 4675, 5271, 5867],
    eachAdditional: 596,
    denialReasonCode: "SNAP_GROSS_INCOME_OVER_LIMIT",
    skippedWhenElderlyOrDisabled: true,
  },
  netIncomeTest: {
    citation: "7 CFR 273.9(a)",
    description: "Net monthly income at or below 100 % of the poverty guideline for the household size.",
    percentOfPoverty: 100,
    bySize: [1305, 1763, 2221, 2680, 3138, 3596, 4055, 4513],
    eachAdditional: 459,
    denialReasonCode: "SNAP_NET_INCOME_OVER_LIMIT",
  },
  resourceTest: {
    citation: "7 CFR 273.8(b)",
    description: "Countable resources at or below $3,000, or $4,500 when a member is 60 or older or disabled.",
    limit: 3000,
    elderlyOrDisabledLimit: 4500,
    denialReasonCode: "SNAP_RESOURCES_OVER_LIMIT",
  },
  standardDeduction: {
    citation: "7 CFR 273.9(d)(1)",
    description: "A standard deduction by household size: 1–3 members $209, 4 members $223, 5 members $261, 6 or more $299.",
    tiers: [
      { fromSize: 1, amount: 209 },
      { fromSize: 4, amount: 223 },
      { fromSize: 5, amount: 261 },
      { fromSize: 6, amount: 299 },
    ],
  },
  earnedIncomeDeduction: {
    citation: "7 CFR 273.9(d)(2)",
    description: "20 % of gross earned income.",
    percent: 20,
  },
  dependentCareDeduction: {
    citation: "7 CFR 273.9(d)(4)",
    description: "The actual cost of caring for a dependent so a member can work, look for work, train or study.",
  },
  medicalDeduction: {
    citation: "7 CFR 273.9(d)(3)",
    description: "Medical costs of elderly or disabled members above $35 a month.",
    threshold: 35,
  },
  childSupportDeduction: {
    citation: "7 CFR 273.9(d)(5)",
    description: "Legally obligated child support a member pays (no more than the obligation).",
  },
  excessShelterDeduction: {
    citation: "7 CFR 273.9(d)(6)(ii)",
    description:
      "Shelter costs (rent or mortgage and the utility allowance) above half of the income left after the other deductions; capped at $744 unless the household has an elderly or disabled member.",
    percentOfAdjustedIncome: 50,
    cap: 744,
    uncappedWhenElderlyOrDisabled: true,
  },
  utilityAllowance: {
    citation: "7 CFR 273.9(d)(6)(iii)",
    description:
      "The state's standard utility allowance in place of actual utility costs: the full (heating/cooling) allowance when the household pays for heating or cooling or receives LIHEAP, the limited allowance when it has other utility costs, none when utilities are included in the rent.",
  },
  benefit: {
    citation: "7 CFR 273.10(e)(2)",
    description:
      "The maximum allotment for the household size less 30 % of net income (rounded up to the dollar); eligible households of one or two receive at least $24.",
    bySize: [298, 546, 785, 994, 1183, 1421, 1571, 1789],
    eachAdditional: 218,
    reductionPercent: 30,
    minimumBenefit: 24,
    minimumBenefitUpToSize: 2,
  },
  expedited: {
    citation: "7 CFR 273.2(i)(1)",
    description:
      "Expedited service when (i) gross monthly income is under $150 and liquid resources are $100 or less; (ii) gross monthly income and liquid resources together are less than monthly rent or mortgage plus the utility allowance; or (iii) the household is a destitute migrant or seasonal farmworker household with liquid resources of $100 or less.",
    incomeBelow: 150,
    liquidResourcesAtMost: 100,
    migrantLiquidResourcesAtMost: 100,
  },
};
