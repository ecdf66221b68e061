import { appointment } from "../contract/appointment";
import { crudDrafts, crudEventTypes, defineDomainEvents, timerEvents } from "@pap/events";

/** The scheduling domain's events; subject = the appointment's id. */
export const appointmentEvents = defineDomainEvents("scheduling", "/scheduling", {
  ...crudEventTypes("appointment", "appointment"),
  "appointment.scheduled":
    "An appointment was booked, or moved to a new time or given another subject while booked; data: appointmentId, scheduledAt (its start), personId, and subjectType and subjectId when it is for something (an interview).",
});

export const appointmentChanges = crudDrafts(appointmentEvents, "appointment");

type Booking = { id: string; status: string; startAt: Date; personId: string; subjectType: string | null; subjectId: string | null };

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

export const bookingEvent = (appointment: Booking) =>
  appointmentEvents.draft("appointment.scheduled", appointment.id, {
    appointmentId: appointment.id,
    scheduledAt: appointment.startAt.toISOString(),
    personId: appointment.personId,
    ...(appointment.subjectType && { subjectType: appointment.subjectType, subjectId: appointment.subjectId }),
  });

type AppointmentRecord = Booking & {
  endAt: Date;
  appointmentType: string;
  assignedToId: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Every event one save of an appointment records: the CRUD event, and the booking when there is one. */
export function appointmentSaved(before: AppointmentRecord | null, after: AppointmentRecord) {
  const change = before
    ? appointmentChanges.updated(after.id, appointment.snapshot(before), appointment.snapshot(after))
    : appointmentChanges.created(after.id, appointment.snapshot(after));
  return isNewBooking(before, after) ? [change, bookingEvent(after)] : [change];
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
