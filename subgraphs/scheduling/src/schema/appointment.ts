import { defineListType, findPage, listArguments, loadByUuid, parseBody } from "@pap/kernel";
import { builder } from "../builder";
import { appointmentCreateBody, appointmentListSpec, appointmentStatuses, appointmentUpdateBody } from "../domain/appointment";
import { createAppointment, deleteAppointment, updateAppointment } from "../operations/appointments";
import { PersonRef } from "./links";

const AppointmentStatus = builder.enumType("AppointmentStatus", { values: appointmentStatuses });

export const AppointmentRef = builder.prismaObject("Appointment", {
  authScopes: { permission: "appointments:read" },
  description: "An appointment between a staff member and a person.",
  fields: (t) => ({
    id: t.exposeID("id"),
    startAt: t.expose("startAt", { type: "DateTime" }),
    endAt: t.expose("endAt", { type: "DateTime" }),
    appointmentType: t.exposeString("appointmentType"),
    status: t.expose("status", { type: AppointmentStatus }),
    personId: t.exposeID("personId"),
    person: t.field({ type: PersonRef, nullable: true, description: "The person (null if their record has been deleted).", resolve: (appointment) => ({ id: appointment.personId }) }),
    assignedToId: t.exposeID("assignedToId", { nullable: true }),
    notes: t.exposeString("notes", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.asEntity(AppointmentRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.appointmentById, reference.id),
});

const AppointmentList = defineListType(builder, "AppointmentList", AppointmentRef);

const appointmentInput = (required: boolean) =>
  builder.inputType(required ? "AppointmentCreateInput" : "AppointmentUpdateInput", {
    fields: (t) => ({
      startAt: t.field({ type: "DateTime", required }),
      endAt: t.field({ type: "DateTime", required }),
      appointmentType: t.string({ required }),
      status: t.field({ type: AppointmentStatus }),
      personId: t.id({ required }),
      assignedToId: t.id(),
      notes: t.string(),
    }),
  });
const AppointmentCreateInput = appointmentInput(true);
const AppointmentUpdateInput = appointmentInput(false);

/** GraphQL hands instants over as Date objects; the domain rules (and REST bodies) speak ISO strings. */
const asBody = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

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
      findPage(appointmentListSpec, args, {
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
    resolve: (_root, args, context) => createAppointment(context, parseBody(appointmentCreateBody, asBody(args.input))),
  }),
  updateAppointment: t.field({
    authScopes: { permission: "appointments:update" },
    type: AppointmentRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AppointmentUpdateInput, required: true }) },
    resolve: (_root, args, context) => updateAppointment(context, String(args.id), parseBody(appointmentUpdateBody, asBody(args.input))),
  }),
  deleteAppointment: t.id({
    authScopes: { permission: "appointments:delete" },
    description: "Deletes the appointment permanently; returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => deleteAppointment(context, String(args.id)),
  }),
}));
