import { entryFromRow, headOfLog, sequenceLog, traceIdOf, type LogEntry } from "@pap/events";
import { findPage } from "@pap/kernel/list";
import { recordInReach } from "@pap/kernel/auth";
import { listArguments, loadByUuid, reachableOnly } from "@pap/kernel/graphql";
import { builder } from "../builder";
import type { PlatformContext } from "../context";
import { event } from "../contract/event";
import { eventLogWhere, positionFrom, streamFilter } from "../domain/event-log";
import { publishEvent } from "../operations/events";
import { requireLogInReach } from "./event-scope";

/** An event by id: none when there is none, or its subject is out of the caller's reach (county scoping). */
async function eventInReach(context: PlatformContext, id: string): Promise<LogEntry | null> {
  const found = await loadByUuid(context.loaders.eventById, id);
  return found && (await recordInReach(context, found.event.subject)) ? found : null;
}

export const EventRef = builder.objectRef<LogEntry>("Event").implement({
  authScopes: { permission: "events:read" },
  description: event.declaration.description,
  fields: (t) =>
    t.declaredFields(
      event.declaration.fields,
      {
        traceid: t.string({
          nullable: true,
          description: event.declaration.fields.traceid.description,
          resolve: (entry) => traceIdOf(entry.event.traceparent) ?? null,
        }),
        position: t.string({
          nullable: true,
          description: event.declaration.fields.position.description,
          resolve: ({ position }) => position?.toString() ?? null,
        }),
      },
      { from: (entry) => entry.event },
    ),
});

builder.asEntity(EventRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => eventInReach(context, reference.id),
});

const EventList = builder.defineListType("EventList", EventRef);

builder.queryFields((t) => ({
  event: t.field({
    authScopes: { permission: "events:read" },
    type: EventRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => eventInReach(context, String(id)),
  }),
  eventLogPosition: t.string({
    authScopes: { permission: "events:read" },
    description: "The position of the newest event in the log: subscribe with `after` set to it to receive everything from now on.",
    resolve: async (_root, _args, context) => {
      // Number what has committed so far first: everything committed before this call is then at or below the answer.
      await sequenceLog(context.db);
      return (await headOfLog(context.db)).toString();
    },
  }),
  events: t.field({
    authScopes: { permission: "events:read" },
    type: EventList,
    description: "The log, oldest first unless sorted otherwise.",
    args: {
      ...listArguments(t.arg),
      type: t.arg.string({ description: "Exact type, or a prefix ending in '*' (intake.*)." }),
      source: t.arg.string({ description: "Producing domain's base path." }),
      subject: t.arg.string({ description: "Id of the entity." }),
      traceid: t.arg.string({ description: "W3C trace id: the events of one causal chain." }),
      start: t.arg.string({ description: "Earliest time, inclusive (ISO 8601)." }),
      end: t.arg.string({ description: "Latest time, inclusive (ISO 8601)." }),
    },
    resolve: async (_root, args, context) => {
      const filters = eventLogWhere(args);
      await requireLogInReach(context, args.subject);
      const page = await findPage(event.listSpec, args, {
        items: (query) => context.db.platformEvent.findMany({ ...query, where: { AND: [query.where, filters] } }),
        total: (where) => context.db.platformEvent.count({ where: { AND: [where, filters] } }),
      });
      return { ...page, items: page.items.map(entryFromRow) };
    },
  }),
}));

builder.mutationFields((t) => ({
  publishEvent: t.field({
    authScopes: { permission: "events:publish" },
    type: EventRef,
    description: "Records an event produced elsewhere. Its type must be declared for its source; events are never changed or removed.",
    args: { event: t.arg({ type: "JSONObject", required: true }) },
    resolve: (_root, args, context) => publishEvent(context, args.event),
  }),
}));

const EventStreamFilter = builder.inputType("EventStreamFilter", {
  fields: (t) => ({
    type: t.string({ description: "Exact types or prefixes ending in '*', comma-separated." }),
    source: t.string(),
    subject: t.id(),
  }),
});

builder.subscriptionFields((t) => ({
  events: t.field({
    authScopes: { permission: "events:read" },
    type: EventRef,
    description:
      "Events as they are committed. With `after` (the position of the last event received), every missed event comes first, in order.",
    args: { filter: t.arg({ type: EventStreamFilter }), after: t.arg.string() },
    subscribe: async (_root, args, context) => {
      const live = context.hub.subscribe(
        streamFilter({ ...args.filter, subject: args.filter?.subject?.toString() }),
        positionFrom(args.after),
      );
      // A confined caller's stream carries the events whose subject they reach, judged as each arrives.
      return (await context.countyReach()) === undefined ? live : reachableOnly(live, (subject) => recordInReach(context, subject));
    },
    resolve: (logged) => logged,
  }),
}));
