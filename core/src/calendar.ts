import Holidays from "date-holidays";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./clock";

/**
 * The platform's calendar: the time zone its offices keep (`PLATFORM_TIME_ZONE`) and the days they are
 * closed (weekends, US federal holidays on their observed dates, and the deployment's own closure days,
 * `PLATFORM_CLOSURE_DAYS`). Business time is whole local days: every hour of a business day counts,
 * from local midnight to local midnight, and no hour of a closed day does.
 *
 * Durations are counted on the local wall clock, so that a deadline keeps its time of day: P30D is
 * thirty local days (719 or 721 hours across a daylight-saving change, not 720), and 72 business hours
 * from Friday 10:00 are Wednesday 10:00 local whatever the clocks did on Sunday. An instant that a
 * spring-forward skips (02:30 on the day clocks jump from 02:00 to 03:00) lands as far past the gap
 * as it was into it (03:30); one that a fall-back repeats is its first occurrence.
 */
export type BusinessCalendar = {
  readonly timeZone: string;
  /** The local date (`YYYY-MM-DD`) of an instant: what "today" is for an office of the platform. */
  localDateOf(instant: Date): string;
  /** Whether a local date (`YYYY-MM-DD`) is a business day: a weekday, no federal holiday, no closure day. */
  isBusinessDay(date: string): boolean;
  /** `start` plus (or, negative, minus) `ms` of business time. */
  addBusinessTime(start: Date, ms: number): Date;
  /**
   * `start` moved by an ISO-8601 duration (`P30D`, `PT72H`, `-PT48H`, `P1Y2M`), on the calendar or in
   * business time. On the calendar, years, months, weeks and days are local calendar units and the time
   * part is elapsed time; in business time a day is 24 business hours and a week five business days
   * (years and months have no business meaning and are refused).
   */
  addDuration(start: Date, duration: string, calendarType?: CalendarType): Date;
};

export type CalendarType = "calendar" | "business";
export const calendarTypes = ["calendar", "business"] as const;

export type CalendarSettings = {
  /** An IANA zone name (`America/New_York`). */
  timeZone: string;
  /** Local dates (`YYYY-MM-DD`) the offices are closed beside weekends and federal holidays. */
  closureDays?: readonly string[];
  /** Whether US federal holidays are closed days (on by default; off for a calendar of weekends alone). */
  federalHolidays?: boolean;
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether the runtime knows an IANA time-zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export type Duration = { sign: 1 | -1; years: number; months: number; weeks: number; days: number; ms: number };

/** An ISO-8601 duration (with an optional leading minus), or undefined when the text is not one. */
export function parseDuration(text: string): Duration | undefined {
  const match = DURATION.exec(text.trim());
  if (!match || text.trim().endsWith("T") || /^-?P$/.test(text.trim())) return undefined;
  const [, minus, y, mo, w, d, h, mi, s] = match;
  const n = (part: string | undefined) => (part ? Number(part) : 0);
  return {
    sign: minus ? -1 : 1,
    years: n(y),
    months: n(mo),
    weeks: n(w),
    days: n(d),
    ms: Math.round(n(h) * HOUR_MS + n(mi) * MINUTE_MS + n(s) * 1000),
  };
}

// Formatters are costly to make and are reused per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant's local wall time, as milliseconds on a UTC-based axis: the wall clock's reading taken as
 * if it were UTC. Every local day is exactly 24 hours long on this axis, which is what makes counting
 * local days and hours plain arithmetic.
 */
function wallOf(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant)))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wholeSeconds = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wholeSeconds + (((instant % 1000) + 1000) % 1000);
}

