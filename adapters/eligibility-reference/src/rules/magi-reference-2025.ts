import { monthlyConversion2008 } from "./counting";
import type { MagiRuleSet } from "./types";

/**
 * REFERENCE POLICY, NOT ANY STATE'S: deliberately simple MAGI-style income tests for Medicaid, CHIP and
 * TANF, so the platform has something to run end to end. A state replaces this file (or the whole
 * adapter) with its own rules: its eligibility groups, income standards, disregards and household
 * composition rules are far richer than one percentage of the poverty guideline.
 *
 * The test: the member's countable monthly income (wages, self-employment and unearned income, each
 * converted to a monthly amount) at or below the program's percentage of the monthly poverty guideline
 * for the household size. The 2025 HHS poverty guidelines are the same ones behind SNAP's FY2026 limits.
 */
export const magiReference2025: MagiRuleSet = {
  id: "magi-reference-2025",
  program: "magi-reference",
  referencePolicy: true,
  title: "Reference MAGI-style income tests (Medicaid, CHIP, TANF) on the 2025 poverty guidelines: a reference policy a state replaces",
  effectiveFrom: "2025-10-01",
  source: "HHS 2025 poverty guidelines (48 states and DC); program percentages chosen as a reference policy",
  counting: monthlyConversion2008,
  incomeTypes: {
    citation: "42 CFR 435.603(e)",
    description:
      "Reference reading of MAGI-based income: wages, self-employment and unearned income count; in-kind support, educational grants, lump sums, tribal and prior-period amounts are left out.",
    classes: {
      employed: "earned",
      self_employed: "earned",
      unearned: "unearned",
      other: "unearned",
      tribal: "excluded",
      in_kind_support: "excluded",
      education_grant: "excluded",
      lump_sum: "excluded",
      prior_period: "excluded",
    },
  },
  povertyGuideline: {
    citation: "42 U.S.C. 9902(2)",
    description:
      "The HHS poverty guideline for 2025, annual dollars by household size; the monthly guideline is the annual one divided by 12.",
    period: "annual",
    bySize: [15650, 21150, 26650, 32150, 37650, 43150, 48650, 54150],
    eachAdditional: 5500,
  },
  programs: {
    medicaid: {
      program: "medicaid",
      citation: "42 CFR 435.119, 435.603(d)(4)",
      description: "Reference adult MAGI test: income at or below 138 % of the poverty guideline (133 % plus the 5 % disregard).",
      percentOfPoverty: 138,
      denialReasonCode: "MEDICAID_INCOME_OVER_LIMIT",
    },
    chip: {
      program: "chip",
      citation: "42 CFR 457.310",
      description: "Reference CHIP test: a child under 19 with income at or below 200 % of the poverty guideline.",
      percentOfPoverty: 200,
      denialReasonCode: "CHIP_INCOME_OVER_LIMIT",
      ageBelow: { age: 19, citation: "42 CFR 457.10", denialReasonCode: "CHIP_NOT_A_CHILD" },
    },
    tanf: {
      program: "tanf",
      citation: "42 U.S.C. 602(a)",
      description: "Reference TANF test: income at or below 50 % of the poverty guideline (each state's plan sets its own need standard).",
      percentOfPoverty: 50,
      denialReasonCode: "TANF_INCOME_OVER_LIMIT",
    },
  },
  exParte: {
    citation: "42 CFR 435.911, 435.952",
    description:
      "An ex parte determination approves on the information at hand when every electronic check is conclusive and the income test passes; otherwise it is left to a caseworker, who asks the applicant, never denied from electronic data alone.",
  },
};
