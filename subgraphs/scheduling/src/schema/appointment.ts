import { findPage, graphCrud, graphFieldsOf, loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import type { SchedulingContext } from "../context";
import { appointment } from "../contract/appointment";
import { createAppointment, deleteAppointment, updateAppointment } from "../operations/appointments";
import { PersonRef } from "./links";

export const AppointmentRef = builder.prismaObject("Appointment", {
  authScopes: { permission: "appointments:read" },
  description: appointment.declaration.description,
  fields: (t) =>
    graphFieldsOf(builder, t, appointment.declaration.fields, {
      person: t.field({ type: PersonRef, nullable: true, description: appointment.declaration.fields.person.description, resolve: (found) => ({ id: found.personId }) }),
    }) as never,
});

graphCrud(builder, {
  resource: appointment,
  ref: AppointmentRef,
  load: (id, context: SchedulingContext) => loadByUuid(context.loaders.appointmentById, id),
  page: (args, context) =>
    findPage(appointment.listSpec, args, { items: (query) => context.db.appointment.findMany(query), total: (where) => context.db.appointment.count({ where }) }),
  create: (body, context) => createAppointment(context, body),
  update: (id, body, context) => updateAppointment(context, id, body),
  delete: (id, context) => deleteAppointment(context, id),
});
