import type { verificationCategories } from "../contract/records";

type Category = (typeof verificationCategories)[number];

/** What a program asks to be verified: of each member, of each income record, of the household. */
export type ProgramVerifications = { member?: readonly Category[]; income?: readonly Category[]; household?: readonly Category[] };

/**
 * The verifications submission creates, by program (the intake contract's createProgramVerifications).
 * Member and income checks are electronic (data exchange completes them); household ones need a document.
 */
export const programVerifications: Readonly<Record<string, ProgramVerifications>> = {
  snap: { member: ["identity"], income: ["income"], household: ["residency"] },
  medicaid: { member: ["citizenship", "immigration"] },
};
