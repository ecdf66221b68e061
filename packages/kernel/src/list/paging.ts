import { badRequest, type ErrorDetail } from "@pap/core";
import { DEFAULT_LIMIT, MAX_LIMIT, type ListArgs, type ListEnvelope, type Page } from "./spec";

const LIMIT_MESSAGE = `must be an integer from 1 to ${MAX_LIMIT}`;
const OFFSET_MESSAGE = "must be an integer of 0 or more";

/** Applies the defaults and bounds every list shares: limit 1–100 (default 25), offset ≥ 0 (default 0). */
export function resolvePaging(args: { limit?: number | null; offset?: number | null }): Page {
  const details = pagingProblems(args.limit, args.offset);
  if (details.length) throw invalidPaging(details);
  return { limit: args.limit ?? DEFAULT_LIMIT, offset: args.offset ?? 0 };
}

function pagingProblems(limit: number | null | undefined, offset: number | null | undefined): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (limit != null && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT))
    details.push({ field: "limit", message: LIMIT_MESSAGE });
  if (offset != null && !(Number.isSafeInteger(offset) && offset >= 0)) details.push({ field: "offset", message: OFFSET_MESSAGE });
  return details;
}

const invalidPaging = (details: ErrorDetail[]) => badRequest("Invalid list parameters.", details);

const INTEGER_TEXT = /^[+-]?\d+$/;

/**
 * Reads the list parameters from a REST query string. Values arrive as strings; a repeated parameter
 * arrives as an array, which is ambiguous, so it is rejected rather than silently picking one.
 * Every problem is reported at once, in `details`.
 */
export function listParamsFromQuery(query: Record<string, unknown>): ListArgs {
  const details: ErrorDetail[] = [];
  const single = (field: string): string | number | undefined => {
    const value = Object.hasOwn(query, field) ? query[field] : undefined;
    if (value === undefined || typeof value === "string" || typeof value === "number") return value;
    details.push({ field, message: Array.isArray(value) ? "must be given at most once" : "must be a single value" });
    return undefined;
  };
  const integer = (field: string, message: string): number | undefined => {
    const value = single(field);
    if (value === undefined) return undefined;
    const number = typeof value === "number" ? value : INTEGER_TEXT.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) {
      details.push({ field, message });
      return undefined;
    }
    return number;
  };

  const q = single("q");
  const sort = single("sort");
  const limit = integer("limit", LIMIT_MESSAGE);
  const offset = integer("offset", OFFSET_MESSAGE);
  details.push(...pagingProblems(limit, offset));
  if (details.length) throw invalidPaging(details);

  const args: ListArgs = {};
  if (q !== undefined) args.q = String(q);
  if (sort !== undefined) args.sort = String(sort);
  if (limit !== undefined) args.limit = limit;
  if (offset !== undefined) args.offset = offset;
  return args;
}

/** The list body every list operation returns; `hasNext` says whether a further page has items. */
export function listEnvelope<T>(items: T[], total: number, page: Page): ListEnvelope<T> {
  return { items, total, limit: page.limit, offset: page.offset, hasNext: page.offset + items.length < total };
}
