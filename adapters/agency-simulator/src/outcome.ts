/**
 * What the simulated agency does with a request, decided by the subject alone so a test or a demo
 * picks the outcome by picking the data: the last digit of the SSN, or the surname `Unreachable`.
 * See ANSWERS.md for the table.
 */

export type AgencyResult = "conclusive" | "inconclusive" | "partial";

export type Outcome =
  /** A 200 answer; `slow` ones wait `slowMs` first. `ssn` is the nine digits, null when there were none. */
  | { kind: "answer"; result: AgencyResult; ssn: string | null; slow: boolean }
  /** The agency's own failure: 500 every time. */
  | { kind: "fail" }
  /** The connection is dropped without an answer, as a network failure or a crashed agency would. */
  | { kind: "drop" };

/** The subject's SSN as nine digits (dashes and spaces stripped), or null when it is missing or not nine digits. */
export function ssnDigits(ssn: unknown): string | null {
  if (typeof ssn !== "string") return null;
  const digits = ssn.replace(/\D/g, "");
  return digits.length === 9 ? digits : null;
}

export function outcomeOf(subject: { ssn?: unknown; lastName?: unknown } | null | undefined): Outcome {
  // Checked first: a dropped connection must stay dropped whatever the SSN says, or retries could never be tested against it.
  if (typeof subject?.lastName === "string" && subject.lastName.trim().toLowerCase() === "unreachable") return { kind: "drop" };
  const ssn = ssnDigits(subject?.ssn);
  if (ssn === null) return { kind: "answer", result: "inconclusive", ssn: null, slow: false };
  switch (ssn[8]) {
    case "6":
      return { kind: "answer", result: "inconclusive", ssn, slow: false };
    case "7":
      return { kind: "answer", result: "partial", ssn, slow: false };
    case "8":
      return { kind: "fail" };
    case "9":
      return { kind: "answer", result: "conclusive", ssn, slow: true };
    default:
      return { kind: "answer", result: "conclusive", ssn, slow: false };
  }
}
