import type { IsoDate } from "../rules";

/** Whole years from a date of birth to a date, both `YYYY-MM-DD` (a birthday counts on the day itself). */
export function ageOn(dateOfBirth: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The calendar date of an instant in the process's time zone (set TZ for the agency's). */
export function localDate(instant: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}
