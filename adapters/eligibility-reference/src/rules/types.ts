/**
 * The shapes of the rule data. Every figure the engine compares against or deducts lives in a rule set
 * like these, with the legal citation it comes from and the dates it is in force; the engine holds only
 * the arithmetic the regulations describe. Amounts are whole or fractional US dollars, as published.
 */

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** A rule set is in force from `effectiveFrom` until a later rule set of the same program starts. */
export type EffectiveDated = {
  /** Stable identifier, reported in every explanation (`snap-fy2026`). */
  id: string;
  title: string;
  effectiveFrom: IsoDate;
  /**
   * The last day the published figures were issued for (a fiscal year's end). Past it the set stays in
   * force until its successor is loaded, and every explanation carries a warning saying so.
   */
  publishedThrough?: IsoDate;
  /** Where the figures come from. */
  source: string;
};

/** A figure or a rule with the regulation that sets it. */
export type Cited = { citation: string; description: string };

/** A figure per household size: sizes 1…n listed, each member past n adds `eachAdditional`. */
export type BySize = { bySize: readonly number[]; eachAdditional: number };

export type DenialCode =
  | "SNAP_GROSS_INCOME_OVER_LIMIT"
  | "SNAP_NET_INCOME_OVER_LIMIT"
  | "SNAP_RESOURCES_OVER_LIMIT"
  | "MEDICAID_INCOME_OVER_LIMIT"
  | "CHIP_INCOME_OVER_LIMIT"
  | "CHIP_NOT_A_CHILD"
  | "TANF_INCOME_OVER_LIMIT";

/** How an income record counts toward a program's income. */
export type IncomeClass = "earned" | "unearned" | "excluded";

/** A frequency's conversion to a monthly amount: amount × multiply ÷ divide (kept as integers so cents stay exact). */
export type MonthlyConversion = { multiply: number; divide: number; note?: string };

/** How income, expenses and assets are read: shared by the SNAP and the reference MAGI rules. */
export type CountingRules = {
  conversion: Cited & {
    /** Per frequency; `hourly` multiplies by the record's hoursPerWeek first, `daily` by its daysPerWeek (or `defaultDaysPerWeek`). */
    factors: Readonly<Record<string, MonthlyConversion>>;
    defaultDaysPerWeek: number;
  };
};

export type SnapRuleSet = EffectiveDated & {
  program: "snap";
  counting: CountingRules;
  household: Cited & {
    /** Member roles that, alone, do not make someone part of the SNAP household. */
    nonHouseholdRoles: readonly string[];
  };
  elderlyOrDisabled: Cited & { elderlyAge: number };
  incomeTypes: Cited & { classes: Readonly<Record<string, IncomeClass>> };
  assetTypes: Cited & {
    /** Whether an asset of the type counts toward the resource limit. */
    countable: Readonly<Record<string, boolean>>;
    /** Real property used as the home is excluded whatever `countable` says of real property. */
    excludedRealPropertyUses: readonly string[];
  };
  grossIncomeTest: Cited & BySize & { percentOfPoverty: number; denialReasonCode: DenialCode; skippedWhenElderlyOrDisabled: true };
  netIncomeTest: Cited & BySize & { percentOfPoverty: number; denialReasonCode: DenialCode };
  resourceTest: Cited & { limit: number; elderlyOrDisabledLimit: number; denialReasonCode: DenialCode };
  standardDeduction: Cited & {
    /** The deduction for households of `fromSize` members or more, until the next entry. */
    tiers: readonly { fromSize: number; amount: number }[];
  };
  earnedIncomeDeduction: Cited & { percent: number };
  dependentCareDeduction: Cited;
  medicalDeduction: Cited & { threshold: number };
  childSupportDeduction: Cited;
  excessShelterDeduction: Cited & {
    /** Shelter costs above this percentage of the income left after the other deductions are deducted. */
    percentOfAdjustedIncome: number;
    cap: number;
    uncappedWhenElderlyOrDisabled: true;
  };
  utilityAllowance: Cited;
  benefit: Cited & BySize & { reductionPercent: number; minimumBenefit: number; minimumBenefitUpToSize: number };
  expedited: Cited & {
    /** (i): gross monthly income under this … */
    incomeBelow: number;
    /** … and liquid resources of no more than this. */
    liquidResourcesAtMost: number;
    /** (iii): a destitute migrant or seasonal farmworker household with liquid resources of no more than this. */
    migrantLiquidResourcesAtMost: number;
  };
};

/** A reference MAGI-style income test for one program: monthly income at or below a percentage of the poverty guideline. */
export type MagiProgramRule = Cited & {
  program: "medicaid" | "chip" | "tanf";
  percentOfPoverty: number;
  denialReasonCode: DenialCode;
  /** Members at or above this age are not eligible at all (CHIP covers children). */
  ageBelow?: { age: number; citation: string; denialReasonCode: DenialCode };
};

export type MagiRuleSet = EffectiveDated & {
  program: "magi-reference";
  /** Always true: these tables are the reference policy a state replaces with its own. */
  referencePolicy: true;
  counting: CountingRules;
  incomeTypes: Cited & { classes: Readonly<Record<string, IncomeClass>> };
  povertyGuideline: Cited & BySize & { period: "annual" };
  programs: Readonly<Record<"medicaid" | "chip" | "tanf", MagiProgramRule>>;
  exParte: Cited;
};
