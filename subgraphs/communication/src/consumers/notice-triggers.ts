import { isUuid } from "@pap/core";
import type { PrismaClient } from "@pap/db";
import type { PlatformEvent } from "@pap/events";
import { documentRequestCategories, documentRequestType, type NoticeProgram } from "../domain/vocabulary";
import type { NoticeRequest } from "../operations/issue";

/** The other domains' events notices answer, named as they declare them (the domains do not import one another). */
export const triggers = {
  verificationCreated: "intake.verification.created",
  verificationUpdated: "intake.verification.updated",
  applicationClosed: "intake.application.closed",
  appointmentNoShow: "scheduling.appointment.no_show",
  reminderDue: "scheduling.appointment.reminder_due",
} as const;

type VerificationData = { verificationType?: string; status?: string; category?: string; applicationId?: string };
type ElectronicCheck = { status?: string };

/**
 * Whether an electronic verification is past its checks with nothing to show: still pending, every
 * check it made has ended, and none answered (each failed or timed out). A document is then the only
 * way left, and the household is asked for one.
 */
export function pastItsChecks(verification: { verificationType: string | null; status: string; electronicChecks: unknown }): boolean {
  const checks = (Array.isArray(verification.electronicChecks) ? verification.electronicChecks : []) as ElectronicCheck[];
  return (
    verification.verificationType === "electronic" &&
    verification.status === "pending" &&
    checks.length > 0 &&
    checks.every((check) => check.status === "failed" || check.status === "timed_out")
  );
}

/** An interview's application, when the appointment is for one. */
async function interviewApplicationOf(db: PrismaClient, appointmentId: string) {
  const appointment = await db.appointment.findUnique({ where: { id: appointmentId } });
  if (appointment?.subjectType !== "interview" || !appointment.subjectId) return null;
  const interview = await db.interview.findUnique({ where: { id: appointment.subjectId }, select: { applicationId: true } });
  return interview ? { appointment, applicationId: interview.applicationId } : null;
}

const programsOf = async (db: PrismaClient, applicationId: string) =>
  new Set(
    (await db.applicationMember.findMany({ where: { applicationId }, select: { programsAppliedFor: true } })).flatMap(
      (member) => member.programsAppliedFor,
    ),
  );

/**
 * The notices an event asks for (the reference's choreography and the law behind it):
 * - a document verification opened on a submitted application (at submission for what is verified by
 *   paper, or after an inconclusive electronic check) → a document request for its category, carrying
 *   the verification in `metadata.intake.verificationId` so that intake records it once sent;
 * - an electronic verification left pending past its checks (every call failed or timed out) → the same
 *   request, for that verification (a document uploaded for it satisfies it);
 * - an application closed with decisions made → per program decided, a notice of eligibility when a
 *   member is approved in it, else of denial;
 * - a SNAP interview missed → the notice of missed interview (7 CFR 273.2(e)(3));
 * - an interview's reminder falling due while it is still booked → an appointment reminder.
 * Each names the event (and the program) as its origin, so the notice is issued once however often the
 * event is delivered.
 */
export async function noticesFor(db: PrismaClient, event: PlatformEvent): Promise<NoticeRequest[]> {
  const is = (type: string) => event.type.endsWith(type);
  if (!isUuid(event.subject)) return [];
  const subject = event.subject.toLowerCase();
  if (is(triggers.verificationCreated)) {
    const data = (event.data ?? {}) as VerificationData;
    const category = documentRequestCategories.find((known) => known === data.category);
    if (data.verificationType !== "document" || data.status !== "pending" || !category) return [];
    const verification = await db.verification.findUnique({
      where: { id: subject },
      select: { applicationId: true, application: { select: { status: true } } },
    });
    if (!verification || verification.application.status === "draft") return [];
    return [
      {
        type: documentRequestType(category),
        applicationId: verification.applicationId,
        subjectType: "verification",
        subjectId: subject,
        metadata: { intake: { verificationId: subject } },
        origin: event.id,
      },
    ];
  }
  if (is(triggers.verificationUpdated)) {
    const verification = await db.verification.findUnique({
      where: { id: subject },
      select: {
        applicationId: true,
        category: true,
        verificationType: true,
        status: true,
        electronicChecks: true,
        application: { select: { status: true } },
      },
    });
    const category = documentRequestCategories.find((known) => known === verification?.category);
    if (!verification || !category || verification.application.status === "draft" || !pastItsChecks(verification)) return [];
    return [
      {
        type: documentRequestType(category),
        applicationId: verification.applicationId,
        subjectType: "verification",
        subjectId: subject,
        metadata: { intake: { verificationId: subject } },
        // Once per verification, however many of its updates find it past its checks.
        origin: `past-electronic-checks:${subject}`,
      },
    ];
  }
  if (is(triggers.applicationClosed)) {
    const decisions = await db.decision.findMany({
      where: { applicationId: subject },
      select: { program: true, status: true, determinationId: true },
    });
    const programs = [...new Set(decisions.filter((decision) => decision.status !== "pending").map((decision) => decision.program))];
    return programs.map((program) => ({
      type: decisions.some((decision) => decision.program === program && decision.status === "approved")
        ? "notice_of_eligibility"
        : "notice_of_denial",
      applicationId: subject,
      program: program as NoticeProgram,
      subjectType: "determination",
      subjectId: decisions[0]!.determinationId,
      origin: `${event.id}:${program}`,
    }));
  }
  if (is(triggers.appointmentNoShow) || is(triggers.reminderDue)) {
    const found = await interviewApplicationOf(db, subject);
    if (!found) return [];
    if (is(triggers.reminderDue) && found.appointment.status !== "scheduled") return [];
    if (is(triggers.appointmentNoShow) && !(await programsOf(db, found.applicationId)).has("snap")) return [];
    return [
      {
        type: is(triggers.reminderDue) ? "appointment_reminder" : "notice_of_missed_interview",
        applicationId: found.applicationId,
        subjectType: "appointment",
        subjectId: subject,
        metadata: { scheduling: { appointmentId: subject } },
        origin: event.id,
      },
    ];
  }
  return [];
}
