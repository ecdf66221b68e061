import { findPage, listThroughDriver, type ListArgs } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import { countyOfNewRecord } from "@pap/kernel/auth";
import { plainColumnsOf } from "@pap/db";
import { builder } from "../builder";
import type { SchedulingContext } from "../context";
import { appointment } from "../contract/appointment";
import { createAppointment, deleteAppointment, updateAppointment } from "../operations/appointments";
import { appointmentScope } from "./appointment-scope";
import { PersonRef } from "./links";

export const AppointmentRef = builder.prismaObject("Appointment", {
  authScopes: { permission: "appointments:read" },
  description: appointment.declaration.description,
  fields: (t) =>
    t.declaredFields(appointment.declaration.fields, {
      person: t.field({
        type: PersonRef,
        nullable: true,
        description: appointment.declaration.fields.person.description,
        resolve: (found) => ({ id: found.personId }),
      }),
    }),
});

/** The appointment table's columns a list may filter and order by through the driver (all of them: text, uuids, instants, the status). */
const appointmentColumns = plainColumnsOf("Appointment");

const loadAppointment = async (id: string, context: SchedulingContext) =>
  appointmentScope.reachable(context, await loadByUuid(context.loaders.appointmentById, id));

/** A page of appointments: through the driver when the query is plain column conditions (a day's bookings, a status), else through Prisma. */
const appointmentPage = async (args: ListArgs, context: SchedulingContext) =>
  findPage(
    appointment.listSpec,
    args,
    listThroughDriver(context.read, "appointment", appointmentColumns, await appointmentScope.condition(context), {
      items: (query) => context.db.appointment.findMany(query),
      total: (where) => context.db.appointment.count({ where }),
    }),
  );

builder.graphCrud({
  resource: appointment,
  ref: AppointmentRef,
  load: loadAppointment,
  page: appointmentPage,
  create: async (body, context) =>
    createAppointment(context, body, await countyOfNewRecord(context, { type: body.subjectType, id: body.subjectId })),
  update: async (id, body, context) => {
    await appointmentScope.requireInReach(context, id);
    return updateAppointment(context, id, body);
  },
  delete: async (id, context) => {
    await appointmentScope.requireInReach(context, id);
    return deleteAppointment(context, id);
  },
});
