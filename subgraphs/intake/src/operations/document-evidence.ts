import { isUuid } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import type { Prisma } from "@pap/db";
import type { PlatformEvent } from "@pap/events";
import { verification as verificationResource, type VerificationStatus } from "../contract/records";
import { verificationChanges } from "../domain/events";
import { verificationMachine } from "../domain/verification-machine";
import { transitionVerification } from "./verifications";
import type { IntakeWork } from "./work";

type Uploaded = { documentId?: string; documentVersionId?: string; metadata?: { intake?: { verificationId?: unknown } } };

/**
 * A document uploaded for a verification (its metadata names `intake.verificationId`; state-machines §3,
 * events.md: intake's upload handler): the upload is added to the verification's evidence, and a
 * verification still open is satisfied by it. Delivered again, it finds its evidence recorded.
 */
export async function recordDocumentEvidence(work: IntakeWork, event: PlatformEvent): Promise<void> {
  const data = (event.data ?? {}) as Uploaded;
  const verificationId = data.metadata?.intake?.verificationId;
  if (!isUuid(verificationId) || !isUuid(data.documentId)) return;
  const before = await work.tx.verification.findUnique({ where: { id: verificationId.toLowerCase() } });
  if (!before) return;
  const evidence = (before.evidence ?? []) as Array<{ documentVersionId?: string }>;
  if (evidence.some((item) => item.documentVersionId === data.documentVersionId)) return;
  const entry = {
    type: "document",
    documentId: data.documentId,
    documentVersionId: data.documentVersionId ?? null,
    receivedAt: event.time,
  };
  const after = await work.tx.verification.update({
    where: { id: before.id },
    data: { evidence: [...evidence, entry] as Prisma.InputJsonValue },
  });
  await work.events.record(
    work.tx,
    verificationChanges.updated(after.id, verificationResource.snapshot(before), verificationResource.snapshot(after)),
  );
  if (isAllowedFrom(verificationMachine, "satisfy", before.status as VerificationStatus)) {
    await transitionVerification(work, { id: before.id, action: "satisfy", caller: systemPrincipal, body: {} });
  }
}
