import { findPage, listThroughDriver } from "@pap/kernel/list";
import { graphCrud, graphFieldsOf, loadByUuid } from "@pap/kernel/graphql";
import { plainColumnsOf, type Appointment } from "@pap/db";
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

/** The appointment table's columns a list may filter and order by through the driver (all of them: text, uuids, instants, the status). */
const appointmentColumns = plainColumnsOf("Appointment");

graphCrud(builder, {
  resource: appointment,
  ref: AppointmentRef,
  load: (id, context: SchedulingContext) => loadByUuid(context.loaders.appointmentById, id),
  // Through the driver when the query is plain column conditions (a day's bookings, a status), else through Prisma.
  page: (args, context) =>
    findPage(
      appointment.listSpec,
      args,
      listThroughDriver<Appointment>(context.read, "appointment", appointmentColumns, {}, context.db.appointment),
    ),
  create: (body, context) => createAppointment(context, body),
  update: (id, body, context) => updateAppointment(context, id, body),
  delete: (id, context) => deleteAppointment(context, id),
});
