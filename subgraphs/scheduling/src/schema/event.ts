import { entityChanges } from "@pap/events";
import { loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { appointmentEvents } from "../domain/events";
import { AppointmentRef } from "./appointment";

/** The platform's Event, extended with the appointment it concerns, so a change can be followed to the record. */
const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    appointment: t.field({
      authScopes: { permission: "appointments:read" },
      type: AppointmentRef,
      nullable: true,
      description: "The appointment this event concerns, when it is one of the scheduling domain's events (null once the appointment is deleted).",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: (event, _args, context) => (event.source === appointmentEvents.source ? loadByUuid(context.loaders.appointmentById, event.subject) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  appointmentChanged: t.field({
    authScopes: { permission: "appointments:read" },
    type: EventRef,
    description: "Every change to appointments (or to the one with `id`) as it commits; select `appointment { … }` for the record as it is now.",
    args: { id: t.arg.id() },
    subscribe: (_root, args, context) => entityChanges(context, appointmentEvents.source, args.id?.toString()),
    resolve: (logged) => ({ id: logged.event.id }),
  }),
}));
