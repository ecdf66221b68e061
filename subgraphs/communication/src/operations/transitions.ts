import { notFound } from "@pap/core";
import { planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import type { Notice, Prisma } from "@pap/db";
import { noticeEventData, noticeEvents } from "../domain/notice-events";
import { noticeMachine } from "../domain/notice-machine";
import { recipientsOf } from "../domain/recipients";
import type { NoticeStatus } from "../domain/vocabulary";
import { readApplicationForNotices } from "./household";
import { copiesOf, NOBODY_REACHED, withEmailAvailability } from "./issue";
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
  let queued = 0;
  if (action === "resend") {
    const application = await readApplicationForNotices(work.tx, after.applicationId);
    const reachable = application ? recipientsOf(application.household) : [];
    const copies = copiesOf(id, withEmailAvailability(reachable, emailEnabled), work.clock.now());
    if (copies.length) await work.tx.noticeDelivery.createMany({ data: copies });
    queued = copies.length;
  }
  await work.events.record(work.tx, ...noticeEvents.emitted(plan.emissions, id));
  if (action === "resend" && queued === 0) {
    // Nobody can be reached now either: the notice fails again, saying so.
    const failed = await work.tx.notice.update({ where: { id }, data: { status: "failed", failedAt: work.clock.now() } });
    await work.events.record(work.tx, noticeEvents.draft("notice.failed", id, { ...noticeEventData(failed), reason: NOBODY_REACHED }));
    return failed;
  }
  return after;
}
