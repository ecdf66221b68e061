import { createHash } from "node:crypto";
import type { Income } from "./request";

/**
 * The figures the simulated agencies report, derived from the request so the same person always gets
 * the same numbers (never random): amounts from the income the platform sent, else from the SSN.
 */

/**
 * SSN digits 6–8 (the three before the last) as 0–999. The last digit is the outcome's, so a test can
 * change the outcome without changing the figures.
 */
export const seedOf = (ssn: string): number => Number(ssn.slice(5, 8));

/** The SSN's nth digit (0-based) as a number. */
export const digitOf = (ssn: string, index: number): number => Number(ssn[index]);

export const cents = (amount: number): number => Math.round(amount * 100) / 100;

/**
 * To a monthly amount, the platform's factors (weekly × 4.3, every two weeks × 2.15, twice a month × 2,
 * yearly ÷ 12) and the usual synonyms. Hourly and daily amounts are read as full time (40 hours, 5 days a
 * week); a frequency the simulator does not know is read as monthly rather than refused.
 */
const monthlyFactors: Record<string, number> = {
  monthly: 1,
  variable: 1,
  weekly: 4.3,
  every_two_weeks: 2.15,
  every_2_weeks: 2.15,
  biweekly: 2.15,
  twice_monthly: 2,
  twice_a_month: 2,
  semimonthly: 2,
  quarterly: 1 / 3,
  yearly: 1 / 12,
  annually: 1 / 12,
  annual: 1 / 12,
  hourly: 40 * 4.3,
  daily: 5 * 4.3,
};

/** The income's monthly amount, or null without a usable amount. */
export function monthlyAmount(income: Income | null | undefined): number | null {
  const amount = income?.amount;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) return null;
  return cents(amount * (monthlyFactors[income?.frequency?.trim().toLowerCase() ?? "monthly"] ?? 1));
}

/** Monthly wages on record: the income's when the platform sent one, else $1,200 + $4 × seed, the seed's last two digits as cents. */
export const monthlyWages = (seed: number, income: Income | null | undefined): number =>
  monthlyAmount(income) ?? cents(1200 + 4 * seed + (seed % 100) / 100);

/** Fictional employers, so no demo shows a real company holding someone's wages. */
const employers = [
  "Riverside Grocery Co.",
  "Summit Home Health LLC",
  "Lakeview School District",
  "Northgate Logistics Inc.",
  "Harbor Street Diner",
  "Pinecrest Manufacturing",
  "Cedar Valley Hospital",
  "Metro Transit Authority",
] as const;

export const employerOf = (seed: number, income: Income | null | undefined): string =>
  income?.employerName?.trim() || employers[seed % employers.length]!;

export const filingStatuses = ["single", "married_filing_jointly", "head_of_household", "married_filing_separately"] as const;
export const immigrationStatuses = ["lawful_permanent_resident", "refugee", "asylee", "parolee", "temporary_protected_status"] as const;
export const benefitTypes = ["retirement", "disability", "survivors", "ssi"] as const;
export const states = ["AL", "AZ", "CO", "GA", "KY", "MI", "NC", "OH", "PA", "TX"] as const;

export const pick = <T>(list: readonly T[], seed: number): T => list[seed % list.length]!;

/** A date the status was granted: 2000–2024, from the seed. */
export const grantDateOf = (seed: number): string =>
  `${2000 + (seed % 25)}-${String(1 + (seed % 12)).padStart(2, "0")}-${String(1 + (seed % 28)).padStart(2, "0")}`;

/**
 * A DHS-style case verification number (13 digits and a two-letter suffix), from the request id: the same
 * call always gets the same case, and two calls never share one by accident.
 */
export function caseNumberOf(requestId: string, suffix: string): string {
  const hash = createHash("sha256").update(requestId).digest("hex");
  return `${(BigInt(`0x${hash.slice(0, 16)}`) % 10n ** 13n).toString().padStart(13, "0")}${suffix}`;
}

/** The `count` calendar quarters completed before `date`'s own (UTC), oldest first, as `YYYY-Qn`. */
export function completedQuarters(date: Date, count: number): string[] {
  const current = date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3);
  return Array.from({ length: count }, (_, index) => {
    const quarter = current - count + index;
    return `${Math.floor(quarter / 4)}-Q${(quarter % 4) + 1}`;
  });
}
