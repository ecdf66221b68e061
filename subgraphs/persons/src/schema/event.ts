import { entityChanges } from "@pap/events";
import { loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { personEvents } from "../domain/events";
import { PersonRef } from "./person";

/** The platform's Event, extended with the person it concerns, so a change can be followed to the record. */
const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    person: t.field({
      authScopes: { permission: "persons:read" },
      type: PersonRef,
      nullable: true,
      description: "The person this event concerns, when it is one of the persons domain's events (null once the person is deleted).",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: (event, _args, context) => (event.source === personEvents.source ? loadByUuid(context.loaders.personById, event.subject) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  personChanged: t.field({
    authScopes: { permission: "persons:subscribe" },
    type: EventRef,
    description: "Every change to persons (or to the one with `id`) as it commits; select `person { … }` for the record as it is now.",
    args: { id: t.arg.id() },
    subscribe: (_root, args, context) => entityChanges(context, personEvents.source, args.id?.toString()),
    resolve: (logged) => ({ id: logged.event.id }),
  }),
}));
