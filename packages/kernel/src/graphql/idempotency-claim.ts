import type { Principal } from "../auth";

/**
 * The internal header carrying a REST request's Idempotency-Key claim to the subgraph that changes
 * something: `<scope>\t<key>\t<attempt>`. rest-compat sets it on a request sent with a key (overwriting
 * any client value) and removes it from every other REST request; the change's own transaction then
 * proves the claim is still this attempt's (packages/events, `fenceIdempotencyClaim`), so that a request
 * a retry took over can never commit its write as well.
 */
export const idempotencyClaimHeader = "x-pap-idempotency-claim";

/** One attempt's hold on a caller's key: the attempt number fences out every earlier attempt. */
export type IdempotencyClaim = { scope: string; key: string; attempt: number };

/** Whose keys a caller's are: another caller's key of the same text is another key. */
export const idempotencyScope = (principal: Principal): string => `${principal.kind}:${principal.id ?? ""}`;

export const claimHeaderValue = (claim: IdempotencyClaim): string => `${claim.scope}\t${claim.key}\t${claim.attempt}`;

/** The claim the header names, or none when it is absent or not one (a header the platform did not write proves nothing). */
export function parseClaimHeader(value: string | undefined): IdempotencyClaim | undefined {
  if (value === undefined) return undefined;
  const [scope, key, attempt, ...rest] = value.split("\t");
  if (rest.length > 0 || !scope || !key || !attempt || !/^[1-9]\d{0,8}$/.test(attempt)) return undefined;
  return { scope, key, attempt: Number(attempt) };
}
