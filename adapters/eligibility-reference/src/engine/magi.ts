import { denialCodes, inForce, ruleSets, type IsoDate, type MagiProgramRule, type MagiRuleSet } from "../rules";
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
import { applied, moneyNote, referenceOf, stalenessWarnings, test, type AppliedRule, type Explanation } from "./explanation";
import { ageOf, readIncome } from "./household";
import { dollars, scale } from "./money";
import type { ExParteRequest, MemberContext, MemberDeterminationRequest, Program } from "./request";
import { bySize } from "./snap";

export const magiPrograms = ["medicaid", "chip", "tanf"] as const;
type MagiProgram = (typeof magiPrograms)[number];

function programRule(set: MagiRuleSet, program: Program, allowed: readonly MagiProgram[]): MagiProgramRule {
  if (!(allowed as readonly string[]).includes(program)) {
    throw new EvaluationError(`The reference adapter does not evaluate ${program} here (it evaluates ${allowed.join(", ")}).`, "program");
  }
  return set.programs[program as MagiProgram];
}

/** The monthly income limit: the annual poverty guideline for the size × the program's percentage ÷ 12, to the nearest cent. */
export function magiLimit(set: MagiRuleSet, rule: MagiProgramRule, size: number): number {
  return scale(bySize(set.povertyGuideline, size), rule.percentOfPoverty, 1200);
}

/** The reference test for one member: the age condition where the program has one, then income against the limit. */
function evaluateMagi(
  program: Program,
  member: MemberContext,
  householdSize: number | undefined,
  date: IsoDate,
  allowed: readonly MagiProgram[],
) {
  const set = requireInForce(inForce(ruleSets.magi, date), date, "reference MAGI");
  const rule = programRule(set, program, allowed);
  const size = householdSize ?? 1;
  const income = readIncome([{ member, path: "member" }], set.incomeTypes.classes, set.counting, date);
  const monthlyIncome = income.earned + income.unearned;
  const limit = magiLimit(set, rule, size);
  const age = ageOf(member, date);

  const rules: AppliedRule[] = [
    applied(
      "magi-income",
      { citation: `${set.counting.conversion.citation}; ${set.incomeTypes.citation}`, description: set.incomeTypes.description },
      {
        earnedIncome: dollars(income.earned),
        unearnedIncome: dollars(income.unearned),
        monthlyIncome: dollars(monthlyIncome),
      },
    ),
    applied("magi-poverty-guideline", set.povertyGuideline, {
      householdSize: size,
      annualGuideline: dollars(bySize(set.povertyGuideline, size)),
    }),
  ];
  if (rule.ageBelow) {
    const ageRule = rule.ageBelow;
    rules.push(
      test(
        `${rule.program}-age`,
        { citation: ageRule.citation, description: `Members under ${ageRule.age}.`, denialReasonCode: ageRule.denialReasonCode },
        age !== null && age < ageRule.age,
        { age, ageBelow: ageRule.age },
      ),
    );
  }
  rules.push(
    test(`${rule.program}-income-test`, rule, monthlyIncome <= limit, {
      monthlyIncome: dollars(monthlyIncome),
      limit: dollars(limit),
      percentOfPoverty: rule.percentOfPoverty,
      householdSize: size,
    }),
  );

  const warnings = stalenessWarnings(set, date);
  warnings.push(`${set.title}.`);
  if (householdSize === undefined) warnings.push("No householdSize given: the member was evaluated as a household of one.");
  if (rule.ageBelow && age === null) warnings.push("The member has no date of birth: the age condition cannot pass.");

  const explanation: Explanation = {
    program: rule.program,
    evaluationDate: date,
    ruleSet: referenceOf(set),
    money: moneyNote,
    figures: {
      householdSize: size,
      age,
      incomes: income.lines,
      earnedIncome: dollars(income.earned),
      unearnedIncome: dollars(income.unearned),
      monthlyIncome: dollars(monthlyIncome),
      limits: { monthlyIncome: dollars(limit) },
    },
    rules,
    warnings,
  };
  return { rule, set, explanation, outcome: outcomeOf(rules, (code) => denialCodes[code].status) };
}

/** The final determination for a per-member program (Medicaid, CHIP, TANF) under the reference MAGI-style policy. */
export function evaluateMemberDetermination(request: MemberDeterminationRequest, options: EngineOptions): ProgramDecision {
  const date = evaluationDateOf(request, options);
  const { rule, explanation, outcome } = evaluateMagi(request.program, request.member, request.householdSize, date, magiPrograms);
  const outstanding = outstandingVerifications(request.verificationSummary);
  return decide(
    rule.program,
    outcome,
    explanation,
    outstanding.length
      ? `Verifications outstanding (${outstanding.map((entry) => `${entry.category ?? "unnamed"}: ${entry.status}`).join(", ")}): a caseworker decides.`
      : null,
  );
}

/**
 * The Medicaid ex parte evaluation (also CHIP): approve automatically when every electronic check came
 * back conclusive and the reference income test passes; anything else goes to a caseworker, since
 * electronic data alone never denies (42 CFR 435.952).
 */
export function evaluateExParte(request: ExParteRequest, options: EngineOptions): ProgramDecision {
  const date = evaluationDateOf(request, options);
  const { rule, set, explanation, outcome } = evaluateMagi(request.program, request.member, request.householdSize, date, [
    "medicaid",
    "chip",
  ]);
  const unsettled = request.electronicChecks.filter((check) => check.result !== "conclusive");
  const exParte: AppliedRule = {
    id: "medicaid-ex-parte",
    citation: set.exParte.citation,
    description: set.exParte.description,
    outcome: unsettled.length === 0 && outcome.status === "approved" ? "passed" : "failed",
    figures: {
      electronicChecks: request.electronicChecks.length,
      conclusive: request.electronicChecks.length - unsettled.length,
    },
  };
  explanation.rules.push(exParte);
  const hold =
    unsettled.length > 0
      ? `Electronic checks not conclusive (${unsettled.map((check) => `${check.serviceType}: ${check.result}`).join(", ")}): a caseworker decides.`
      : outcome.status !== "approved"
        ? "The reference rules would not approve: an ex parte evaluation does not deny, a caseworker asks the applicant."
        : null;
  return decide(rule.program, outcome, explanation, hold);
}
