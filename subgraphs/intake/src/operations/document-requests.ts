import { isUuid } from "@pap/core";
import type { Prisma } from "@pap/db";
import type { PlatformEvent } from "@pap/events";
import { verification as verificationResource } from "../contract/records";
import { verificationChanges } from "../domain/events";
import type { IntakeWork } from "./work";

type NoticeSent = { type?: string; channels?: string[]; metadata?: { intake?: { verificationId?: unknown } } };

/**
 * A document request sent (`communication.notice.sent` naming `metadata.intake.verificationId`;
 * state-machines §3): the verification's `documentRequests` gains the notice, its type and when it went
 * out. Delivered again, it finds the notice recorded.
 */
export async function recordDocumentRequest(work: IntakeWork, event: PlatformEvent): Promise<void> {
  const data = (event.data ?? {}) as NoticeSent;
  const verificationId = data.metadata?.intake?.verificationId;
  if (!isUuid(verificationId) || !isUuid(event.subject) || !data.type) return;
  const [before] = await work.tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM intake_verification WHERE id = ${verificationId.toLowerCase()}::uuid FOR UPDATE`;
  if (!before) return;
  const found = await work.tx.verification.findUniqueOrThrow({ where: { id: before.id } });
  const requests = (found.documentRequests ?? []) as Array<{ noticeId?: string }>;
  if (requests.some((request) => request.noticeId === event.subject)) return;
  const entry = { noticeId: event.subject, type: data.type, sentAt: event.time, channel: data.channels?.join(",") ?? null };
  const after = await work.tx.verification.update({
    where: { id: found.id },
    data: { documentRequests: [...requests, entry] as Prisma.InputJsonValue },
  });
  await work.events.record(
    work.tx,
    verificationChanges.updated(after.id, verificationResource.snapshot(found), verificationResource.snapshot(after)),
  );
}
