import { reactionConsumer, type ConsumerDefinition, type Reaction } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import { applicationRecords } from "../contract/records";
import { applicationMachine } from "../domain/application-machine";
import { intakeEvents } from "../domain/events";
import { lockedApplication } from "../operations/applications";
import { transitionApplication } from "../operations/lifecycle";
import { writeSingleton } from "../operations/records";
import { createProgramVerifications, createVerificationsForAddition } from "../operations/verifications";

const interviewKind = applicationRecords.find((kind) => kind.event === "interview")!;

/** Other domains' events, named as they declare them (the domains do not import one another). */
const TASK_CLAIMED = "workflow.task.claimed";
const APPOINTMENT_SCHEDULED = "scheduling.appointment.scheduled";
const APPOINTMENT_HELD = "scheduling.appointment.held";
// The record events' names are made from the record kinds, so they are checked by the catalog, not the compiler.
const own = (name: string) => `${intakeEvents.domain}.${name}`;

/** A claimed review task starts the review: the application opens (once), and its interview record is made (once). */
const onReviewClaimed: Reaction = async (work, event) => {
  const task = isUuid(event.subject)
    ? await work.tx.task.findUnique({ where: { id: event.subject }, select: { taskType: true, subjectType: true, subjectId: true } })
    : null;
  if (task?.taskType !== "application_review" || task.subjectType !== "application" || !task.subjectId) return;
  const application = await lockedApplication(work.tx, task.subjectId);
  if (isAllowedFrom(applicationMachine, "open", application.status)) {
    await transitionApplication(work, { id: application.id, action: "open", caller: systemPrincipal, body: {} });
  }
  const interview = await work.tx.interview.findUnique({ where: { applicationId: application.id } });
  if (!interview && application.status !== "withdrawn" && application.status !== "closed")
    await writeSingleton(work, interviewKind, application.id, {}, undefined, { anyState: true });
};

/** An appointment booked for an interview is listed on it (once, however often it is moved). */
const onInterviewScheduled: Reaction = async (work, event) => {
  const booking = event.data as { subjectType?: unknown; subjectId?: unknown };
  if (booking.subjectType !== "interview" || !isUuid(booking.subjectId) || !isUuid(event.subject)) return;
  const interview = await work.tx.interview.findUnique({ where: { id: booking.subjectId.toLowerCase() } });
  if (!interview || interview.appointments.includes(event.subject.toLowerCase())) return;
  await writeSingleton(
    work,
    interviewKind,
    interview.applicationId,
    { appointments: [...interview.appointments, event.subject.toLowerCase()] },
    undefined,
    { anyState: true },
  );
};

/**
 * An interview's appointment held completes the interview, at the moment the hold was recorded: what
 * a SNAP application's review waits for (domain/interview-requirement.ts). An interview completed
 * already (by hand, or by an earlier appointment) keeps its moment.
 */
const onInterviewHeld: Reaction = async (work, event) => {
  const held = event.data as { subjectType?: unknown; subjectId?: unknown };
  if (held.subjectType !== "interview" || !isUuid(held.subjectId)) return;
  const interview = await work.tx.interview.findUnique({ where: { id: held.subjectId.toLowerCase() } });
  if (!interview || interview.completedAt) return;
  await writeSingleton(work, interviewKind, interview.applicationId, { completedAt: event.time }, undefined, { anyState: true });
};

/** Intake's reactions, by the event type they answer (the deployment's prefix is added by the consumer). */
const reactions: Record<string, Reaction> = {
  // Submission creates the obligations of every program applied for.
  [own("application.submitted")]: (work, event) => createProgramVerifications(work, event.subject),
  // A member or an income added after submission brings its own.
  [own("application_member.created")]: (work, event) =>
    createVerificationsForAddition(work, event.subject, { memberId: String((event.data as { id?: unknown }).id) }),
  [own("member_income.created")]: (work, event) => {
    const income = event.data as { id?: unknown; applicationId?: unknown };
    return createVerificationsForAddition(work, String(income.applicationId), { memberId: event.subject, incomeId: String(income.id) });
  },
  [TASK_CLAIMED]: onReviewClaimed,
  [APPOINTMENT_SCHEDULED]: onInterviewScheduled,
  [APPOINTMENT_HELD]: onInterviewHeld,
};

/**
 * The application's reactions to events (state-machines §2, "Application event subscriptions"), each
 * as the system, in the consumer's transaction (so its events carry the trigger as their cause). An
 * application deleted, or moved on, meanwhile leaves the reaction nothing to do.
 */
export function lifecycleReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({ name: "intake.lifecycle", reactions, logger: options.logger });
}
