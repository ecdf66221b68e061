import { conflict, notFound } from "@pap/core";
import type { Notice } from "@pap/db";
import { noticeStatusAfter, retryDelayMs } from "../domain/settling";
import type { NoticeStatus } from "../domain/vocabulary";
import { noticeEventData, noticeEvents } from "../domain/notice-events";
import type { CommunicationWork } from "./work";

/** What became of one attempt at a copy. */
export type AttemptOutcome =
  | { outcome: "sent"; detail: string }
  | { outcome: "printed"; detail: string | null }
  | { outcome: "failed"; detail: string; retryable: boolean };

/**
 * Brings a notice in line with its copies (noticeStatusAfter), with `notice.sent` or `notice.failed`
 * when it moves, under the notice's row lock so that two copies settled at once move it once.
 */
export async function settleNotice(work: CommunicationWork, noticeId: string): Promise<Notice | null> {
  const [locked] = await work.tx.$queryRaw<Notice[]>`SELECT * FROM communication_notice WHERE id = ${noticeId}::uuid FOR UPDATE`;
  if (!locked) return null;
  const copies = await work.tx.noticeDelivery.findMany({ where: { noticeId }, select: { status: true, channel: true, lastError: true } });
  const next = noticeStatusAfter(
    locked.status as NoticeStatus,
    copies.map((copy) => copy.status as "pending" | "sent" | "failed"),
  );
  if (next === locked.status) return locked;
  const now = work.clock.now();
  const notice = await work.tx.notice.update({
    where: { id: noticeId },
    data: next === "sent" ? { status: next, sentAt: now, updatedAt: now } : { status: next, failedAt: now, updatedAt: now },
  });
  const channels = [...new Set(copies.map((copy) => copy.channel))];
  await work.events.record(
    work.tx,
    next === "sent"
      ? noticeEvents.draft("notice.sent", notice.id, { ...noticeEventData(notice), sentAt: now.toISOString(), channels })
      : noticeEvents.draft("notice.failed", notice.id, {
          ...noticeEventData(notice),
          reason: `a copy could not be delivered: ${copies.find((copy) => copy.status === "failed")?.lastError ?? "unknown"}`,
        }),
  );
  return notice;
}

/**
 * Records an attempt at a copy and what it did: sent (or printed) ends it; a failure is tried again
 * later while attempts remain, else gives it up. Only a pending copy changes: an attempt reported
 * twice (a worker whose lease ran out, and the one that took over) is recorded once.
 */
export async function recordAttempt(
  work: CommunicationWork,
  deliveryId: string,
  result: AttemptOutcome,
  maxAttempts: number,
): Promise<{ recorded: boolean }> {
  const now = work.clock.now();
  const [delivery] = await work.tx.$queryRaw<Array<{ id: string; noticeId: string; status: string; attempts: number }>>`
    SELECT id, "noticeId", status, attempts FROM communication_delivery WHERE id = ${deliveryId}::uuid FOR UPDATE`;
  if (delivery?.status !== "pending") return { recorded: false };
  await work.tx.noticeDeliveryAttempt.create({ data: { deliveryId, at: now, outcome: result.outcome, detail: result.detail } });
  if (result.outcome === "failed" && result.retryable && delivery.attempts < maxAttempts) {
    await work.tx.noticeDelivery.update({
      where: { id: deliveryId },
      data: {
        lastError: result.detail,
        leaseUntil: null,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(delivery.attempts)),
        updatedAt: now,
      },
    });
    return { recorded: true };
  }
  await work.tx.noticeDelivery.update({
    where: { id: deliveryId },
    data:
      result.outcome === "failed"
        ? { status: "failed", lastError: result.detail, leaseUntil: null, updatedAt: now }
        : { status: "sent", sentAt: now, leaseUntil: null, updatedAt: now },
  });
  await settleNotice(work, delivery.noticeId);
  return { recorded: true };
}

/**
 * Marks paper copies printed (the print room's confirmation of a batch): each pending paper copy named
 * is sent, with its attempt; a copy already printed is skipped, one that is not a paper copy of a
 * notice is refused.
 */
export async function markPrinted(
  work: CommunicationWork,
  deliveryIds: readonly string[],
): Promise<{ printed: string[]; alreadyDone: string[] }> {
  const found = await work.tx.noticeDelivery.findMany({
    where: { id: { in: [...deliveryIds] } },
    select: { id: true, channel: true, status: true },
  });
  const missing = deliveryIds.filter((id) => !found.some((delivery) => delivery.id === id));
  if (missing.length) throw notFound("Paper copy", missing[0]!);
  const notPaper = found.find((delivery) => delivery.channel !== "paper");
  if (notPaper) throw conflict(`Copy ${notPaper.id} is an email copy: only paper copies are printed.`);
  const printed: string[] = [];
  const alreadyDone: string[] = [];
  for (const delivery of found) {
    const { recorded } = await recordAttempt(work, delivery.id, { outcome: "printed", detail: null }, 1);
    (recorded ? printed : alreadyDone).push(delivery.id);
  }
  return { printed, alreadyDone };
}
