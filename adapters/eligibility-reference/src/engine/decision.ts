import type { DenialCode, EffectiveDated, IsoDate, UtilityAllowances } from "../rules";
import { EvaluationError } from "./errors";
import type { AppliedRule, Explanation } from "./explanation";
import type { VerificationSummaryEntry } from "./request";

/** A program decision as the contract's ProgramDecision carries it, with its explanation beside it. */
export type ProgramDecision = {
  program: string;
  status: "pending" | "approved" | "denied" | "ineligible";
  path: "auto" | "manual";
  denialReasonCode?: DenialCode;
  explanation: Explanation;
};

/** What the engine needs besides the request: today's date and the state's configuration. */
export type EngineOptions = {
  /** The date an evaluation without `evaluationDate` is made on. */
  today: IsoDate;
  utilityAllowances: UtilityAllowances;
};

export function evaluationDateOf(request: { evaluationDate?: IsoDate }, options: EngineOptions): IsoDate {
  return request.evaluationDate ?? options.today;
}

export function requireInForce<T extends EffectiveDated>(set: T | undefined, date: IsoDate, what: string): T {
  if (!set) throw new EvaluationError(`No ${what} rules are in force on ${date}.`, "evaluationDate");
  return set;
}

/** The first failed test decides: its denial code and the status that code stands for. */
export function outcomeOf(
  rules: readonly AppliedRule[],
  statusOf: (code: DenialCode) => "denied" | "ineligible",
): { status: "approved" | "denied" | "ineligible"; denialReasonCode?: DenialCode } {
  const failed = rules.find((rule) => rule.outcome === "failed" && rule.denialReasonCode);
  return failed?.denialReasonCode
    ? { status: statusOf(failed.denialReasonCode), denialReasonCode: failed.denialReasonCode }
    : { status: "approved" };
}

const settled = new Set(["satisfied", "waived"]);

/** Verifications that are neither satisfied nor waived: while any remains, a caseworker decides. */
export function outstandingVerifications(summary: readonly VerificationSummaryEntry[]): VerificationSummaryEntry[] {
  return summary.filter((entry) => !settled.has(entry.status));
}

/**
 * The decision the adapter returns: the rules' outcome, automatically, when nothing is outstanding;
 * otherwise `pending` for a caseworker (`manual`), with the rules' outcome kept in the explanation.
 */
export function decide(
  program: string,
  outcome: { status: "approved" | "denied" | "ineligible"; denialReasonCode?: DenialCode },
  explanation: Explanation,
  holdReason: string | null,
): ProgramDecision {
  if (holdReason) {
    explanation.warnings.push(holdReason);
    return { program, status: "pending", path: "manual", explanation: { ...explanation, rulesOutcome: outcome } };
  }
  return {
    program,
    status: outcome.status,
    path: "auto",
    ...(outcome.denialReasonCode ? { denialReasonCode: outcome.denialReasonCode } : {}),
    explanation,
  };
}
