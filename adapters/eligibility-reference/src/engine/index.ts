export type {
  ApplicationAnswers,
  AssetRecord,
  ElectronicCheck,
  ExParteRequest,
  ExpeditedAnswers,
  ExpeditedScreeningRequest,
  ExpenseRecord,
  Household,
  IncomeRecord,
  MemberContext,
  MemberDeterminationRequest,
  Program,
  SnapDeterminationRequest,
  UtilitiesAnswers,
  VerificationSummaryEntry,
} from "./request";
export { EvaluationError } from "./errors";
export type { AppliedRule, Explanation, IncomeLine } from "./explanation";
export type { EngineOptions, ProgramDecision } from "./decision";
export { cents, dollars, scale, percentOf, type Cents } from "./money";
export { ageOn, localDate } from "./dates";
export { monthly } from "./household";
export { screenExpedited, type ExpeditedResult } from "./expedited";
export { evaluateSnapDetermination, benefitFor, bySize, snapHousehold, utilityAllowanceFor, snapRulesOn } from "./snap";
export { evaluateMemberDetermination, evaluateExParte, magiLimit, magiPrograms } from "./magi";
