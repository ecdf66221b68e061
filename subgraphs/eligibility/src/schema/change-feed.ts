import { badRequest, isUuid } from "@pap/core";
import { recordInReach } from "@pap/kernel/auth";
import { filtered, reachableOnly } from "@pap/kernel/graphql";
import type { Determination } from "@pap/db";
import { builder } from "../builder";
import type { EligibilityContext } from "../context";
import { eligibilityEvents } from "../domain/events";
import { DeterminationRef } from "./determination";
import { determinationScope } from "./determination-scope";

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
      resolve: async (event: { source: string; subject: string }, _args, context) => {
        if (event.source !== eligibilityEvents.source) return null;
        const found = await determinationOf(context, event.subject);
        return determinationScope.reachable(context, found);
      },
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
      const live = context.hub.subscribe({ source: eligibilityEvents.source });
      // A caller confined to counties hears of the determinations of their counties alone: each event's subject (the
      // determination, its application or a decision) placed as it is now.
      const events = await reachableOnly(live, (subject) => recordInReach(context, subject));
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
