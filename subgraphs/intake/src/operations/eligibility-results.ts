import type { ApplicationMember } from "@pap/db";
import { application as applicationResource } from "../contract/application";
import { member as memberResource } from "../contract/member";
import { applicationChanges, memberChanges } from "../domain/events";
import { lockedApplication } from "./applications";
import type { IntakeWork } from "./work";

/**
 * What eligibility's results write on intake's records, as the system, whatever state the application
 * is in (they are facts about it, not edits of the household's answers). Each records its `updated`
 * event; a result already written writes nothing.
 */

/** The expedited screening's result on the application (true also when eligibility flags it later). */
export async function recordExpedited(work: IntakeWork, applicationId: string, expedited: boolean): Promise<void> {
  const before = await lockedApplication(work.tx, applicationId);
  // Once expedited, it stays so: a later screening does not take back what eligibility flagged.
  if (before.isExpedited === true || before.isExpedited === expedited) return;
  const after = await work.tx.application.update({ where: { id: before.id }, data: { isExpedited: expedited } });
  await work.events.record(
    work.tx,
    applicationChanges.updated(after.id, applicationResource.snapshot(before), applicationResource.snapshot(after)),
  );
}

export type ProgramDetermination = { program: string; outcome: "approved" | "denied"; determinedAt: string };

/** A program's decision appended to the member's `programDeterminations` (once per program). */
export async function appendProgramDetermination(
  work: IntakeWork,
  applicationId: string,
  memberId: string,
  determination: ProgramDetermination,
): Promise<void> {
  const parent = await lockedApplication(work.tx, applicationId);
  const before: ApplicationMember | null = await work.tx.applicationMember.findFirst({ where: { id: memberId, applicationId: parent.id } });
  if (!before) return;
  const recorded = (before.programDeterminations ?? []) as ProgramDetermination[];
  if (recorded.some((entry) => entry.program === determination.program)) return;
  const after = await work.tx.applicationMember.update({
    where: { id: before.id },
    data: { programDeterminations: [...recorded, determination] },
  });
  await work.events.record(
    work.tx,
    memberChanges.updated(parent.id, after.id, memberResource.snapshot(before), memberResource.snapshot(after)),
  );
}
