import { entryFromRow, headOfLog, sequenceLog, traceIdOf, type LogEntry } from "@pap/events";
import { defineListType, findPage, listArguments, loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { eventListSpec, eventLogWhere, positionFrom, streamFilter } from "../domain/event-log";
import { publishEvent } from "../operations/events";

export const EventRef = builder.objectRef<LogEntry>("Event").implement({
  authScopes: { permission: "events:read" },
  description: "One entry of the permanent platform log: a CloudEvents 1.0 envelope describing a change in some domain.",
  fields: (t) => ({
    id: t.id({ resolve: ({ event }) => event.id }),
    specversion: t.string({ resolve: ({ event }) => event.specversion }),
    type: t.string({ description: "{domain}.{entity}.{action}, with the deployment's prefix.", resolve: ({ event }) => event.type }),
    source: t.string({ description: "Base path of the producing domain.", resolve: ({ event }) => event.source }),
    subject: t.id({ description: "Id of the entity the event concerns.", resolve: ({ event }) => event.subject }),
    time: t.field({ type: "DateTime", resolve: ({ event }) => event.time }),
    datacontenttype: t.string({ resolve: ({ event }) => event.datacontenttype }),
    data: t.field({ type: "JSON", nullable: true, resolve: ({ event }) => event.data ?? null }),
    traceparent: t.string({ nullable: true, resolve: ({ event }) => event.traceparent ?? null }),
    traceid: t.string({ nullable: true, description: "The trace-id part of traceparent.", resolve: ({ event }) => traceIdOf(event.traceparent) ?? null }),
    causationid: t.id({ nullable: true, description: "Id of the event that directly caused this one.", resolve: ({ event }) => event.causationid ?? null }),
    authid: t.string({ nullable: true, description: "The acting principal's id (no personal data).", resolve: ({ event }) => event.authid ?? null }),
    authtype: t.string({ nullable: true, description: "The acting principal's kind.", resolve: ({ event }) => event.authtype ?? null }),
    position: t.string({
      nullable: true,
      description:
        "Place in the log (decimal): given in commit order a few milliseconds after the event commits, and only ever increasing. Resume a stream after it. Null until given.",
      resolve: ({ position }) => position?.toString() ?? null,
    }),
  }),
});

builder.asEntity(EventRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadByUuid(context.loaders.eventById, reference.id),
});

const EventList = defineListType(builder, "EventList", EventRef);

builder.queryFields((t) => ({
  event: t.field({
    authScopes: { permission: "events:read" },
    type: EventRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadByUuid(context.loaders.eventById, id),
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
      const page = await findPage(eventListSpec, args, {
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
    description: "Events as they are committed. With `after` (the position of the last event received), every missed event comes first, in order.",
    args: { filter: t.arg({ type: EventStreamFilter }), after: t.arg.string() },
    subscribe: (_root, args, context) => context.hub.subscribe(streamFilter({ ...args.filter, subject: args.filter?.subject?.toString() }), positionFrom(args.after)),
    resolve: (logged) => logged,
  }),
}));
