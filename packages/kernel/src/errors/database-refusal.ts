import { ApiError } from "./api-error";

/**
 * SQLSTATEs with which PostgreSQL refuses a value itself (not the server's state): text it cannot
 * store, a number or date out of range, a statement nested too deep. They can only come from what a
 * client sent, past the checks that should have caught it, so they answer 4xx, never 500.
 */
const refusals: Record<string, () => ApiError> = {
  "22P05": () => unstorableText(),
  "22021": () => unstorableText(),
  "22P02": () => new ApiError(422, "VALIDATION_ERROR", "The request holds a value the database cannot read."),
  "22003": () => new ApiError(422, "VALIDATION_ERROR", "The request holds a number out of range."),
  "22007": () => new ApiError(422, "VALIDATION_ERROR", "The request holds a malformed date or time."),
  "22008": () => new ApiError(422, "VALIDATION_ERROR", "The request holds a date or time out of range."),
  "54001": () => new ApiError(400, "BAD_REQUEST", "The request nests too deeply."),
};

const unstorableText = () =>
  new ApiError(422, "VALIDATION_ERROR", "The request holds text that cannot be stored (a NUL character or invalid Unicode).");

/** The SQLSTATE a database error carries, however Prisma or the driver wrapped it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error as any, hops = 0; current && hops < 5; current = current.originalError ?? current.cause, hops++) {
    const code = current.meta?.code ?? current.meta?.driverAdapterError?.cause?.originalCode;
    if (typeof code === "string") return code;
    const quoted = typeof current.message === "string" ? /Code: `([0-9A-Z]{5})`/.exec(current.message) : null;
    if (quoted) return quoted[1];
    // node-postgres errors carry the SQLSTATE as `code`; Prisma's own codes (P2002) are not SQLSTATEs.
    if (typeof current.code === "string" && /^[0-9][0-9A-Z]{4}$/.test(current.code)) return current.code;
  }
  return undefined;
}

/** The client error a database refusal stands for, or undefined when the failure is the server's. */
export function clientErrorFromDatabase(error: unknown): ApiError | undefined {
  const state = sqlStateOf(error);
  return state ? refusals[state]?.() : undefined;
}
