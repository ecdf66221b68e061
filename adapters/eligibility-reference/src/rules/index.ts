import { magiReference2025 } from "./magi-reference-2025";
import { snapFy2026 } from "./snap-fy2026";
import type { EffectiveDated, IsoDate, MagiRuleSet, SnapRuleSet } from "./types";

export type {
  BySize,
  Cited,
  CountingRules,
  DenialCode,
  EffectiveDated,
  IncomeClass,
  IsoDate,
  MagiProgramRule,
  MagiRuleSet,
  MonthlyConversion,
  SnapRuleSet,
} from "./types";
export { denialCodes } from "./denial-codes";
export { illustrativeUtilityAllowances, utilityAllowancesFromEnv, type UtilityAllowances } from "./utility-allowances";
export { snapFy2026, magiReference2025 };

/**
 * Every rule set the adapter knows, per program, in any order. Fiscal year 2027 is one more entry here
 * (a `snap-fy2027.ts` with `effectiveFrom: "2026-10-01"`): evaluations dated on or after that day use it,
 * earlier ones keep FY2026's figures.
 */
export const ruleSets: { snap: readonly SnapRuleSet[]; magi: readonly MagiRuleSet[] } = {
  snap: [snapFy2026],
  magi: [magiReference2025],
};

/** The rule set in force on a date: the one that started last on or before it; undefined before the first. */
export function inForce<T extends EffectiveDated>(sets: readonly T[], date: IsoDate): T | undefined {
  let found: T | undefined;
  for (const set of sets) {
    if (set.effectiveFrom <= date && (!found || set.effectiveFrom > found.effectiveFrom)) found = set;
  }
  return found;
}
