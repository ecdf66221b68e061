import { reactionConsumer, type ConsumerDefinition, type Reaction } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import { z } from "zod";
import { approvalPolicyFromEnv, needsSupervisorApproval, type RecordedDecision } from "../config/determination-approval";
import { applicationMachine } from "../domain/application-machine";
import { lockedApplication } from "../operations/applications";
import { appendProgramDetermination, recordExpedited } from "../operations/eligibility-results";
import { transitionApplication } from "../operations/lifecycle";

/** Eligibility's events, named as it declares them (the domains do not import one another). */
const SCREENED = "eligibility.determination.screened";
const EXPEDITED = "eligibility.application.expedited";
const DECISION_COMPLETED = "eligibility.application.decision_completed";
const DETERMINATION_COMPLETED = "eligibility.application.determination_completed";

const screened = z.object({ expedited: z.boolean() });
const decided = z.object({ memberId: z.uuid(), program: z.string(), status: z.enum(["approved", "denied", "ineligible"]) });

/** The screening's answer, either way: null on the application meant "not screened yet". */
const onScreened: Reaction = async (work, event) => {
  const data = screened.safeParse(event.data ?? {});
  if (isUuid(event.subject) && data.success) await recordExpedited(work, event.subject.toLowerCase(), data.data.expedited);
};

const onExpedited: Reaction = async (work, event) => {
  if (isUuid(event.subject)) await recordExpedited(work, event.subject.toLowerCase(), true);
};

/** A decision made is appended to its member; intake's record knows two outcomes, so ineligible is a denial there. */
const onDecisionCompleted: Reaction = async (work, event) => {
  const data = decided.safeParse(event.data ?? {});
  if (!data.success) return;
  const member = await work.tx.applicationMember.findUnique({
    where: { id: data.data.memberId.toLowerCase() },
    select: { applicationId: true },
  });
  if (!member) return;
  await appendProgramDetermination(work, member.applicationId, data.data.memberId.toLowerCase(), {
    program: data.data.program,
    outcome: data.data.status === "approved" ? "approved" : "denied",
    determinedAt: event.time,
  });
};

/**
 * Every decision made: the application under review closes, or, where the deployment's approval
 * policy asks for a supervisor's sign-off of these decisions, goes to `pending_approval`
 * (`submit-for-approval`, whose event opens workflow's approval task). One not under review is left to
 * the caseworker, who closes it by hand.
 */
const onDeterminationCompleted: Reaction = async (work, event) => {
  if (!isUuid(event.subject)) return;
  const application = await lockedApplication(work.tx, event.subject.toLowerCase());
  if (application.status !== "under_review") return;
  const members = await work.tx.applicationMember.findMany({
    where: { applicationId: application.id },
    select: { programDeterminations: true },
  });
  const decisions = members.flatMap((member) => (member.programDeterminations ?? []) as RecordedDecision[]);
  const action = needsSupervisorApproval(approvalPolicyFromEnv(), decisions) ? "submit-for-approval" : "close";
  if (!isAllowedFrom(applicationMachine, action, application.status)) return;
  await transitionApplication(work, { id: application.id, action, caller: systemPrincipal, body: {} });
};

/**
 * Intake's reactions to eligibility (events.md §4), each as the system in the consumer's transaction:
 * the screening's result and the expedited flag on the application, each decision on its member, and
 * the application closed when its determination completes. A redelivered event finds its work done.
 */
export function eligibilityReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({
    name: "intake.eligibility",
    reactions: {
      [SCREENED]: onScreened,
      [EXPEDITED]: onExpedited,
      [DECISION_COMPLETED]: onDecisionCompleted,
      [DETERMINATION_COMPLETED]: onDeterminationCompleted,
    },
    logger: options.logger,
  });
}
