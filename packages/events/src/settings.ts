import { calendarFromEnv, readSetting, type BusinessCalendar, type Clock } from "@pap/core";
import { sensitiveFieldSet } from "./redaction";
import type { SearchIndex } from "./search";

/** Deployment choices about events (SPEC §9 overlays), and the clock that stamps them. */
export type EventSettings = {
  /** Prepended verbatim to every event type (e.g. "org.example."); empty by default. */
  typePrefix: string;
  /** Gives each event its `time`; the system clock unless a test or benchmark moves time itself. */
  clock?: Clock;
  /** The platform's calendar (time zone, holidays, closure days): PLATFORM_TIME_ZONE's and PLATFORM_CLOSURE_DAYS' unless a test gives one. */
  calendar?: BusinessCalendar;
  /** The fields whose values no event carries (`redaction.ts`); SSNs and dates of birth unless a test says otherwise. */
  sensitiveFields?: ReadonlySet<string>;
  /** Records every read of a sensitive field in the audit trail (`audit/trail.ts`); on unless a benchmark's comparison turns it off. */
  auditReads?: boolean;
  /** Keeps the search documents of the records the recorded events describe current (none: search is not kept). */
  searchIndex?: SearchIndex;
};

export function eventSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EventSettings {
  return {
    typePrefix: readSetting("EVENT_TYPE_PREFIX", env),
    sensitiveFields: sensitiveFieldSet(readSetting("SENSITIVE_FIELDS", env)),
    auditReads: readSetting("AUDIT_SENSITIVE_READS", env),
    calendar: calendarFromEnv(env),
  };
}
