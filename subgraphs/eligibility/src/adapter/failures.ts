/** A call that did not produce a result. `reason` is shown to caseworkers, so it is plain language. */
export type AdapterFailure = { ok: false; reason: string; retryable: boolean };

/**
 * How a failed attempt is treated:
 * - `transient`: the adapter may answer the same request next time (timeout, dropped connection, 5xx,
 *   429, 408). Retried within the call, counted by the breaker once the call gives up.
 * - `wrong-answer`: the adapter answered 200 with something we cannot use (not JSON, altered metadata,
 *   not the contract's shape). Asking again at once would most likely get the same answer, so no retry
 *   within the call; but it is the adapter's fault, so the breaker counts it and a later timer may retry.
 * - `refused`: a 4xx says our request is wrong. Neither retried nor counted by the breaker, because the
 *   adapter is up and answering: letting a few bad requests open the breaker would stop the good ones.
 */
export type AttemptFailureKind = "transient" | "wrong-answer" | "refused";

export class AdapterCallError extends Error {
  constructor(
    readonly kind: AttemptFailureKind,
    reason: string,
  ) {
    super(reason);
    this.name = "AdapterCallError";
  }

  get failure(): AdapterFailure {
    return { ok: false, reason: this.message, retryable: this.kind !== "refused" };
  }
}

export const isCallError = (error: unknown): error is AdapterCallError => error instanceof AdapterCallError;

export const timedOut = (timeoutMs: number) => new AdapterCallError("transient", `the eligibility adapter did not answer within ${timeoutMs} ms`);

export const wrongAnswer = (reason: string) => new AdapterCallError("wrong-answer", reason);

// Statuses that say "not now" rather than "not this request".
const transientStatuses = new Set([408, 429]);

/** A non-200 answer; a refusal keeps the adapter's own message, since it says what was wrong with the request. */
export function statusFailure(status: number, body: string): AdapterCallError {
  if (status >= 500 || transientStatuses.has(status)) return new AdapterCallError("transient", `the eligibility adapter answered ${status}`);
  if (status >= 400) return new AdapterCallError("refused", withMessage(`the eligibility adapter refused the request (${status})`, body));
  // A redirect or another 2xx is outside the contract (which answers 200), the adapter's mistake.
  return wrongAnswer(`the eligibility adapter answered ${status}, not 200`);
}

/** The platform's error envelope (`{ code, message, details }`) that the reference adapter answers 4xx with. */
function withMessage(reason: string, body: string): string {
  const message = messageOf(body);
  return message ? `${reason}: ${message.length > 300 ? `${message.slice(0, 300)}…` : message}` : reason;
}

function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { message, details } = parsed as { message?: unknown; details?: unknown };
    if (typeof message !== "string") return null;
    const fields = Array.isArray(details) ? details.map(detailOf).filter(Boolean) : [];
    return fields.length ? `${message} (${fields.join("; ")})` : message;
  } catch {
    return null;
  }
}

function detailOf(detail: unknown): string {
  const { field, message } = (detail ?? {}) as { field?: unknown; message?: unknown };
  return typeof field === "string" && typeof message === "string" ? `${field}: ${message}` : "";
}

const closedCodes = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);
const unknownHostCodes = new Set(["ENOTFOUND", "EAI_AGAIN"]);

/** fetch's own rejections hide the system error under `cause` (or in an AggregateError when both address families were tried). */
export function networkFailure(error: unknown): AdapterCallError {
  const code = codeOf(error);
  if (code === "ECONNREFUSED") return new AdapterCallError("transient", "the eligibility adapter refused the connection");
  if (code && closedCodes.has(code)) return new AdapterCallError("transient", "the eligibility adapter closed the connection");
  if (code && unknownHostCodes.has(code)) return new AdapterCallError("transient", "the eligibility adapter's host could not be found");
  const detail = code ?? (error instanceof Error ? error.message : String(error));
  return new AdapterCallError("transient", `the eligibility adapter could not be reached (${detail})`);
}

function codeOf(error: unknown, depth = 0): string | null {
  if (typeof error !== "object" || error === null || depth > 4) return null;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") return code;
  return codeOf(cause, depth + 1) ?? (Array.isArray(errors) ? codeOf(errors[0], depth + 1) : null);
}
