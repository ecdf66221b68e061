import { cancelTimers } from "@pap/events";
import { planTransition } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import { callEventData, callMachine } from "../domain/call-machine";
import { dataExchangeEvents, windowTimerId } from "../domain/events";
import type { CallResult, FailureReason } from "../domain/vocabulary";
import { lockedCall, updateCall } from "./locked-call";
import type { CallRow, DataExchangeWork } from "./work";

/** How a call ends: the agency's answer, a failure for good, or its window passing. */
export type CallOutcome =
  | { action: "complete"; result: CallResult; serviceResult: Record<string, unknown> }
  | { action: "fail"; failureReason: FailureReason; error?: string }
  | { action: "time-out" };

/**
 * Ends a pending call under its row lock, with its event in the same transaction, and cancels its window
 * timer. A call already ended (the worker and the window racing, an answer delivered twice) is left as
 * it is: null, and nothing recorded, so the agency's answer counts once however often it arrives.
 */
export async function settleCall(work: DataExchangeWork, id: string, outcome: CallOutcome): Promise<CallRow | null> {
  const before = await lockedCall(work, id);
  if (before?.status !== "pending") return null;
  const { action, ...body } = outcome;
  const plan = await planTransition(
    callMachine,
    action,
    before,
    systemPrincipal,
    action === "time-out" ? undefined : body,
    {},
    work.clock.now(),
  );
  const after = await updateCall(work, before.id, { ...(plan.changes as Partial<CallRow>), updatedAt: work.clock.now() });
  await work.events.record(work.tx, ...dataExchangeEvents.emitted(plan.emissions, before.id));
  await cancelTimers(work, [windowTimerId(before.id)]);
  return after;
}

/**
 * Puts a pending call back in the outbox for a later attempt, saying what went wrong, under its row
 * lock and with its `retry_scheduled` event in the same transaction: the attempt count, the next
 * attempt and the reason are part of the call as clients read it, so their change is recorded like
 * any other. Its status does not change, so `updatedAt` (its last change of status) stays. A call
 * ended meanwhile (its window passed) is left as it is: null, and nothing recorded.
 */
export async function rescheduleCall(work: DataExchangeWork, id: string, nextAttemptAt: Date, lastError: string): Promise<CallRow | null> {
  const before = await lockedCall(work, id);
  if (before?.status !== "pending") return null;
  const reason = lastError.slice(0, 500);
  const after = await updateCall(work, before.id, { nextAttemptAt, leaseUntil: null, lastError: reason });
  await work.events.record(
    work.tx,
    dataExchangeEvents.draft("call.retry_scheduled", after.id, {
      ...callEventData(after),
      attempts: after.attempts,
      nextAttemptAt: nextAttemptAt.toISOString(),
      reason,
    }),
  );
  return after;
}
