import { unstorableTextReason } from "../unstorable-text";
import { ApiError, preconditionFailed } from "./api-error";

/**
 * The values a request carried (a body's, a query string's, a path's, a GraphQL operation's variables
 * and literals), as the database refusal rules ask about them. Built only when a refusal needs it.
 */
export type RequestValues = {
  /** Whether the request carried this very value (a string as sent, or a number). */
  holds(value: string): boolean;
  /** Whether any value the request carried passes the test. */
  some(test: (value: string | number) => boolean): boolean;
};

const normalized = (value: string) => value.trim().toLowerCase();

/** The scalar values of any number of parsed request parts (objects and arrays walked through, keys included). */
export function requestValuesOf(...parts: unknown[]): RequestValues {
  const values: (string | number)[] = [];
  const pending: unknown[] = [...parts];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) values.push(value);
    else if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) pending.push(key, item);
  }
  let texts: Set<string> | undefined;
  return {
    holds: (value) => (texts ??= new Set(values.map((item) => normalized(String(item))))).has(normalized(value)),
    some: (test) => values.some(test),
  };
}

/**
 * How PostgreSQL refuses a value itself (not the server's state), and what in the request shows the
 * value came from it. The message names the value for most of them (`invalid input syntax for type
 * uuid: "abc"`): the request must have carried exactly that value. The rest name none, and are the
 * client's only when the request holds such a value at all (text with a NUL, a number past 32 bits).
 * Message forms only the platform's own statements produce (`malformed array literal`: the platform
 * builds every array it sends) are never the client's.
 */
type Refusal = { answer(): ApiError; namesItsValue?: RegExp; withoutValue?(sent: RequestValues): boolean };

const unstorableText = () =>
  new ApiError(422, "VALIDATION_ERROR", "The request holds text that cannot be stored (a NUL character or invalid Unicode).");
const carriesUnstorableText = (sent: RequestValues) =>
  sent.some((value) => typeof value === "string" && unstorableTextReason(value) !== undefined);
const INT32_MAX = 2 ** 31 - 1;

const refusals: Record<string, Refusal> = {
  "22P05": { answer: unstorableText, withoutValue: carriesUnstorableText },
  "22021": { answer: unstorableText, withoutValue: carriesUnstorableText },
  "22P02": {
    answer: () => new ApiError(422, "VALIDATION_ERROR", "The request holds a value the database cannot read."),
    namesItsValue: /^(?:invalid input syntax for type [\w ]+|invalid input value for enum [\w".]+): "(.*)"$/s,
  },
  "22003": {
    answer: () => new ApiError(422, "VALIDATION_ERROR", "The request holds a number out of range."),
    namesItsValue: /^value "(.*)" is out of range for type [\w ]+$/s,
    withoutValue: (sent) => sent.some((value) => typeof value === "number" && Math.abs(value) > INT32_MAX),
  },
  "22007": {
    answer: () => new ApiError(422, "VALIDATION_ERROR", "The request holds a malformed date or time."),
    namesItsValue: /^invalid input syntax for type (?:date|time|timestamp)[\w ]*: "(.*)"$/s,
  },
  "22008": {
    answer: () => new ApiError(422, "VALIDATION_ERROR", "The request holds a date or time out of range."),
    namesItsValue: /^(?:date\/time field value out of range|date out of range|timestamp out of range): "(.*)"$/s,
  },
};

/** Walks an error and what it wraps (Prisma's, the driver adapter's, the driver's; a non-Error value graphql-js wrapped), at most a few levels. */
// biome-ignore lint/suspicious/noExplicitAny: the drivers' errors are untyped objects, read field by field
export function* layersOf(error: unknown): Generator<any> {
  for (
    // biome-ignore lint/suspicious/noExplicitAny: as above
    let current = error as any, hops = 0;
    current && hops < 5;
    current = current.originalError ?? current.cause ?? current.thrownValue, hops++
  )
    yield current;
}

/** The SQLSTATE a database error carries, however Prisma or the driver wrapped it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const current of layersOf(error)) {
    const code = current.meta?.code ?? current.meta?.driverAdapterError?.cause?.originalCode;
    if (typeof code === "string") return code;
    const quoted = typeof current.message === "string" ? /Code: `([0-9A-Z]{5})`/.exec(current.message) : null;
    if (quoted) return quoted[1];
    // node-postgres errors carry the SQLSTATE as `code`; Prisma's own codes (P2002) are not SQLSTATEs.
    if (typeof current.code === "string" && /^[0-9][0-9A-Z]{4}$/.test(current.code)) return current.code;
  }
  return undefined;
}

/** The database's own message, however wrapped (it may quote the refused value: never log it). */
export function databaseMessageOf(error: unknown): string | undefined {
  for (const current of layersOf(error)) {
    const original = current.meta?.driverAdapterError?.cause?.originalMessage ?? current.meta?.message;
    if (typeof original === "string") return original;
    const quoted = typeof current.message === "string" ? /Message: `([\s\S]*)`\s*$/.exec(current.message) : null;
    if (quoted) return quoted[1];
    if (typeof current.code === "string" && /^[0-9][0-9A-Z]{4}$/.test(current.code) && typeof current.message === "string")
      return current.message;
  }
  return undefined;
}

/** SQLSTATE of the `record_version` trigger (prisma/migrations/…_record_versions): a change whose If-Match the record no longer matches. */
export const PRECONDITION_FAILED_STATE = "PT412";

/**
 * The client error a database refusal stands for, when the refused value came from the request; or
 * undefined when the failure is the server's: the database's state, or a value of the platform's own
 * making (a statement it built wrong is a fault to log and count, never the client's 4xx).
 */
export function clientErrorFromDatabase(error: unknown, valuesSent: () => RequestValues | undefined): ApiError | undefined {
  const state = sqlStateOf(error);
  // The record changed since the version the client named: the client's to resolve, whatever it sent.
  if (state === PRECONDITION_FAILED_STATE) return preconditionFailed();
  const refusal = state ? refusals[state] : undefined;
  // The request's values are gathered only for a refusal that may be the client's.
  const sent = refusal && valuesSent();
  if (!refusal || !sent) return undefined;
  const named = refusal.namesItsValue?.exec(databaseMessageOf(error) ?? "");
  const fromRequest = named ? sent.holds(named[1]!) : (refusal.withoutValue?.(sent) ?? false);
  return fromRequest ? refusal.answer() : undefined;
}

/**
 * What may be logged of a database error: its SQLSTATE and the Prisma call it failed in, never its
 * message, which may quote a value (a person's SSN in a refused statement).
 */
export function databaseFaultSummary(error: unknown): { sqlState: string; statement?: string } | undefined {
  const sqlState = sqlStateOf(error);
  if (!sqlState) return undefined;
  for (const current of layersOf(error)) {
    const call = typeof current.message === "string" ? /Invalid `([\w.$]+\(\))` invocation/.exec(current.message) : null;
    if (call) return { sqlState, statement: call[1] };
  }
  return { sqlState };
}
