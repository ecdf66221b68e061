/** The calendar date (year, month, day) an instant falls on in a time zone. */
export function localDateOf(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/**
 * A certification period: from the first day of the month the decision is made in (in the platform's
 * time zone) through the last day of the period's last month. The instants are noon UTC of those
 * dates, so they print as those dates in any United States time zone.
 */
export function benefitPeriodOf(decidedAt: Date, months: number, timeZone: string): { from: Date; to: Date } {
  const { year, month } = localDateOf(decidedAt, timeZone);
  const from = new Date(Date.UTC(year, month - 1, 1, 12));
  const to = new Date(Date.UTC(year, month - 1 + months, 0, 12));
  return { from, to };
}
