import type { NoticeType } from "../domain/vocabulary";

/**
 * The law a notice follows, as data: which registry policy each notice cites, how long a household has
 * to ask for a fair hearing, how long a certification runs, and how long it has to send documents.
 * Citations are read from the policy registry at issue time, so a deployment that edits a policy's
 * citation sees it on the next notice; the policy id is the link.
 */
export type ProgramNoticeRules = {
  /** The policy a decision notice rests on, per notice type. */
  decisionPolicy: Partial<Record<NoticeType, string>>;
  /** The fair hearing: the registry policy granting it and the days from the notice's date to ask. */
  hearing: { policy: string; citation: string; days: number };
  /** How many months an approval certifies, counted from the first of the month of the decision. */
  certificationMonths: number;
};

export const programNoticeRules: Record<string, ProgramNoticeRules> = {
  snap: {
    decisionPolicy: {
      notice_of_eligibility: "snap-notice-of-eligibility",
      notice_of_denial: "snap-notice-of-eligibility",
      notice_of_action: "snap-notice-of-action",
    },
    hearing: { policy: "snap-fair-hearing-rights", citation: "7 CFR § 273.15(g)", days: 90 },
    certificationMonths: 12,
  },
  medicaid: {
    decisionPolicy: {
      notice_of_eligibility: "medicaid-notice-of-eligibility",
      notice_of_denial: "medicaid-notice-of-eligibility",
      notice_of_action: "medicaid-notice-of-eligibility",
    },
    hearing: { policy: "medicaid-fair-hearing", citation: "42 CFR § 431.221(d)", days: 90 },
    certificationMonths: 12,
  },
  chip: {
    decisionPolicy: {},
    hearing: { policy: "chip-review", citation: "42 CFR § 457.1130", days: 90 },
    certificationMonths: 12,
  },
  tanf: {
    decisionPolicy: {},
    hearing: { policy: "tanf-fair-hearing", citation: "45 CFR § 205.10(a)(5)", days: 90 },
    certificationMonths: 6,
  },
  aca: {
    decisionPolicy: {},
    hearing: { policy: "aca-appeal", citation: "45 CFR § 155.520(b)", days: 90 },
    certificationMonths: 12,
  },
};

/** The policies other notices rest on. */
export const noticePolicies = {
  documentRequest: { snap: "snap-verification-requirements", medicaid: "medicaid-electronic-verification-first" },
  missedInterview: "snap-interview-requirement",
} as const;

/** Days a household is given to send what a document request asks for (7 CFR § 273.2(f)(1): at least ten). */
export const DOCUMENT_REQUEST_DAYS = 10;

/** Days after a missed SNAP interview within which the household may still be interviewed (the 30th day of the application). */
export const MISSED_INTERVIEW_RESCHEDULE_DAYS = 30;
