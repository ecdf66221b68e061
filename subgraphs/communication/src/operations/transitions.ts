import { notFound } from "@pap/core";
import { planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import type { Notice, Prisma } from "@pap/db";
import { noticeEvents } from "../domain/notice-events";
import { noticeMachine } from "../domain/notice-machine";
import { recipientsOf } from "../domain/recipients";
import type { NoticeStatus } from "../domain/vocabulary";
import { readApplicationForNotices } from "./household";
import type { CommunicationWork } from "./work";

export type NoticeAction = { id: string; action: string; caller: MachineCaller; body: unknown; emailEnabled: boolean };

/**
 * A person's action on a notice (notice-machine.ts), under its row lock. Sending again makes a fresh
 * copy per recipient and channel from the household's records as they are now; the copies of the
 * earlier attempt stay, with their attempts, as the record of what happened.
 */
export async function transitionNotice(work: CommunicationWork, { id, action, caller, body, emailEnabled }: NoticeAction): Promise<Notice> {
  const [before] = await work.tx.$queryRaw<Notice[]>`SELECT * FROM communication_notice WHERE id = ${id}::uuid FOR UPDATE`;
  if (!before) throw notFound("Notice", id);
  const plan = await planTransition(noticeMachine, action, before as Notice & { status: NoticeStatus }, caller, body, {}, work.clock.now());
  const { id: _id, ...changes } = plan.changes as Prisma.NoticeUncheckedUpdateInput;
  const after = await work.tx.notice.update({ where: { id }, data: changes });
  if (action === "resend") {
    const application = await readApplicationForNotices(work.tx, after.applicationId);
    const now = work.clock.now();
    const copies = (application ? recipientsOf(application.household) : []).flatMap((recipient) =>
      recipient.destinations
        .filter((destination) => emailEnabled || destination.channel === "paper")
        .map((destination) => ({
          noticeId: id,
          recipientId: recipient.recipientId,
          channel: destination.channel,
          destination: destination as unknown as Prisma.InputJsonValue,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })),
    );
    if (copies.length) await work.tx.noticeDelivery.createMany({ data: copies });
  }
  await work.events.record(work.tx, ...noticeEvents.emitted(plan.emissions, id));
  if (action === "resend" && (await work.tx.noticeDelivery.count({ where: { noticeId: id, status: "pending" } })) === 0) {
    // Nobody can be reached now either: the notice fails again, saying so.
    const failed = await work.tx.notice.update({ where: { id }, data: { status: "failed", failedAt: work.clock.now() } });
    await work.events.record(
      work.tx,
      noticeEvents.draft("notice.failed", id, {
        noticeId: id,
        type: failed.type,
        applicationId: failed.applicationId,
        reason: "no recipient has an address or an email address on file",
        metadata: failed.metadata ?? {},
      }),
    );
    return failed;
  }
  return after;
}
