import { defineListType, findPage, graphFieldsOf, inputTypeOf, listArguments, loadByUuid, parseBody } from "@pap/kernel";
import { builder, type Types } from "../builder";
import { appointment, type AppointmentCreate, type AppointmentUpdate } from "../contract/appointment";
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

builder.asEntity(AppointmentRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.appointmentById, reference.id),
});

const AppointmentList = defineListType(builder, "AppointmentList", AppointmentRef);
const AppointmentCreateInput = inputTypeOf(builder, appointment.declaration, "create") as PothosSchemaTypes.InputObjectRef<Types, AppointmentCreate>;
const AppointmentUpdateInput = inputTypeOf(builder, appointment.declaration, "update") as PothosSchemaTypes.InputObjectRef<Types, AppointmentUpdate>;

builder.queryFields((t) => ({
  appointment: t.field({
    authScopes: { permission: "appointments:read" },
    type: AppointmentRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadByUuid(context.loaders.appointmentById, id),
  }),
  appointments: t.field({
    authScopes: { permission: "appointments:read" },
    type: AppointmentList,
    args: listArguments(t.arg),
    resolve: (_root, args, context) =>
      findPage(appointment.listSpec, args, {
        items: (query) => context.db.appointment.findMany(query),
        total: (where) => context.db.appointment.count({ where }),
      }),
  }),
}));

builder.mutationFields((t) => ({
  createAppointment: t.field({
    authScopes: { permission: "appointments:create" },
    type: AppointmentRef,
    args: { input: t.arg({ type: AppointmentCreateInput, required: true }) },
    resolve: (_root, args, context) => createAppointment(context, parseBody(appointment.createBody, appointment.bodyFromInput(args.input))),
  }),
  updateAppointment: t.field({
    authScopes: { permission: "appointments:update" },
    type: AppointmentRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AppointmentUpdateInput, required: true }) },
    resolve: (_root, args, context) => updateAppointment(context, String(args.id), parseBody(appointment.updateBody, appointment.bodyFromInput(args.input))),
  }),
  deleteAppointment: t.id({
    authScopes: { permission: "appointments:delete" },
    description: "Deletes the appointment permanently; returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => deleteAppointment(context, String(args.id)),
  }),
}));
