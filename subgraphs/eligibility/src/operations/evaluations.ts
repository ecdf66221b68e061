import { systemPrincipal } from "@pap/kernel/auth";
import type { Decision, Prisma } from "@pap/db";
import { cancelTimers, scheduleTimer, type PlatformEvent } from "@pap/events";
import type { AdapterFailure, ProgramDecisionResult, ScreeningResult } from "../adapter/client";
import { isOpenDetermination } from "../domain/determination-machine";
import { eligibilityEvents, retryTimerId, type EvaluationStage } from "../domain/events";
import { retryDelayMs } from "../domain/retry-schedule";
import { lockedDetermination, transitionDecision, transitionDetermination } from "./determinations";
import type { EligibilityWork } from "./work";

/**
 * Applying what the eligibility adapter answered (or why it could not answer) to determinations and
 * decisions, each with its events, in the reaction's transaction. The calls themselves are made
 * before it (consumers/adapter-evaluations.ts): no transaction waits on the network.
 */

type Failure = { reason: string; failedAt: string; attempts: number; nextAttemptAt: string };

const json = (value: unknown) => value as Prisma.InputJsonValue;
const attemptsSoFar = (failure: unknown) =>
  failure && typeof failure === "object" && typeof (failure as { attempts?: unknown }).attempts === "number"
    ? (failure as { attempts: number }).attempts
    : 0;

function failureAfter(work: EligibilityWork, previous: unknown, reason: string): Failure {
  const attempts = attemptsSoFar(previous) + 1;
  const now = work.clock.now();
  return { reason, failedAt: now.toISOString(), attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString() };
}

async function retryLater(work: EligibilityWork, stage: EvaluationStage, determinationId: string, at: string, cause: PlatformEvent) {
  await scheduleTimer(work, {
    id: retryTimerId(stage, determinationId),
    fireAt: new Date(at),
    callback: { ...eligibilityEvents.draft("evaluation_retry_due", determinationId), data: { stage } },
    traceparent: cause.traceparent,
    causationid: cause.id,
  });
}

/**
 * The expedited screening's answer: stored on the determination, announced, and, when the household
 * is entitled, the determination flagged expedited (which intake and workflow act on). A failure is
 * stored and announced instead, and a timer asks again. Once screened, later answers change nothing.
 */
export async function recordScreening(
  work: EligibilityWork,
  determinationId: string,
  outcome: ScreeningResult | AdapterFailure,
  cause: PlatformEvent,
): Promise<void> {
  const determination = await lockedDetermination(work.tx, determinationId);
  const previous = determination.expeditedScreening as { status?: string } | null;
  if (!isOpenDetermination(determination.status) || previous?.status === "screened") return;
  const about = { applicationId: determination.applicationId, determinationId: determination.id };
  if (!outcome.ok) {
    const failure = failureAfter(work, previous, outcome.reason);
    await work.tx.determination.update({
      where: { id: determination.id },
      data: { expeditedScreening: json({ status: "failed", ...failure }) },
    });
    await work.events.record(work.tx, {
      ...eligibilityEvents.draft("determination.screening_failed", determination.applicationId),
      data: { ...about, ...failure },
    });
    await retryLater(work, "screening", determination.id, failure.nextAttemptAt, cause);
    return;
  }
  const screening = {
    status: "screened",
    expedited: outcome.expedited,
    screenedAt: work.clock.now().toISOString(),
    explanation: outcome.explanation,
  };
  await work.tx.determination.update({ where: { id: determination.id }, data: { expeditedScreening: json(screening) } });
  await work.events.record(work.tx, {
    ...eligibilityEvents.draft("determination.screened", determination.applicationId),
    data: { ...about, expedited: outcome.expedited, explanation: outcome.explanation },
  });
  await cancelTimers(work, [retryTimerId("screening", determination.id)]);
  if (outcome.expedited && !determination.expeditedFlagged) {
    await transitionDetermination(work, { id: determination.id, action: "flag-expedited", caller: systemPrincipal, body: {} });
  }
}

/** The action a ProgramDecision's status asks of a pending decision (none: the adapter left it pending). */
function actionFor(result: ProgramDecisionResult): { action: string; body: Record<string, unknown> } | null {
  const path = result.path ?? "auto";
  const denialReasonCode = result.denialReasonCode ?? "UNSPECIFIED";
  if (result.status === "approved") return { action: "approve", body: { path } };
  if (result.status === "denied") return { action: "deny", body: { path, denialReasonCode } };
  if (result.status === "ineligible") return { action: "mark-ineligible", body: { path, denialReasonCode } };
  return null;
}

async function applyToDecision(
  work: EligibilityWork,
  decision: Decision,
  outcome: ProgramDecisionResult | AdapterFailure,
): Promise<string | null> {
  if (!outcome.ok) {
    const failure = failureAfter(work, decision.evaluationFailure, outcome.reason);
    await work.tx.decision.update({ where: { id: decision.id }, data: { evaluationFailure: json(failure) } });
    const about = { determinationId: decision.determinationId, memberId: decision.memberId, program: decision.program };
    await work.events.record(work.tx, {
      ...eligibilityEvents.draft("decision.evaluation_failed", decision.id),
      data: { ...about, ...failure },
    });
    return failure.nextAttemptAt;
  }
  await work.tx.decision.update({
    where: { id: decision.id },
    data: { explanation: outcome.explanation === null ? undefined : json(outcome.explanation), evaluationFailure: json(null) },
  });
  const decided = actionFor(outcome);
  if (decided) await transitionDecision(work, { id: decision.id, action: decided.action, caller: systemPrincipal, body: decided.body });
  return null;
}

/**
 * The adapter's answers for a determination's pending decisions (after review, or ex parte on their
 * electronic checks: `stage` says which the retry asks again): each decision its answer decides is
 * approved, denied or found ineligible with the explanation stored; a decision whose call failed
 * stays pending with the reason, and one timer asks again for all of them. A decision decided
 * meanwhile (or a determination ended) is left as it is.
 */
export async function recordEvaluations(
  work: EligibilityWork,
  determinationId: string,
  answers: readonly { decisionIds: readonly string[]; outcome: ProgramDecisionResult | AdapterFailure }[],
  cause: PlatformEvent,
  stage: Exclude<EvaluationStage, "screening"> = "determination",
): Promise<void> {
  const determination = await lockedDetermination(work.tx, determinationId);
  if (!isOpenDetermination(determination.status)) return;
  const retries: string[] = [];
  for (const { decisionIds, outcome } of answers) {
    const decisions = await work.tx.decision.findMany({
      where: { id: { in: [...decisionIds] }, determinationId: determination.id, status: "pending" },
      orderBy: { createdAt: "asc" },
    });
    for (const decision of decisions) {
      const retryAt = await applyToDecision(work, decision, outcome);
      if (retryAt) retries.push(retryAt);
    }
  }
  if (retries.length) await retryLater(work, stage, determination.id, retries.sort()[0]!, cause);
  else await cancelTimers(work, [retryTimerId(stage, determination.id)]);
}
