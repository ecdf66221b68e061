import {
  benefitTypes,
  caseNumberOf,
  cents,
  completedQuarters,
  digitOf,
  employerOf,
  filingStatuses,
  grantDateOf,
  immigrationStatuses,
  monthlyWages,
  pick,
  seedOf,
  states,
} from "./figures";
import type { AgencyResult } from "./outcome";
import type { Subject } from "./request";
import type { ServiceType } from "./service-types";

/**
 * What each simulated agency says, by result: ANSWERS.md is this file as a table. A conclusive answer
 * carries the record; an inconclusive or partial one says why (`reason`) and which parts did not match
 * or could not be confirmed (`mismatches`), with those fields false or null (null: not determined).
 */

export type ServiceResult = Record<string, unknown>;

export type AnswerFacts = {
  result: AgencyResult;
  /** Nine digits, or null when the subject had no usable SSN. */
  ssn: string | null;
  requestId: string;
  subject: Subject | null | undefined;
  context: Record<string, unknown> | null | undefined;
  respondedAt: Date;
};

/** An answer's inputs, with the seed the figures come from (0 without an SSN: only conclusive and partial answers read figures). */
type Facts = AnswerFacts & { seed: number; digit: (index: number) => number };

const noMatch = (...mismatches: string[]) => ({ reason: "no_match", mismatches });
const partialMatch = (...mismatches: string[]) => ({ reason: "partial_match", mismatches });

/** The year asked about: the context's `taxYear` when the platform sent one, else the year before the answer's. */
function taxYearOf(facts: Facts): number {
  const asked = facts.context?.taxYear;
  return typeof asked === "number" && Number.isInteger(asked) ? asked : facts.respondedAt.getUTCFullYear() - 1;
}

/** VLP and SAVE answer alike; only the case number's suffix tells them apart. */
const lawfulPresence =
  (suffix: string) =>
  (facts: Facts): ServiceResult => {
    const caseNumber = caseNumberOf(facts.requestId, suffix);
    if (facts.result === "inconclusive")
      return {
        lawfulPresenceVerified: false,
        immigrationStatus: null,
        statusGrantDate: null,
        caseNumber,
        additionalVerificationRequired: true,
        ...noMatch("immigrationRecord"),
      };
    const immigrationStatus = pick(immigrationStatuses, facts.seed);
    // Without the grant date a caseworker cannot apply the five-year bar: DHS asks for additional verification.
    if (facts.result === "partial")
      return {
        lawfulPresenceVerified: true,
        immigrationStatus,
        statusGrantDate: null,
        caseNumber,
        additionalVerificationRequired: true,
        ...partialMatch("statusGrantDate"),
      };
    return {
      lawfulPresenceVerified: true,
      immigrationStatus,
      statusGrantDate: grantDateOf(facts.seed),
      caseNumber,
      additionalVerificationRequired: false,
    };
  };

