import { entityChanges } from "@pap/events";
import { loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { caseEvents } from "../domain/events";
import { CaseRef } from "./case";

/** The platform's Event, extended with the case it concerns, so a change can be followed to the record. */
const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    case: t.field({
      authScopes: { permission: "cases:read" },
      type: CaseRef,
      nullable: true,
      description: "The case this event concerns, when it is one of the case-management domain's events (null once the case is deleted).",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: (event, _args, context) => (event.source === caseEvents.source ? loadByUuid(context.loaders.caseById, event.subject) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  caseChanged: t.field({
    authScopes: { permission: "cases:read" },
    type: EventRef,
    description: "Every change to cases (or to the one with `id`) as it commits; select `case { … }` for the record as it is now.",
    args: { id: t.arg.id() },
    subscribe: (_root, args, context) => entityChanges(context, caseEvents.source, args.id?.toString()),
    resolve: (logged) => ({ id: logged.event.id }),
  }),
}));
