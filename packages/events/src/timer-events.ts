import { calendarTypes, parseDuration, type BusinessCalendar, type CalendarType } from "@pap/core";
import { defineDomainEvents, type EventCatalog } from "./catalog";

/**
 * The scheduling domain's timer events (SPEC's scheduling contract: `requestTimer`, `cancelTimer`),
 * declared here because every domain that sets a durable timer records them, and the scheduling
 * domain registers them in the catalog beside its appointments. Subject: the id of the object the
 * timer is about (its callback's subject).
 */
export const timerEvents = defineDomainEvents("scheduling", "/scheduling", {
  "timer.requested":
    "A timer was requested; data: timerId, fireAfter (an ISO-8601 duration from the request) or fireAt (an instant), fireOffset (a duration, possibly negative, moving it), calendarType (calendar or business, default calendar), callback {event, data}: at the due time callback.event is recorded with callback.data and timerId, subject = this event's. When the platform set the timer itself it adds dueAt (the instant it fires, by the platform's calendar) and applied: true; one posted without them is a request the scheduling domain carries out.",
  "timer.cancelled":
    "A timer was cancelled before it fired; data: timerId. The platform's own carry applied: true; one posted without it cancels that timer (nothing, if it fired or never existed).",
});

/** When a timer fires, as requested: after a duration from now, or at an instant, either moved by an offset. */
export type TimerTerms = {
  fireAfter?: string;
  fireAt?: Date | string;
  fireOffset?: string;
  calendarType?: CalendarType;
};

/** The instant a timer with these terms falls due, counted on the platform's calendar from `now`. */
export function dueAtOf(terms: TimerTerms, now: Date, calendar: BusinessCalendar): Date {
  const type = terms.calendarType ?? "calendar";
  const base = terms.fireAt !== undefined ? new Date(terms.fireAt) : calendar.addDuration(now, terms.fireAfter ?? "PT0S", type);
  return terms.fireOffset ? calendar.addDuration(base, terms.fireOffset, type) : base;
}

/** The data of a `scheduling.timer.requested` event for a timer the platform has set. */
export function requestedData(timerId: string, terms: TimerTerms, callback: { type: string; data?: unknown }, dueAt: Date) {
  return {
    timerId,
    ...(terms.fireAfter !== undefined && { fireAfter: terms.fireAfter }),
    ...(terms.fireAt !== undefined && { fireAt: new Date(terms.fireAt).toISOString() }),
    ...(terms.fireOffset !== undefined && { fireOffset: terms.fireOffset }),
    calendarType: terms.calendarType ?? "calendar",
    callback: { event: callback.type, data: callback.data ?? {} },
    dueAt: dueAt.toISOString(),
    applied: true,
  };
}

/** A timer request posted from outside, as the scheduling domain carries it out. */
export type PostedTimerRequest = TimerTerms & { timerId: string; callback: { event: string; data: Record<string, unknown> } };

type Problem = { field: string; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What is wrong with a posted timer event's data (none when it can be carried out): a request needs a
 * timerId, exactly one of fireAfter and fireAt, durations that parse, and a callback whose event the
 * catalog declares. An event the platform recorded itself (applied) is a record, not a request.
 */
export function timerEventProblems(type: string, data: unknown, catalog: EventCatalog): Problem[] {
  if (!isRecord(data)) return [{ field: "data", message: "must be an object" }];
  if (data.applied === true) return [];
  const problems: Problem[] = [];
  if (typeof data.timerId !== "string" || data.timerId.trim() === "") problems.push({ field: "data.timerId", message: "is required" });
  if (!type.endsWith("timer.requested")) return problems;
  const { fireAfter, fireAt, fireOffset, calendarType, callback } = data;
  if ((fireAfter === undefined) === (fireAt === undefined))
    problems.push({ field: "data.fireAfter", message: "give exactly one of fireAfter (a duration) and fireAt (an instant)" });
  for (const [field, value] of [
    ["fireAfter", fireAfter],
    ["fireOffset", fireOffset],
  ] as const)
    if (value !== undefined && (typeof value !== "string" || !parseDuration(value)))
      problems.push({ field: `data.${field}`, message: "must be an ISO-8601 duration such as PT72H or -P2D" });
  if (fireAfter !== undefined && typeof fireAfter === "string" && parseDuration(fireAfter)?.sign === -1)
    problems.push({ field: "data.fireAfter", message: "must not be negative" });
  if (fireAt !== undefined && (typeof fireAt !== "string" || Number.isNaN(Date.parse(fireAt))))
    problems.push({ field: "data.fireAt", message: "must be an ISO-8601 instant" });
  if (calendarType !== undefined && !calendarTypes.includes(calendarType as CalendarType))
    problems.push({ field: "data.calendarType", message: "must be calendar or business" });
  if (calendarType === "business")
    for (const [field, value] of [
      ["fireAfter", fireAfter],
      ["fireOffset", fireOffset],
    ] as const) {
      const duration = typeof value === "string" ? parseDuration(value) : undefined;
      if (duration && (duration.years || duration.months))
        problems.push({ field: `data.${field}`, message: "years and months have no length in business time" });
    }
  if (!isRecord(callback) || typeof callback.event !== "string") problems.push({ field: "data.callback.event", message: "is required" });
  else {
    if (!catalog.sourceOf(callback.event))
      problems.push({ field: "data.callback.event", message: `'${callback.event}' is not a declared event type` });
    if (callback.data !== undefined && !isRecord(callback.data))
      problems.push({ field: "data.callback.data", message: "must be an object" });
  }
  return problems;
}

/** A posted request's terms, once `timerEventProblems` found none. */
export function postedTimerRequest(data: Record<string, unknown>): PostedTimerRequest {
  const callback = data.callback as { event: string; data?: Record<string, unknown> };
  return {
    timerId: data.timerId as string,
    ...(typeof data.fireAfter === "string" && { fireAfter: data.fireAfter }),
    ...(typeof data.fireAt === "string" && { fireAt: data.fireAt }),
    ...(typeof data.fireOffset === "string" && { fireOffset: data.fireOffset }),
    calendarType: (data.calendarType as CalendarType | undefined) ?? "calendar",
    callback: { event: callback.event, data: callback.data ?? {} },
  };
}
