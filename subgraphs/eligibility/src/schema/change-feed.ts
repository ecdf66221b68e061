import { badRequest, isUuid } from "@pap/core";
import { filtered } from "@pap/kernel/graphql";
import type { Determination } from "@pap/db";
import { builder } from "../builder";
import type { EligibilityContext } from "../context";
import { eligibilityEvents } from "../domain/events";
import { DeterminationRef } from "./determination";

const read = { permission: "determinations:read" };

/**
 * The determination an eligibility event concerns. The catalog gives the events three kinds of
 * subject: the determination (created), its application (its actions) or one of its decisions.
 */
async function determinationOf(context: EligibilityContext, subject: string): Promise<Determination | null> {
  if (!isUuid(subject)) return null;
  const id = subject.toLowerCase();
  const [byId, byApplication, decision] = await Promise.all([
    context.loaders.determinationById.load(id),
    context.loaders.determinationByApplication.load(id),
    context.loaders.decisionById.load(id),
  ]);
  return byId ?? byApplication ?? (decision ? context.loaders.determinationById.load(decision.determinationId) : null);
}

const EventRef = builder.externalRef("Event", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
  fields: (t) => ({
    determination: t.field({
      authScopes: read,
      type: DeterminationRef,
      nullable: true,
      description: "The determination this event concerns, when it is one of the eligibility domain's events.",
      requires: builder.selection<{ source: string; subject: string }>("source subject"),
      resolve: (event: { source: string; subject: string }, _args, context) =>
        event.source === eligibilityEvents.source ? determinationOf(context, event.subject) : null,
    }),
  }),
});

builder.subscriptionField("determinationChanged", (t) =>
  t.field({
    authScopes: { permission: "determinations:subscribe" },
    type: EventRef,
    description:
      "Every change of the eligibility domain's determinations (or of the one with `id`: its own events, its application's and its decisions') as it commits; select `determination { … }` for it as it is now.",
    args: { id: t.arg.id() },
    subscribe: async (_root, args, context) => {
      const id = args.id?.toString();
      if (id !== undefined && !isUuid(id)) throw badRequest("Invalid 'id' argument.", [{ field: "id", message: "must be a uuid" }]);
      const events = await context.hub.subscribe({ source: eligibilityEvents.source });
      if (id === undefined) return events;
      const wanted = id.toLowerCase();
      // Read fresh for each event (a connection's loaders would cache a determination not yet made).
      return filtered(events, async ({ event }) => {
        if (event.subject === wanted) return true;
        if (!isUuid(event.subject)) return false;
        const [byApplication, decision] = await Promise.all([
          context.db.determination.findUnique({ where: { applicationId: event.subject }, select: { id: true } }),
          context.db.decision.findUnique({ where: { id: event.subject }, select: { determinationId: true } }),
        ]);
        return byApplication?.id === wanted || decision?.determinationId === wanted;
      });
    },
    resolve: (logged) => ({ id: logged.event.id }),
  }),
);
