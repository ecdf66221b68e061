import { Prisma } from "@pap/db";
import { cancelTimers } from "@pap/events";
import { planTransition, systemPrincipal } from "@pap/kernel";
import { callMachine } from "../domain/call-machine";
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
  if (!before || before.status !== "pending") return null;
  const { action, ...body } = outcome;
  const plan = await planTransition(callMachine, action, before as never, systemPrincipal, action === "time-out" ? undefined : body, {}, work.clock.now());
  const after = await updateCall(work, before.id, { ...(plan.changes as Partial<CallRow>), updatedAt: work.clock.now() });
  await work.events.record(work.tx, ...dataExchangeEvents.emitted(plan.emissions, before.id));
  await cancelTimers(work.tx, [windowTimerId(before.id)]);
  return after;
}

/**
 * Puts a pending call back in the outbox for a later attempt, saying what went wrong. Bookkeeping, not a
 * change of state: no event, and `updatedAt` (its last change of status) stays.
 */
export async function rescheduleCall(work: Pick<DataExchangeWork, "tx">, id: string, nextAttemptAt: Date, lastError: string): Promise<void> {
  await work.tx.$executeRaw(Prisma.sql`
    UPDATE data_exchange_service_call SET "nextAttemptAt" = ${nextAttemptAt}, "leaseUntil" = NULL, "lastError" = ${lastError.slice(0, 500)}
    WHERE id = ${id}::uuid AND status = 'pending'`);
}
