import { traceIdOf } from "@pap/core";
import type { SensitiveSource, SensitiveSubject } from "@pap/kernel/domain";
import type { PrismaClient } from "@pap/db";
import { appendAudit } from "@pap/events";
import type { PostFailure } from "@pap/kernel/http";
import type { AgencyAdapters } from "../agencies/adapters";
import type { AgencyAnswer } from "../agencies/agency-adapter";
import { agencyAdapterPrincipal } from "../agencies/principal";
import type { CatalogEntry } from "../config/catalog";
import type { CallRow } from "../operations/work";
import type { DataExchangeSettings } from "../config/settings";
import type { CallOutcome } from "../operations/outcomes";

/** What making calls needs: the settings, the process's adapters, and the domains' doors to sensitive facts. */
export type CallMaker = {
  settings: () => DataExchangeSettings;
  adapters: AgencyAdapters;
  sources: ReadonlyMap<string, SensitiveSource>;
  db: PrismaClient;
};

const refused = (reason: string): PostFailure => ({ ok: false, reason, retryable: false, kind: "refused" });

/**
 * Asks the call's agency once (with the adapter's own retries within the call): the sensitive facts
 * are read from the requesting resource's domain now, as the adapters' own principal, sent, and forgotten.
 */
export async function askAgency(
  maker: CallMaker,
  call: CallRow,
  entry: CatalogEntry,
  signal?: AbortSignal,
): Promise<AgencyAnswer | PostFailure> {
  const source = maker.sources.get(call.requestingResourceType ?? "");
  if (!source) return refused(`no domain offers the facts of a '${call.requestingResourceType ?? "(none)"}' record to agencies`);
  const subject = await source.read(maker.db, call.requestingResourceId, agencyAdapterPrincipal);
  if (!subject) return refused(`the requesting record ${call.requestingResourceId} (${call.requestingResourceType}) does not exist`);
  // The facts leave for the agency only once their reading is in the audit trail.
  await appendAudit(maker.db, [
    {
      actor: agencyAdapterPrincipal,
      recordType: source.auditedAs,
      readings: { [call.requestingResourceId]: factsGiven(subject) },
      traceId: traceIdOf(call.traceparent) ?? null,
      channel: "agency",
    },
  ]);
  return maker.adapters
    .for(entry)
    .call({ callId: call.id, subject, context: (call.data ?? null) as Record<string, unknown> | null, signal });
}

/** The facts of a subject that hold a value, as the audit trail names them. */
function factsGiven(subject: SensitiveSubject): string[] {
  const given = (["ssn", "firstName", "lastName", "dateOfBirth"] as const).filter((fact) => subject[fact] !== null);
  return subject.income ? [...given, "income.amount"] : given;
}

/** What follows an attempt: the call ends, or it is asked again later. */
export type NextStep = { settle: CallOutcome } | { retryAt: Date; error: string };

const failureReasonOf = (failure: PostFailure) => {
  if (failure.status === 401 || failure.status === 403) return "authentication_error" as const;
  // The agency answered (an error status, or something unusable): its fault, not the network's.
  if (failure.status !== undefined || failure.kind === "wrong-answer" || failure.kind === "refused") return "service_error" as const;
  return "connection_error" as const;
};

/** Jittered doubling: half to all of `base · 2^(attempt-1)`, at most `max`. */
export const backoffMs = (attempt: number, base: number, max: number, random = Math.random) =>
  Math.min(max, base * 2 ** Math.max(0, attempt - 1)) * (0.5 + random() / 2);

/**
 * The outbox's rule for an asynchronous call after its `attempts`-th attempt: an answer completes it; a
 * refusal (a 4xx, a record gone) fails it at once, authentication refusals as such; a transient failure
 * or an unusable answer is tried again after a jittered backoff until the attempts are spent, then fails
 * with the last reason; an open breaker waits for the breaker without spending an attempt's reason; a
 * process shutting down hands the call back at once. The window's timer ends whatever is still pending.
 */
export function nextStepAfter(outcome: AgencyAnswer | PostFailure, attempts: number, settings: DataExchangeSettings, now: Date): NextStep {
  if (outcome.ok) return { settle: { action: "complete", result: outcome.result, serviceResult: outcome.serviceResult } };
  if (outcome.kind === "shut-down") return { retryAt: now, error: outcome.reason };
  if (outcome.kind === "circuit-open")
    return { retryAt: new Date(now.getTime() + settings.breaker.halfOpenAfterMs), error: outcome.reason };
  if (outcome.kind === "refused" || attempts >= settings.outboxAttempts)
    return { settle: { action: "fail", failureReason: failureReasonOf(outcome), error: outcome.reason } };
  return { retryAt: new Date(now.getTime() + backoffMs(attempts, settings.retryBaseMs, settings.retryMaxMs)), error: outcome.reason };
}

/**
 * The rule for a synchronous call, which ends within its request: an answer completes it, the request's
 * budget running out times it out, anything else fails it with its reason.
 */
export function syncOutcome(outcome: AgencyAnswer | PostFailure, budgetSpent: boolean): CallOutcome {
  if (outcome.ok) return { action: "complete", result: outcome.result, serviceResult: outcome.serviceResult };
  if (budgetSpent) return { action: "time-out" };
  return { action: "fail", failureReason: failureReasonOf(outcome), error: outcome.reason };
}
