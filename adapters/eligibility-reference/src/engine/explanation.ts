import type { DenialCode, EffectiveDated, IsoDate } from "../rules";

/** One rule as applied to this request: what it says, where it comes from, what came of it, and the figures it used (dollars). */
export type AppliedRule = {
  id: string;
  citation: string;
  description: string;
  /** Tests pass or fail (or are skipped); deductions and conversions are applied; expedited criteria are met or not. */
  outcome: "passed" | "failed" | "skipped" | "applied" | "met" | "not_met";
  reason?: string;
  denialReasonCode?: DenialCode;
  figures?: Record<string, number | string | boolean | null>;
};

/** An income record as counted: its amount and frequency as reported, and the monthly dollars it became. */
export type IncomeLine = {
  memberId: string | null;
  incomeId: string | null;
  type: string;
  counted: "earned" | "unearned" | "excluded" | "ended";
  amount: number;
  frequency: string;
  monthly: number;
};

export type RuleSetReference = Pick<EffectiveDated, "id" | "title" | "effectiveFrom" | "publishedThrough" | "source"> & {
  referencePolicy?: true;
};

/** What every decision carries beside its status: the rules it applied, with citations, and every figure it computed. */
export type Explanation = {
  program: string;
  evaluationDate: IsoDate;
  ruleSet: RuleSetReference;
  /** Always the same sentence: figures are monthly US dollars, computed in integer cents. */
  money: string;
  figures: Record<string, unknown>;
  rules: AppliedRule[];
  /** The decision the rules reach, when a caseworker must still make it (verifications outstanding, an ex parte that cannot approve). */
  rulesOutcome?: { status: "approved" | "denied" | "ineligible"; denialReasonCode?: DenialCode };
  warnings: string[];
};

export const moneyNote =
  "Monthly US dollars; computed in integer cents, each conversion or percentage rounded once to the nearest cent (halves up).";

export function referenceOf(set: EffectiveDated & { referencePolicy?: true }): RuleSetReference {
  return {
    id: set.id,
    title: set.title,
    effectiveFrom: set.effectiveFrom,
    ...(set.publishedThrough ? { publishedThrough: set.publishedThrough } : {}),
    source: set.source,
    ...(set.referencePolicy ? { referencePolicy: true as const } : {}),
  };
}

/** The warning an evaluation past a rule set's published period carries. */
export function stalenessWarnings(set: EffectiveDated, date: IsoDate): string[] {
  return set.publishedThrough && date > set.publishedThrough
    ? [
        `Rule set ${set.id} was published for dates through ${set.publishedThrough}; it is applied on ${date} because no later rule set is loaded. Load the next period's figures.`,
      ]
    : [];
}

/** A test as applied: passed, or failed with the denial code its rule names. */
export function test(
  id: string,
  rule: { citation: string; description: string; denialReasonCode: DenialCode },
  passed: boolean,
  figures: AppliedRule["figures"],
): AppliedRule {
  return passed
    ? { id, citation: rule.citation, description: rule.description, outcome: "passed", figures }
    : { id, citation: rule.citation, description: rule.description, outcome: "failed", denialReasonCode: rule.denialReasonCode, figures };
}

/** A deduction, allowance or conversion as applied, with the figures it produced. */
export function applied(id: string, rule: { citation: string; description: string }, figures: AppliedRule["figures"]): AppliedRule {
  return { id, citation: rule.citation, description: rule.description, outcome: "applied", figures };
}
