import { createCalendar, type BusinessCalendar } from "../calendar";
import { readSetting, type Environment } from "./read";

const calendars = new Map<string, BusinessCalendar>();

/**
 * The platform's calendar as PLATFORM_TIME_ZONE and PLATFORM_CLOSURE_DAYS say, made once per distinct
 * pair of settings (its holiday table is worth keeping). A setting that does not parse throws the
 * ConfigurationError the launcher reports before anything starts.
 */
export function calendarFromEnv(env: Environment = process.env): BusinessCalendar {
  const timeZone = readSetting("PLATFORM_TIME_ZONE", env);
  const closureDays = readSetting("PLATFORM_CLOSURE_DAYS", env);
  const key = `${timeZone}|${closureDays.join(",")}`;
  let calendar = calendars.get(key);
  if (!calendar) calendars.set(key, (calendar = createCalendar({ timeZone, closureDays })));
  return calendar;
}
