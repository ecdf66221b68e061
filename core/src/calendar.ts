import { DAY_MS } from "./clock";

const isWeekend = (time: number) => {
  const day = new Date(time).getUTCDay();
  return day === 0 || day === 6;
};

const nextMidnight = (time: number) => Math.floor(time / DAY_MS) * DAY_MS + DAY_MS;

/**
 * `start` plus `ms` counted on a business calendar: only time on weekdays (Monday to Friday, UTC)
 * counts, so 72 business hours are three full weekdays. Holidays are not configured.
 */
export function addBusinessTime(start: Date, ms: number): Date {
  let at = start.getTime();
  let remaining = ms;
  while (remaining > 0) {
    const midnight = nextMidnight(at);
    if (isWeekend(at)) {
      at = midnight;
      continue;
    }
    const step = Math.min(remaining, midnight - at);
    at += step;
    remaining -= step;
  }
  return new Date(at);
}