/** The instant a local wall time names: the first of two in a repeated hour, the moment after a skipped one. */
function instantOf(timeZone: string, wall: number): number {
  // The offsets that can apply near this wall time are the ones a day either side has.
  const offsets = new Set([wallOf(timeZone, wall - DAY_MS) - (wall - DAY_MS), wallOf(timeZone, wall + DAY_MS) - (wall + DAY_MS)]);
  const candidates = [...offsets].map((offset) => wall - offset).filter((instant) => wallOf(timeZone, instant) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap the wall time does not exist: read with the offset in force before the gap, it lands as far
  // past the gap as it was into it (02:30 on a spring-forward day is 03:30).
  const before = wallOf(timeZone, wall - DAY_MS) - (wall - DAY_MS);
  return wall - before;
}

const dateOfWall = (wall: number) => new Date(wall).toISOString().slice(0, 10);
const startOfWallDay = (wall: number) => Math.floor(wall / DAY_MS) * DAY_MS;

/** A calendar from its settings; throws on an unknown zone or a closure day that is not a date. */
export function createCalendar(settings: CalendarSettings): BusinessCalendar {
  const { timeZone } = settings;
  if (!isTimeZone(timeZone)) throw new RangeError(`'${timeZone}' is not an IANA time zone`);
  const closures = new Set(settings.closureDays ?? []);
  for (const day of closures) if (!isIsoDate(day)) throw new RangeError(`closure day '${day}' is not a date (YYYY-MM-DD)`);
  const federal = settings.federalHolidays === false ? undefined : new Holidays("US");
  const holidaysByYear = new Map<number, ReadonlySet<string>>();
  const holidaysOf = (year: number): ReadonlySet<string> => {
    let found = holidaysByYear.get(year);
    if (!found) {
      // `date` is the holiday's local date; observed (substitute) days come as holidays of their own.
      const days = (federal?.getHolidays(year) ?? [])
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10));
      holidaysByYear.set(year, (found = new Set(days)));
    }
    return found;
  };

  const isBusinessDay = (date: string) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) return false;
    return !closures.has(date) && !holidaysOf(Number(date.slice(0, 4))).has(date);
  };

  /** Moves a wall time by business milliseconds, day by local day. */
  const addBusinessWall = (wall: number, ms: number): number => {
    let at = wall;
    let remaining = Math.abs(ms);
    if (ms >= 0) {
      while (remaining > 0) {
        const dayEnd = startOfWallDay(at) + DAY_MS;
        if (!isBusinessDay(dateOfWall(at))) {
          at = dayEnd;
          continue;
        }
        const step = Math.min(remaining, dayEnd - at);
        at += step;
        remaining -= step;
      }
      return at;
    }
    while (remaining > 0) {
      // Going back, the time just before `at` is what is counted: at a midnight, that is the previous day's.
      const dayStart = at === startOfWallDay(at) ? at - DAY_MS : startOfWallDay(at);
      if (!isBusinessDay(dateOfWall(dayStart))) {
        at = dayStart;
        continue;
      }
      const step = Math.min(remaining, at - dayStart);
      at -= step;
      remaining -= step;
    }
    return at;
  };

  return {
    timeZone,
    localDateOf: (instant) => dateOfWall(wallOf(timeZone, instant.getTime())),
    isBusinessDay,
    addBusinessTime: (start, ms) => new Date(instantOf(timeZone, addBusinessWall(wallOf(timeZone, start.getTime()), ms))),
    addDuration(start, text, calendarType = "calendar") {
      const duration = parseDuration(text);
      if (!duration) throw new RangeError(`'${text}' is not an ISO-8601 duration`);
      const { sign } = duration;
      const wall = wallOf(timeZone, start.getTime());
      if (calendarType === "business") {
        if (duration.years || duration.months) throw new RangeError(`'${text}': years and months have no length in business time`);
        const ms = (duration.weeks * 5 + duration.days) * DAY_MS + duration.ms;
        return new Date(instantOf(timeZone, addBusinessWall(wall, sign * ms)));
      }
      const date = new Date(wall);
      // A month on from January 31 is the last day of February, not March 3.
      const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + sign * (duration.years * 12 + duration.months);
      const lastDay = new Date(Date.UTC(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 0)).getUTCDate();
      date.setUTCFullYear(Math.floor(monthIndex / 12), monthIndex % 12, Math.min(date.getUTCDate(), lastDay));
      date.setUTCDate(date.getUTCDate() + sign * (duration.weeks * 7 + duration.days));
      return new Date(instantOf(timeZone, date.getTime()) + sign * duration.ms);
    },
  };
}
