import { appointment } from "../contract/appointment";
import { crudDrafts, crudEventTypes, defineDomainEvents, timerEvents } from "@pap/events";
import { appointmentFacts } from "./appointment-machine";

/** What every lifecycle event of an appointment carries (appointmentFacts): enough for a notice without another lookup. */
const facts =
  "appointmentId, personId, appointmentType, startAt, endAt, assignedToId, subjectType, subjectId, and applicationId when it is an interview's";

/** The scheduling domain's events; subject = the appointment's id. */
export const appointmentEvents = defineDomainEvents("scheduling", "/scheduling", {
  ...crudEventTypes("appointment", "appointment"),
  "appointment.scheduled": `An appointment was booked, or moved to a new time or given another subject while booked; data: scheduledAt (its start), ${facts}.`,
  "appointment.held": `The appointment was held (it is now completed); data: ${facts}.`,
  "appointment.no_show": `The person did not come to the appointment; data: ${facts}.`,
  "appointment.canceled": `The appointment was called off; data: ${facts}, reason (null when none was given).`,
  "appointment.rescheduled": `The appointment was moved: a new one was booked (its own created and scheduled events follow) and this one is canceled; data: ${facts}, rescheduledToId (the new appointment), newStartAt, newEndAt, reason.`,
  "appointment.reminder_due": `Timer: a scheduled appointment is \`remindBefore\` away (APPOINTMENT_REMINDER_OFFSETS); data: ${facts}, remindBefore (an ISO-8601 duration), timerId.`,
});

export const appointmentChanges = crudDrafts(appointmentEvents, "appointment");

type Booking = {
  id: string;
  status: string;
  startAt: Date;
  endAt: Date;
  appointmentType: string;
  personId: string;
  assignedToId: string | null;
  subjectType: string | null;
  subjectId: string | null;
};

/** A booking is news when an appointment becomes scheduled, or a scheduled one moves or is given to another subject (the interview it is for learns of it). */
export function isNewBooking(before: Booking | null, after: Booking): boolean {
  if (after.status !== "scheduled") return false;
  return (
    before?.status !== "scheduled" ||
    before.startAt.getTime() !== after.startAt.getTime() ||
    before.subjectType !== after.subjectType ||
    before.subjectId !== after.subjectId
  );
}

/** `scheduledAt` is the booking's start as the event first said it; the facts every lifecycle event carries follow. */
export const bookingEvent = (appointment: Booking, applicationId: string | null = null) =>
  appointmentEvents.draft("appointment.scheduled", appointment.id, {
    scheduledAt: appointment.startAt.toISOString(),
    ...appointmentFacts(appointment, applicationId),
  });

type AppointmentRecord = Booking & {
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Every event one save of an appointment records: the CRUD event, and the booking when there is one. */
export function appointmentSaved(before: AppointmentRecord | null, after: AppointmentRecord, applicationId: string | null = null) {
  const change = before
    ? appointmentChanges.updated(after.id, appointment.snapshot(before), appointment.snapshot(after))
    : appointmentChanges.created(after.id, appointment.snapshot(after));
  return isNewBooking(before, after) ? [change, bookingEvent(after, applicationId)] : [change];
}

// ── Timers ──────────────────────────────────────────────────────────────────────────────────────────
// `scheduling.timer.requested` and `.cancelled` are recorded by every domain that sets a durable timer,
// so they are declared beside the timers themselves (packages/events/src/timer-events.ts); the scheduling
// domain lists them in the catalog with its own, and carries out the requests posted from outside
// (consumers/timer-requests.ts).

/** Everything the scheduling domain declares to the catalog: its appointments' events and the timer events. */
export const schedulingEventDeclarations = {
  declarations: [...appointmentEvents.declarations, ...timerEvents.declarations],
};
