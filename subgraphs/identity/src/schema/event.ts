import { entityChanges } from "@pap/events";
import { loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { userEvents } from "../domain/events";
import { UserRef } from "./user";

/** The platform's Event, extended with the account it concerns, so a change can be followed to the record. */
const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    user: t.field({
      authScopes: { permission: "users:read" },
      type: UserRef,
      nullable: true,
      description: "The account this event concerns, when it is one of the identity domain's events.",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: (event, _args, context) => (event.source === userEvents.source ? loadByUuid(context.loaders.userById, event.subject) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  userChanged: t.field({
    authScopes: { permission: "users:read" },
    type: EventRef,
    description: "Every change to accounts (or to the one with `id`) as it commits; select `user { … }` for the account as it is now.",
    args: { id: t.arg.id() },
    subscribe: (_root, args, context) => entityChanges(context, userEvents.source, args.id?.toString()),
    resolve: (logged) => ({ id: logged.event.id }),
  }),
}));
