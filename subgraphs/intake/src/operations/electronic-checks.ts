import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import type { Prisma, Verification } from "@pap/db";
import { callEndOf, catalogFromEnv, submitServiceCall, type CallResult } from "@pap/data-exchange/operations";
import type { PlatformEvent } from "@pap/events";
import { electronicServices } from "../config/electronic-services";
import { verification as verificationResource, type VerificationStatus } from "../contract/records";
import { verificationChanges } from "../domain/events";
import { verificationMachine } from "../domain/verification-machine";
import { transitionVerification } from "./verifications";
import type { IntakeWork } from "./work";

/** One call made to verify a verification, as intake last heard of it. */
export type ElectronicCheck = {
  serviceCallId: string;
  serviceType: string;
  status: "pending" | "completed" | "failed" | "timed_out";
  result?: CallResult | null;
  failureReason?: string | null;
  checkedAt?: string | null;
};

const checksOf = (verification: Pick<Verification, "electronicChecks">) => (verification.electronicChecks ?? []) as ElectronicCheck[];
const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Stores the verification's checks, with its `updated` event. */
async function writeChecks(work: IntakeWork, before: Verification, checks: ElectronicCheck[], evidence?: unknown[]): Promise<Verification> {
  const after = await work.tx.verification.update({
    where: { id: before.id },
    data: { electronicChecks: json(checks), ...(evidence && { evidence: json(evidence) }) },
  });
  await work.events.record(
    work.tx,
    verificationChanges.updated(after.id, verificationResource.snapshot(before), verificationResource.snapshot(after)),
  );
  return after;
}

/**
 * An electronic verification's calls (state-machines §3): one per service of its category, for its
 * source record, submitted in the reaction's transaction with `metadata.intake` naming it. A call of the
 * same record and service already pending (a member's identity and citizenship both ask the SSA) is
 * shared: its answer serves both. Asked again (an event redelivered), it finds its calls made.
 */
export async function requestElectronicChecks(work: IntakeWork, verificationId: string): Promise<void> {
  const verification = await work.tx.verification.findUnique({ where: { id: verificationId } });
  if (verification?.verificationType !== "electronic" || !verification.sourceId || verification.status !== "pending") return;
  if (checksOf(verification).length) return;
  const services = electronicServices[verification.category as keyof typeof electronicServices] ?? [];
  if (!services.length) return;
  const catalog = catalogFromEnv();
  const checks: ElectronicCheck[] = [];
  for (const serviceType of services) {
    if (!catalog.some((entry) => entry.serviceType === serviceType)) continue;
    const { call } = await submitServiceCall(work, catalog, {
      serviceType,
      requestingResourceId: verification.sourceId,
      metadata: { intake: { verificationId: verification.id, applicationId: verification.applicationId } },
    });
    checks.push({ serviceCallId: call.id, serviceType, status: "pending", result: null, failureReason: null, checkedAt: null });
  }
  if (checks.length) await writeChecks(work, verification, checks);
}

/**
 * A call's end, applied to every verification that made it (state-machines §3, updateVerificationOnCallResult):
 * the check's entry is brought up to date; a conclusive answer is evidence that satisfies the
 * verification; an inconclusive or partial one is evidence too, marks it inconclusive and asks for a
 * document (a new document verification of the same category and source, once); a failed or timed-out
 * call leaves it open with the reason in its checks, for the caseworker to see.
 */
export async function recordCallOutcome(work: IntakeWork, event: PlatformEvent): Promise<void> {
  const status = callEndOf(event.type);
  if (!status) return;
  const callId = event.subject.toLowerCase();
  const data = (event.data ?? {}) as { result?: CallResult; failureReason?: string; serviceType?: string };
  const verifications = await work.tx.verification.findMany({
    where: { electronicChecks: { array_contains: [{ serviceCallId: callId }] } },
    orderBy: { createdAt: "asc" },
  });
  for (const before of verifications) {
    // An end already recorded (the event delivered again) changes nothing.
    if (!checksOf(before).some((check) => check.serviceCallId === callId && check.status === "pending")) continue;
    const checks = checksOf(before).map((check) =>
      check.serviceCallId === callId
        ? { ...check, status, result: data.result ?? null, failureReason: data.failureReason ?? null, checkedAt: event.time }
        : check,
    );
    if (status !== "completed" || !data.result) {
      await writeChecks(work, before, checks);
      continue;
    }
    const evidence = [
      ...((before.evidence ?? []) as unknown[]),
      {
        type: "electronic",
        source: data.serviceType ?? "",
        result: data.result === "conclusive" ? "conclusive" : "inconclusive",
        serviceCallId: callId,
        receivedAt: event.time,
      },
    ];
    await writeChecks(work, before, checks, evidence);
    const state = before.status as VerificationStatus;
    if (data.result === "conclusive") {
      if (isAllowedFrom(verificationMachine, "satisfy", state))
        await transitionVerification(work, { id: before.id, action: "satisfy", caller: systemPrincipal, body: {} });
      continue;
    }
    if (!isAllowedFrom(verificationMachine, "mark-inconclusive", state)) continue;
    await transitionVerification(work, { id: before.id, action: "mark-inconclusive", caller: systemPrincipal, body: {} });
    const [document] = await work.tx.verification.createManyAndReturn({
      data: [
        {
          applicationId: before.applicationId,
          sourceId: before.sourceId,
          sourceType: before.sourceType,
          category: before.category,
          verificationType: "document",
        },
      ],
    });
    await work.events.record(work.tx, verificationChanges.created(document!.id, verificationResource.snapshot(document!)));
  }
}
