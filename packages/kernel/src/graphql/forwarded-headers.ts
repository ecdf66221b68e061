/** Request headers that follow a request through every hop: caller identity (token, trusted headers or API key) and W3C trace context. */
export const forwardedHeaderNames = [
  "authorization",
  "traceparent",
  "tracestate",
  "x-caller-id",
  "x-caller-roles",
  "x-caller-counties",
  "x-caller-programs",
  "x-caller-shares-identifiers",
  "x-api-key",
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
