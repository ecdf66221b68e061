import { readSetting } from "@pap/core";

/**
 * Whether a SNAP application must have its interview before its review completes (7 CFR 273.2(e),
 * the seeded policy `snap-interview-requirement`): on unless the deployment waives it for every
 * application with SNAP_INTERVIEW_REQUIRED=false.
 */
export const snapInterviewRequired = (env: NodeJS.ProcessEnv = process.env) => readSetting("SNAP_INTERVIEW_REQUIRED", env);

/** What the requirement reads: the application's programs and its interview, if it has one yet. */
export type InterviewFacts = {
  programs: readonly string[];
  interview: { completedAt: Date | null; waiverGranted: boolean | null } | null;
};

export const missingInterviewDetail = {
  field: "interview",
  message: "a SNAP application is approved only after its interview is held (7 CFR 273.2(e)) or waived",
} as const;

/**
 * The 422 details of a SNAP application whose interview is neither held (`completedAt`, set when its
 * appointment is held) nor waived (`waiverGranted`); none for an application without SNAP, or when
 * the deployment does not require the interview.
 */
export function missingInterview(facts: InterviewFacts, required: boolean): { field: string; message: string }[] {
  if (!required || !facts.programs.includes("snap")) return [];
  const { interview } = facts;
  return interview && (interview.completedAt !== null || interview.waiverGranted === true) ? [] : [{ ...missingInterviewDetail }];
}
