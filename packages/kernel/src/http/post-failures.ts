/**
 * How a failed attempt to POST to an outside peer (an eligibility adapter, an agency) is treated:
 * - `transient`: the peer may answer the same request next time (timeout, dropped connection, 5xx, 429,
 *   408). Retried within the call, counted by the breaker once the call gives up.
 * - `wrong-answer`: the peer answered 200 with something we cannot use (not JSON, not its contract's
 *   shape). Asking again at once would most likely get the same answer, so no retry within the call; but
 *   it is the peer's fault, so the breaker counts it and a later attempt may retry.
 * - `refused`: a 4xx says our request is wrong. Neither retried nor counted by the breaker, because the
 *   peer is up and answering: letting a few bad requests open the breaker would stop the good ones.
 */
export type AttemptFailureKind = "transient" | "wrong-answer" | "refused";

/** A call that did not produce a result. `reason` may be shown to caseworkers, so it is plain language (and never holds what was sent). */
export type PostFailure = {
  ok: false;
  reason: string;
  /** Whether a later call may succeed. */
  retryable: boolean;
  /** What ended the call: an attempt's failure, the open breaker, or the client's shutdown. */
  kind: AttemptFailureKind | "circuit-open" | "shut-down";
  /** The peer's HTTP status, when it answered one. */
  status?: number;
};

export class PostCallError extends Error {
  constructor(
    readonly kind: AttemptFailureKind,
    reason: string,
    readonly status?: number,
  ) {
    super(reason);
    this.name = "PostCallError";
  }

  get failure(): PostFailure {
    return {
      ok: false,
      reason: this.message,
      retryable: this.kind !== "refused",
      kind: this.kind,
      ...(this.status !== undefined && { status: this.status }),
    };
  }
}

export const isPostCallError = (error: unknown): error is PostCallError => error instanceof PostCallError;

export const timedOut = (peer: string, timeoutMs: number) =>
  new PostCallError("transient", `${peer} did not answer within ${timeoutMs} ms`);

/** For a reader of the peer's answer: what it answered cannot be used. */
export const wrongAnswer = (reason: string) => new PostCallError("wrong-answer", reason);

// Statuses that say "not now" rather than "not this request".
const transientStatuses = new Set([408, 429]);

/**
 * What a refusal keeps of the peer's answer: its message (`message`), since it says what was wrong with
 * the request; or only a short code it sends (`code`), for a peer that may echo back the personal data
 * it was sent (an agency), because the reason is stored on the call, shown, and logged.
 */
export type RefusalDetail = "message" | "code";

/** A non-200 answer. */
export function statusFailure(peer: string, status: number, body: string, detail: RefusalDetail = "message"): PostCallError {
  if (status >= 500 || transientStatuses.has(status)) return new PostCallError("transient", `${peer} answered ${status}`, status);
  if (status >= 400) {
    const reason = `${peer} refused the request (${status})`;
    return new PostCallError("refused", detail === "code" ? withCode(reason, body) : withMessage(reason, body), status);
  }
  // A redirect or another 2xx is outside the contracts (which answer 200), the peer's mistake.
  return new PostCallError("wrong-answer", `${peer} answered ${status}, not 200`, status);
}

/** The platform's error envelope (`{ code, message, details }`), or `{ error, message }`, as peers answer 4xx. */
function withMessage(reason: string, body: string): string {
  const message = messageOf(body);
  return message ? `${reason}: ${message.length > 300 ? `${message.slice(0, 300)}…` : message}` : reason;
}

// One short token: no spaces, so no sentence, full name or address; and at least one letter, so that
// neither an SSN nor a date of birth (digits and separators only, written any way) passes for a code.
const codePattern = /^(?=.*[A-Za-z])[A-Za-z0-9_.-]{1,64}$/;

/** The peer's `code` (the platform's envelope) or `error` (`{ error, message }`), if it is one; never its free text. */
function withCode(reason: string, body: string): string {
  const { code, error } = answerOf(body) ?? {};
  const found = [code, error].find((value): value is string => typeof value === "string" && codePattern.test(value));
  return found ? `${reason}: ${found}` : reason;
}

function messageOf(body: string): string | null {
  const answer = answerOf(body);
  if (!answer) return null;
  const { message, details, error } = answer;
  if (typeof message !== "string") return typeof error === "string" ? error : null;
  const fields = Array.isArray(details) ? details.map(detailOf).filter(Boolean) : [];
  return fields.length ? `${message} (${fields.join("; ")})` : message;
}

/** A refusal's body as the object the peer sent, or null when it is not one. */
function answerOf(body: string): { code?: unknown; error?: unknown; message?: unknown; details?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null ? parsed : null;
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
export function networkFailure(peer: string, error: unknown): PostCallError {
  const code = codeOf(error);
  if (code === "ECONNREFUSED") return new PostCallError("transient", `${peer} refused the connection`);
  if (code && closedCodes.has(code)) return new PostCallError("transient", `${peer} closed the connection`);
  if (code && unknownHostCodes.has(code)) return new PostCallError("transient", `${peer}'s host could not be found`);
  const detail = code ?? (error instanceof Error ? error.message : String(error));
  return new PostCallError("transient", `${peer} could not be reached (${detail})`);
}

function codeOf(error: unknown, depth = 0): string | null {
  if (typeof error !== "object" || error === null || depth > 4) return null;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") return code;
  return codeOf(cause, depth + 1) ?? (Array.isArray(errors) ? codeOf(errors[0], depth + 1) : null);
}
