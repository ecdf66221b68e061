import { reactionConsumer, type ConsumerDefinition, type Reaction } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { applicationHousehold } from "../approvals/application-household";
import { linkApprovedApplication } from "../operations/approvals";

/** Intake's event, named as it declares it (the domains do not import one another). */
const APPLICATION_CLOSED = "intake.application.closed";

/**
 * A closed application with a program approved for someone in its household puts the household on a
 * case (SPEC §3.4: approval "triggers … case creation"). Closed with denials only, it leaves nothing
 * to do. The link to the case is the record that the work was done: a redelivered event finds it.
 */
const onClosed: Reaction = async (work, event) => {
  if (!isUuid(event.subject)) return;
  const applicationId = event.subject.toLowerCase();
  if (await work.tx.caseApplication.findUnique({ where: { applicationId }, select: { caseId: true } })) return;
  const household = await applicationHousehold(work.tx, applicationId);
  if (!household?.approved) return;
  await linkApprovedApplication(work, household);
};

/**
 * Case management's reactions to intake, as the system in the consumer's transaction: the persons,
 * the case, the link and their events commit with the consumer's position, or none of them do.
 */
export function approvalReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({ name: "case-management.approvals", reactions: { [APPLICATION_CLOSED]: onClosed }, logger: options.logger });
}
