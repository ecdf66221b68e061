import type { Decision, Prisma } from "@pap/db";
import { callEndOf, catalogFromEnv, submitServiceCall, type CallResult } from "@pap/data-exchange/operations";
import type { PlatformEvent } from "@pap/events";
import { medicaidExParteServices } from "../config/medicaid-checks";
import { eligibilityEvents } from "../domain/events";
import { lockedDetermination } from "./determinations";
import type { EligibilityWork } from "./work";

/** One electronic check of a decision: the call made, and how it ended (result `error` for a call that failed or timed out). */
export type DecisionCheck = {
  serviceCallId: string;
  serviceType: string;
  status: "pending" | "completed" | "failed" | "timed_out";
  result: CallResult | "error" | null;
  checkedAt: string | null;
};

export const checksOf = (decision: Pick<Decision, "electronicChecks">) => (decision.electronicChecks ?? []) as DecisionCheck[];
const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * A Medicaid decision's electronic checks (events.md §4: `decision.created` → service calls): one call
 * per service the catalog offers, for the member, with `metadata.eligibility` naming the decision, each
 * recorded on the decision as pending. Asked again, it finds them made.
 */
export async function requestMedicaidChecks(work: EligibilityWork, decisionId: string): Promise<void> {
  const decision = await work.tx.decision.findUnique({ where: { id: decisionId } });
  if (decision?.program !== "medicaid" || decision.status !== "pending" || checksOf(decision).length) return;
  await lockedDetermination(work.tx, decision.determinationId);
  const catalog = catalogFromEnv();
  const checks: DecisionCheck[] = [];
  for (const serviceType of medicaidExParteServices.filter((type) => catalog.some((entry) => entry.serviceType === type))) {
    const { call } = await submitServiceCall(work, catalog, {
      serviceType,
      requestingResourceId: decision.memberId,
      metadata: {
        eligibility: { decisionId: decision.id, determinationId: decision.determinationId, applicationId: decision.applicationId },
      },
    });
    checks.push({ serviceCallId: call.id, serviceType, status: "pending", result: null, checkedAt: null });
  }
  if (checks.length) await work.tx.decision.update({ where: { id: decision.id }, data: { electronicChecks: json(checks) } });
}

/**
 * A call's end, on the pending decisions that made it; once none of a decision's checks is pending,
 * `decision.checks_completed` says so, and the adapter's ex parte evaluation follows
 * (consumers/adapter-evaluations.ts).
 */
export async function recordCheckOutcome(work: EligibilityWork, event: PlatformEvent): Promise<void> {
  const status = callEndOf(event.type);
  if (!status) return;
  const callId = event.subject.toLowerCase();
  const result = status === "completed" ? ((event.data as { result?: CallResult } | undefined)?.result ?? null) : "error";
  const decisions = await work.tx.decision.findMany({
    where: { status: "pending", electronicChecks: { array_contains: [{ serviceCallId: callId }] } },
  });
  for (const decision of decisions) {
    await lockedDetermination(work.tx, decision.determinationId);
    const before = checksOf(decision);
    if (!before.some((check) => check.serviceCallId === callId && check.status === "pending")) continue;
    const checks = before.map((check) => (check.serviceCallId === callId ? { ...check, status, result, checkedAt: event.time } : check));
    await work.tx.decision.update({ where: { id: decision.id }, data: { electronicChecks: json(checks) } });
    if (checks.some((check) => check.status === "pending")) continue;
    await work.events.record(work.tx, {
      ...eligibilityEvents.draft("decision.checks_completed", decision.id),
      data: { determinationId: decision.determinationId, memberId: decision.memberId, program: decision.program, electronicChecks: checks },
    });
  }
}
