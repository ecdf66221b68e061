import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The scheduling domain's events; subject = the appointment's id. */
export const appointmentEvents = defineDomainEvents("scheduling", "/scheduling", {
  ...crudEventTypes("appointment", "appointment"),
  "appointment.scheduled":
    "An appointment was booked, or moved to a new time while booked; data: appointmentId, scheduledAt (its start), personId.",
});

export const appointmentChanges = crudDrafts(appointmentEvents, "appointment");

type Booking = { id: string; status: string; startAt: Date; personId: string };

/** A booking is news when an appointment becomes scheduled, or a scheduled one moves. */
export function isNewBooking(before: Booking | null, after: Booking): boolean {
  if (after.status !== "scheduled") return false;
  return !before || before.status !== "scheduled" || before.startAt.getTime() !== after.startAt.getTime();
}

export const bookingEvent = (appointment: Booking) =>
  appointmentEvents.draft("appointment.scheduled", appointment.id, {
    appointmentId: appointment.id,
    scheduledAt: appointment.startAt.toISOString(),
    personId: appointment.personId,
  });

type AppointmentRecord = Booking & { endAt: Date; appointmentType: string; assignedToId: string | null; notes: string | null; createdAt: Date; updatedAt: Date };

/** The appointment as the API shows it (and as its events carry it). */
export const appointmentSnapshot = (appointment: AppointmentRecord): Record<string, unknown> => ({
  id: appointment.id,
  startAt: appointment.startAt.toISOString(),
  endAt: appointment.endAt.toISOString(),
  appointmentType: appointment.appointmentType,
  status: appointment.status,
  personId: appointment.personId,
  assignedToId: appointment.assignedToId,
  notes: appointment.notes,
  createdAt: appointment.createdAt.toISOString(),
  updatedAt: appointment.updatedAt.toISOString(),
});

/** Every event one save of an appointment records: the CRUD event, and the booking when there is one. */
export function appointmentSaved(before: AppointmentRecord | null, after: AppointmentRecord) {
  const change = before ? appointmentChanges.updated(after.id, appointmentSnapshot(before), appointmentSnapshot(after)) : appointmentChanges.created(after.id, appointmentSnapshot(after));
  return isNewBooking(before, after) ? [change, bookingEvent(after)] : [change];
}
