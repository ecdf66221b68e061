import { ApiError } from "@pap/core";
import type { SqlTransaction } from "@pap/db";
import type { Principal } from "@pap/kernel/auth";
import { idempotencyClaimHeader, idempotencyScope, parseClaimHeader } from "@pap/kernel/graphql";
import type { PlatformEvent } from "./envelope";

/**
 * Proves, inside a change's own transaction, that the request's Idempotency-Key is still held by this
 * attempt, and marks the key `committed` with the record the change created (`subject`). A retry that
 * took the key over (its first holder's lease ran out) has raised the attempt number: this attempt's
 * transaction is then refused and rolls back, so a host thought dead can never commit a second copy.
 */
export type ClaimFence = (tx: SqlTransaction, subject: string | undefined) => Promise<void>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The fence of one request's changes: none without a claim header, or with one naming another caller's
 * key (the header is rest-compat's; one a client wrote for someone else's key proves nothing).
 */
export function claimFence(headers: Record<string, string | undefined>, principal: () => Promise<Principal>): ClaimFence | undefined {
  const claim = parseClaimHeader(headers[idempotencyClaimHeader]);
  if (!claim) return undefined;
  return async (tx, subject) => {
    if (idempotencyScope(await principal()) !== claim.scope) return;
    // The row lock taken here holds back a takeover until this transaction ends; the takeover then
    // finds the key `committed` and reads the result back instead of running the request again.
    const held = await tx.$executeRaw`
      UPDATE idempotency_key SET state = 'committed', subject = COALESCE(subject, ${subject ?? null}::uuid)
      WHERE scope = ${claim.scope} AND key = ${claim.key} AND attempt = ${claim.attempt} AND state IN ('pending', 'committed')`;
    if (held === 0)
      throw new ApiError(
        409,
        "IDEMPOTENCY_KEY_SUPERSEDED",
        "A retry with this Idempotency-Key took this request over: this attempt changed nothing. The retry's answer is the request's.",
      );
  };
}

/**
 * The record a request's change created, as its events tell: the first `….created` event's record (its
 * data's id, for a record created under another, as a member under its application; else its
 * subject). None for a change that created nothing (an action): its retry reads the path's record.
 */
export function createdSubjectOf(events: readonly PlatformEvent[]): string | undefined {
  const created = events.find((event) => event.type.endsWith(".created"));
  if (!created) return undefined;
  const dataId = (created.data as { id?: unknown } | undefined)?.id;
  const id = typeof dataId === "string" ? dataId : created.subject;
  return uuid.test(id) ? id : undefined;
}
