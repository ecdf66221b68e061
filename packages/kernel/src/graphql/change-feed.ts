import type { SchemaTypes } from "@pothos/core";
import type DataLoader from "dataloader";
import { badRequest } from "@pap/core";
import { isUuid } from "@pap/core";
import { builderMethods, type ContextHas, type KernelTypes, type LiveEvent, type LiveHub } from "./builder-methods";
import { loadByUuid } from "./loaders";

/** What a domain says about the live feed of its entity's changes. */
export type ChangeFeed<Types extends SchemaTypes, Entity> = {
  /** The entity's GraphQL type. */
  entity: PothosSchemaTypes.ObjectRef<Types, Entity>;
  /** The field on Event that leads to the record ("case"), and the subscription ("caseChanged"). */
  field: string;
  subscription: string;
  /** How the record is named in descriptions ("case", "account"), and the domain ("case-management domain"). */
  noun: string;
  domain: string;
  /** The domain's event source: only its own events lead to one of its records. */
  source: string;
  /** Reading the record through an event; subscribing (defaults to the same). */
  permission: string;
  subscribePermission?: string;
  /**
   * The source's event types that are about the entity (its subject the entity's id), as the domain
   * declares them (a trailing `*` for a prefix): a domain whose source also records events about
   * something else (a match result about an application's member) leaves those out. All by default.
   */
  types?: readonly string[];
  /** The request's batch loader of the entity by id. */
  loader(context: Types["Context"]): DataLoader<string, Entity | null>;
  /**
   * Whether the caller reaches the entity with this id, read as it is now (county scoping): events
   * about one out of reach are not delivered, and lead to no record. Every entity is reached without it.
   */
  reachable?(context: Types["Context"], id: string): Promise<boolean>;
};

/** The platform's Event as a domain's subgraph knows it: by id. */
export type EventReference = { id: string };

declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /**
       * The platform's Event, extended in a domain's subgraph with the record it concerns, and the
       * `<entity>Changed(id)` subscription delivering the domain's changes as events (select the record
       * through the event for it as it is now). Every domain with live changes declares it through here.
       */
      addChangeFeed<Entity>(feed: ChangeFeed<Types, Entity> & ContextHas<Types, LiveHub>): ObjectRef<Types, EventReference>;
    }
  }
}

// Written for any record (Pothos cannot tell whether a record of a type parameter is a list); the signature above keeps the domain's type.
builderMethods.addChangeFeed = function addChangeFeed(
  this: PothosSchemaTypes.SchemaBuilder<KernelTypes>,
  feed: ChangeFeed<KernelTypes, unknown>,
) {
  const EventRef = this.externalRef("Event", this.selection<EventReference>("id")).implement({
    externalFields: (t) => ({ id: t.id(), source: t.string(), subject: t.id() }),
    fields: (t) => ({
      [feed.field]: t.field({
        authScopes: { permission: feed.permission },
        type: feed.entity,
        nullable: true,
        description: `The ${feed.noun} this event concerns, when it is one of the ${feed.domain}'s events (null once the ${feed.noun} is deleted).`,
        requires: this.selection<{ source: string; subject: string }>("source subject"),
        resolve: async function recordOfEvent(event, _args, context) {
          if (event.source !== feed.source) return null;
          if (feed.reachable && !(await feed.reachable(context, event.subject))) return null;
          return loadByUuid(feed.loader(context), event.subject);
        },
      }),
    }),
  });
  this.subscriptionFields((t) => ({
    [feed.subscription]: t.field({
      authScopes: { permission: feed.subscribePermission ?? feed.permission },
      type: EventRef,
      description: `Every change of the ${feed.domain} (or of the ${feed.noun} with \`id\`) as it commits; select \`${feed.field} { … }\` for the ${feed.noun} as it is now.`,
      args: { id: t.arg.id() },
      // Every event the domain records about its entities, or about the one with `id`, as it commits.
      subscribe: function changesOfDomain(_root, args, context) {
        const id = args.id?.toString();
        if (id !== undefined && !isUuid(id)) throw badRequest("Invalid 'id' argument.", [{ field: "id", message: "must be a uuid" }]);
        const types = feed.types?.map((type) => `${context.eventSettings.typePrefix}${type}`);
        const events = context.hub.subscribe({ source: feed.source, ...(id && { subject: id.toLowerCase() }), ...(types && { types }) });
        const { reachable } = feed;
        return reachable ? reachableOnly(events, (subject) => reachable(context, subject)) : events;
      },
      resolve: (logged: LiveEvent) => ({ id: logged.event.id }),
    }),
  }));
  return EventRef;
};

/** The live events whose subject the caller reaches, whether the hub's subscription is ready now or later. */
export function reachableOnly<Live extends LiveEvent>(
  events: AsyncIterable<Live> | Promise<AsyncIterable<Live>>,
  reachable: (subject: string) => Promise<boolean>,
): Promise<AsyncIterable<Live>> {
  return Promise.resolve(events).then((stream) => filtered(stream, ({ event }) => event.subject !== undefined && reachable(event.subject)));
}

/**
 * The items of a stream that `keep` accepts, in order; ending it ends the stream it reads (an
 * unsubscribing client frees the hub's listener).
 */
export function filtered<T>(source: AsyncIterable<T>, keep: (item: T) => boolean | Promise<boolean>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const inner = source[Symbol.asyncIterator]();
      return {
        async next() {
          for (;;) {
            const result = await inner.next();
            if (result.done || (await keep(result.value))) return result;
          }
        },
        return: (value?: unknown) => (inner.return ? inner.return(value) : Promise.resolve({ done: true as const, value: value as T })),
        throw: (error?: unknown) => (inner.throw ? inner.throw(error) : Promise.reject(error)),
      };
    },
  };
}
