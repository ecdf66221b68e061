import type { IsoDate } from "../rules";

/** Whole years from a date of birth to a date, both `YYYY-MM-DD` (a birthday counts on the day itself). */
export function ageOn(dateOfBirth: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The calendar date of an instant in a time zone: the platform's (PLATFORM_TIME_ZONE), so that the
 * adapter's "today" is the platform's whatever zone its host keeps. Near midnight UTC and the
 * offices' date differ by a day, and a rule that changes on the first of a month changes on theirs.
 */
export function localDate(instant: Date, timeZone = "UTC"): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** PLATFORM_TIME_ZONE as the adapter process reads it (UTC when unset); a name the runtime does not know stops the start. */
export function timeZoneFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const zone = env.PLATFORM_TIME_ZONE?.trim() || "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    throw new Error(`PLATFORM_TIME_ZONE must be an IANA time-zone name such as America/New_York, not '${zone}'.`);
  }
  return zone;
}
