/** The headers that say who the caller is (token, trusted headers or API key), so what they may see. */
const credentialHeaderNames = [
  "authorization",
  "x-caller-id",
  "x-caller-roles",
  "x-caller-counties",
  "x-caller-programs",
  "x-caller-shares-identifiers",
  "x-api-key",
] as const;

/** Request headers that follow a request through every hop: caller identity and W3C trace context. */
export const forwardedHeaderNames = [
  ...credentialHeaderNames,
  "traceparent",
  "tracestate",
  "x-request-id",
  // The version a change is held to (optimistic concurrency): each subgraph's writes check it.
  "if-match",
  // The Idempotency-Key claim of a REST request (idempotency-claim.ts): the write's transaction checks it.
  "x-pap-idempotency-claim",
] as const;

export function pickForwardedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of forwardedHeaderNames) {
    const value = headers[name];
    if (value !== undefined) picked[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return picked;
}

/**
 * The caller's credentials as one string: requests alike in it are made by the same caller, who sees
 * the same things (what lets subscribers share an execution). Trace and request ids do not count.
 */
export function visibilityOf(headers: Record<string, string | string[] | undefined>): string {
  return JSON.stringify(credentialHeaderNames.map((name) => headers[name] ?? null));
}
