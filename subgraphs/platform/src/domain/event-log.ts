import { badRequest, isUuid } from "@pap/core";
import { escapeLike } from "@pap/kernel/list";
import type { Prisma } from "@pap/db";
import { z } from "zod";
import { isTraceId, type EventFilter } from "@pap/events";

/** The log's own filters, beside `q`: each given one narrows the list. */
export type EventLogFilters = {
  type?: string | null;
  source?: string | null;
  subject?: string | null;
  traceid?: string | null;
  start?: string | null;
  end?: string | null;
};

const parameterError = (field: string, message: string) => badRequest(`Invalid '${field}' parameter.`, [{ field, message }]);

// ISO 8601: a calendar date, or a date-time with a zone; impossible dates (February 30) are refused.
const isoInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

function instant(field: string, value: string): Date {
  if (!isoInstant.safeParse(value).success) throw parameterError(field, "must be an ISO 8601 date or date-time with a time zone");
  return new Date(value);
}

/** The Prisma `where` for the filters; malformed values are 400s naming the parameter. */
export function eventLogWhere(filters: EventLogFilters): Prisma.PlatformEventWhereInput {
  const and: Prisma.PlatformEventWhereInput[] = [];
  const { type, source, subject, traceid, start, end } = filters;
  if (type) and.push(type.endsWith("*") ? { type: { startsWith: escapeLike(type.slice(0, -1)) } } : { type });
  if (source) and.push({ source });
  if (subject) {
    if (!isUuid(subject)) throw parameterError("subject", "must be a uuid");
    and.push({ subject: subject.toLowerCase() });
  }
  if (traceid) {
    if (!isTraceId(traceid.toLowerCase())) throw parameterError("traceid", "must be a W3C trace id (32 hex digits)");
    and.push({ traceid: traceid.toLowerCase() });
  }
  const from = start ? instant("start", start) : undefined;
  const to = end ? instant("end", end) : undefined;
  if (from && to && from > to) throw parameterError("start", "must not be after end");
  if (from || to) and.push({ time: { ...(from && { gte: from }), ...(to && { lte: to }) } });
  return and.length ? { AND: and } : {};
}

/** A live-stream filter from the stream's parameters: `type` may list several types or prefixes, comma-separated. */
export function streamFilter(parameters: { type?: string | null; source?: string | null; subject?: string | null }): EventFilter {
  const types = parameters.type
    ?.split(",")
    .map((type) => type.trim())
    .filter(Boolean);
  if (parameters.subject && !isUuid(parameters.subject)) throw parameterError("subject", "must be a uuid");
  return {
    ...(types?.length && { types }),
    ...(parameters.source && { source: parameters.source }),
    ...(parameters.subject && { subject: parameters.subject.toLowerCase() }),
  };
}

const MAX_POSITION = 9223372036854775807n;

/** A resume cursor: the decimal log position of the last event the client received. */
export function positionFrom(value: string | null | undefined, field = "after"): bigint | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const position = /^\d{1,19}$/.test(value) ? BigInt(value) : -1n;
  // Positions are PostgreSQL bigints.
  if (position < 0n || position > MAX_POSITION) throw parameterError(field, "must be a log position (the id of a received event)");
  return position;
}