const answerers: Record<ServiceType, (facts: Facts) => ServiceResult> = {
  fdsh_ssa: ({ result }) => {
    if (result === "inconclusive")
      return {
        ssnVerified: false,
        nameMatched: false,
        dateOfBirthMatched: false,
        citizenshipConfirmed: null,
        deathIndicator: null,
        ...noMatch("name", "dateOfBirth"),
      };
    // The person is who they say, but SSA's record does not show citizenship: the platform goes on to VLP.
    if (result === "partial")
      return {
        ssnVerified: true,
        nameMatched: true,
        dateOfBirthMatched: true,
        citizenshipConfirmed: false,
        deathIndicator: false,
        ...partialMatch("citizenship"),
      };
    return { ssnVerified: true, nameMatched: true, dateOfBirthMatched: true, citizenshipConfirmed: true, deathIndicator: false };
  },

  fdsh_vlp: lawfulPresence("VL"),
  save: lawfulPresence("SV"),

  fdsh_fti: (facts) => {
    const taxYear = taxYearOf(facts);
    if (facts.result === "inconclusive")
      return { taxYear, returnFound: false, adjustedGrossIncome: null, filingStatus: null, ...noMatch("name") };
    const figures = {
      returnFound: true,
      adjustedGrossIncome: Math.round(12 * monthlyWages(facts.seed, facts.subject?.income)),
      filingStatus: pick(filingStatuses, facts.seed),
    };
    // The latest return on file is the year before the one asked about.
    if (facts.result === "partial") return { taxYear: taxYear - 1, ...figures, ...partialMatch("taxYear") };
    return { taxYear, ...figures };
  },

  fdsh_medicare: ({ result, digit }) => {
    if (result === "inconclusive") return { enrolled: null, partA: null, partB: null, ...noMatch("name", "dateOfBirth") };
    if (result === "partial") return { enrolled: true, partA: true, partB: null, ...partialMatch("partB") };
    const enrolled = digit(7) >= 5;
    return { enrolled, partA: enrolled, partB: enrolled && digit(6) % 2 === 0 };
  },

  fdsh_vci: ({ result, seed, subject }) => {
    if (result === "inconclusive") return { currentMonthlyIncome: null, employer: null, ...noMatch("employmentRecord") };
    const employer = employerOf(seed, subject?.income);
    // Employment on file, but no pay reported for the current period.
    if (result === "partial") return { currentMonthlyIncome: null, employer, ...partialMatch("currentMonthlyIncome") };
    return { currentMonthlyIncome: monthlyWages(seed, subject?.income), employer };
  },

  ssa_ievs: ({ result, seed }) => {
    if (result === "inconclusive") return { monthlyBenefit: null, benefitType: null, ...noMatch("name", "dateOfBirth") };
    const benefitType = pick(benefitTypes, seed);
    if (result === "partial") return { monthlyBenefit: null, benefitType, ...partialMatch("monthlyBenefit") };
    return { monthlyBenefit: cents(600 + 1.5 * seed), benefitType };
  },

  irs_ievs: (facts) => {
    const taxYear = taxYearOf(facts);
    if (facts.result === "inconclusive") return { taxYear, annualUnearnedIncome: null, ...noMatch("name") };
    const annualUnearnedIncome = cents(40 + 7 * facts.seed + (facts.seed % 100) / 100);
    if (facts.result === "partial") return { taxYear: taxYear - 1, annualUnearnedIncome, ...partialMatch("taxYear") };
    return { taxYear, annualUnearnedIncome };
  },

  swica: ({ result, seed, subject, respondedAt }) => {
    if (result === "inconclusive") return { quarterlyWages: [], employerName: null, ...noMatch("wageRecord") };
    const wages = cents(3 * monthlyWages(seed, subject?.income));
    const quarterlyWages = completedQuarters(respondedAt, 4).map((quarter) => ({ quarter, wages }));
    const employerName = employerOf(seed, subject?.income);
    // Employers report a quarter weeks after it ends: the latest one is not on file yet.
    if (result === "partial") return { quarterlyWages: quarterlyWages.slice(0, 3), employerName, ...partialMatch("mostRecentQuarter") };
    return { quarterlyWages, employerName };
  },

  uib: ({ result, seed, subject, digit }) => {
    if (result === "inconclusive") return { weeklyBenefitAmount: null, claimActive: null, ...noMatch("name") };
    if (result === "partial") return { weeklyBenefitAmount: null, claimActive: true, ...partialMatch("weeklyBenefitAmount") };
    const claimActive = digit(7) % 2 === 1;
    // Half the average weekly wage, capped as states cap it.
    return {
      weeklyBenefitAmount: claimActive ? Math.min(600, Math.round((12 * monthlyWages(seed, subject?.income)) / 52 / 2)) : 0,
      claimActive,
    };
  },

  enrollment_check: ({ result, seed }) => {
    if (result === "inconclusive") return { enrolledElsewhere: null, states: [], ...noMatch("name", "dateOfBirth") };
    // Another state's record agrees on SSN and name, not on date of birth: a possible duplicate to look into.
    if (result === "partial") return { enrolledElsewhere: null, states: [pick(states, seed)], ...partialMatch("dateOfBirth") };
    return { enrolledElsewhere: false, states: [] };
  },

  incarceration_check: ({ result }) => {
    if (result === "inconclusive") return { incarcerated: null, ...noMatch("name", "dateOfBirth") };
    if (result === "partial") return { incarcerated: null, ...partialMatch("dateOfBirth") };
    return { incarcerated: false };
  },
};

/**
 * The `serviceResult` of an answer. Without an SSN every type answers its inconclusive shape with
 * `reason: "no_ssn"`: no agency can look the person up.
 */
export function serviceResultFor(serviceType: ServiceType, facts: AnswerFacts): ServiceResult {
  const ssn = facts.ssn;
  const answer = answerers[serviceType]({ ...facts, seed: ssn ? seedOf(ssn) : 0, digit: (index) => (ssn ? digitOf(ssn, index) : 0) });
  return ssn ? answer : { ...answer, reason: "no_ssn", mismatches: ["ssn"] };
}
