import { badRequest, isUuid } from "@pap/core";
import { filtered } from "@pap/kernel/graphql";
import { builder } from "../builder";
import { dataExchangeEvents } from "../domain/events";
import { ServiceCallRef } from "./service-call";
import { serviceCallScope } from "./service-call-scope";

const read = { permission: "service-calls:read" };

const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    serviceCall: t.field({
      authScopes: read,
      type: ServiceCallRef,
      nullable: true,
      description: "The service call this event concerns, when it is one of the data-exchange domain's events.",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: async (event: { source: string; subject: string }, _args, context) =>
        event.source === dataExchangeEvents.source && isUuid(event.subject)
          ? serviceCallScope.reachable(
              context,
              await context.db.externalServiceCall.findUnique({ where: { id: event.subject.toLowerCase() } }),
            )
          : null,
    }),
  }),
});

builder.subscriptionField("serviceCallChanged", (t) =>
  t.field({
    authScopes: { permission: "service-calls:subscribe" },
    type: EventRef,
    description:
      "Every change of a service call (or of the one with `id`) as it commits: submitted, answered, failed, timed out, its metadata; select `serviceCall { … }` for it as it is now.",
    args: { id: t.arg.id() },
    subscribe: async (_root, args, context) => {
      const id = args.id?.toString();
      if (id !== undefined && !isUuid(id)) throw badRequest("Invalid 'id' argument.", [{ field: "id", message: "must be a uuid" }]);
      const events = await context.hub.subscribe({ source: dataExchangeEvents.source, ...(id && { subject: id }) });
      // Timer callbacks are the domain's own bookkeeping, not changes of a call.
      return filtered(
        events,
        async ({ event }) => event.type.includes(".call.") && (await serviceCallScope.idInReach(context, event.subject)),
      );
    },
    resolve: (logged) => ({ id: logged.event.id }),
  }),
);
