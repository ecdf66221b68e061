import { findLocked, type Appointment, type Prisma } from "@pap/db";
import { createRecorded, deleteRecorded, updateRecorded, type DomainContext } from "@pap/events";
import { appointment, type AppointmentCreate, type AppointmentUpdate } from "../contract/appointment";
import { checkTimeSpan } from "../domain/appointment";
import { appointmentChanges, appointmentSaved } from "../domain/events";

/** The scheduling domain's writes, each with its events; the GraphQL resolvers only call these. */

/** A new appointment; `county` is where it belongs (county scoping: its subject's, or its creator's). */
export async function createAppointment(
  context: DomainContext,
  body: AppointmentCreate,
  county: string | null = null,
): Promise<Appointment> {
  const startAt = new Date(body.startAt);
  const endAt = new Date(body.endAt);
  checkTimeSpan(startAt, endAt);
  return createRecorded<Appointment>(context, {
    create: (tx) => tx.appointment.create({ data: { ...(appointment.columnsOf(body) as Prisma.AppointmentUncheckedCreateInput), county } }),
    events: (created) => appointmentSaved(null, created),
  });
}

/** Changes what the body names; the time span is checked as it will be, the unchanged end or start included. */
export const updateAppointment = (context: DomainContext, id: string, body: AppointmentUpdate): Promise<Appointment> =>
  updateRecorded<Appointment>(context, {
    resource: "Appointment",
    id,
    find: (tx) => findLocked(tx, "appointment", id, () => tx.appointment.findUnique({ where: { id } })),
    change: (tx, current) => {
      const startAt = body.startAt ? new Date(body.startAt) : current.startAt;
      const endAt = body.endAt ? new Date(body.endAt) : current.endAt;
      checkTimeSpan(startAt, endAt);
      return tx.appointment.update({ where: { id }, data: appointment.columnsOf(body) });
    },
    events: (before, after) => appointmentSaved(before, after),
  });

export const deleteAppointment = (context: DomainContext, id: string): Promise<string> =>
  deleteRecorded(context, {
    resource: "Appointment",
    id,
    remove: (tx) => tx.appointment.deleteMany({ where: { id } }),
    event: appointmentChanges.deleted,
  });
