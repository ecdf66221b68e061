import { reactionConsumer, type ConsumerDefinition, type Reaction } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import { z } from "zod";
import { eligibilityPrograms, type EligibilityProgram } from "../contract/decision";
import { determinationMachine } from "../domain/determination-machine";
import { eligibilityEvents } from "../domain/events";
import { createDetermination, transitionDetermination } from "../operations/determinations";

/** Intake's events, named as it declares them (the domains do not import one another). */
const APPLICATION_SUBMITTED = "intake.application.submitted";
const APPLICATION_WITHDRAWN = "intake.application.withdrawn";
const APPLICATION_COUNTY_CHANGED = "intake.application.county_changed";

const DECISION_COMPLETED = eligibilityEvents.draft("application.decision_completed", "").type;

const isProgram = (program: string): program is EligibilityProgram => (eligibilityPrograms as readonly string[]).includes(program);

/** What eligibility reads of a submission: whether it was screened expedited, and what each member applies for. */
const submitted = z.object({
  isExpedited: z.boolean().nullish(),
  county: z.string().nullish(),
  members: z.array(z.object({ memberId: z.uuid(), programs: z.array(z.string()) })).default([]),
});

/** A submitted application gets its determination, pending, and one pending decision per member and program applied for (once). */
const onSubmitted: Reaction = async (work, event) => {
  const data = submitted.safeParse(event.data ?? {});
  if (!isUuid(event.subject) || !data.success) return;
  await createDetermination(work, {
    applicationId: event.subject,
    expeditedFlagged: data.data.isExpedited === true,
    county: data.data.county ?? null,
    members: data.data.members.map(({ memberId, programs }) => ({ memberId, programs: programs.filter(isProgram) })),
  });
};

/** A withdrawn application withdraws its determination, unless it has already ended. */
const onWithdrawn: Reaction = async (work, event) => {
  if (!isUuid(event.subject)) return;
  const found = await work.tx.determination.findUnique({
    where: { applicationId: event.subject.toLowerCase() },
    select: { id: true, status: true },
  });
  if (!found || !isAllowedFrom(determinationMachine, "withdraw", found.status)) return;
  await transitionDetermination(work, { id: found.id, action: "withdraw", caller: systemPrincipal, body: {} });
};

/** A household that moves takes its determination, and so its decisions, to its new county (county scoping). */
const onCountyChanged: Reaction = async (work, event) => {
  const data = z.object({ county: z.string().nullable() }).safeParse(event.data ?? {});
  if (!isUuid(event.subject) || !data.success) return;
  const applicationId = event.subject.toLowerCase();
  const found = await work.tx.determination.findUnique({ where: { applicationId }, select: { id: true, county: true } });
  if (!found || found.county === data.data.county) return;
  await work.tx.determination.update({ where: { id: found.id }, data: { county: data.data.county } });
  await work.events.record(
    work.tx,
    eligibilityEvents.draft("determination.county_changed", applicationId, {
      applicationId,
      determinationId: found.id,
      county: data.data.county,
      previousCounty: found.county,
    }),
  );
};

/** The last decision made completes its determination (a decision still pending, or one completed meanwhile, leaves it). */
const onDecisionCompleted: Reaction = async (work, event) => {
  const { determinationId } = (event.data ?? {}) as { determinationId?: unknown };
  if (!isUuid(determinationId)) return;
  const found = await work.tx.determination.findUnique({
    where: { id: determinationId.toLowerCase() },
    select: { id: true, status: true },
  });
  if (!found || !isAllowedFrom(determinationMachine, "complete", found.status)) return;
  if ((await work.tx.decision.count({ where: { determinationId: found.id, status: "pending" } })) > 0) return;
  await transitionDetermination(work, { id: found.id, action: "complete", caller: systemPrincipal, body: {} });
};

const reactions: Record<string, Reaction> = {
  [APPLICATION_SUBMITTED]: onSubmitted,
  [APPLICATION_WITHDRAWN]: onWithdrawn,
  [APPLICATION_COUNTY_CHANGED]: onCountyChanged,
  [DECISION_COMPLETED]: onDecisionCompleted,
};

/**
 * Eligibility's reactions to intake and to its own decisions (events.md §4), each as the system in the consumer's
 * transaction, so every event it records names the trigger as its cause. A redelivered event finds
 * its work done (one determination per application; a withdrawn one is not withdrawn again).
 */
export function applicationReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({ name: "eligibility.applications", reactions, logger: options.logger });
}
