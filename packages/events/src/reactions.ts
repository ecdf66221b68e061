import { ApiError, type Logger } from "@pap/core";
import type { ConsumerContext, ConsumerDefinition } from "./consumer";
import type { DomainContext } from "./scope";

/**
 * What a domain's write needs, whether a request or a reaction to an event makes it: one transaction,
 * the recorder its events go through (a request's, stamped with the caller, or a reaction's, caused by
 * the event), and the clock.
 */
export type ReactionWork = Pick<ConsumerContext, "tx" | "events" | "clock" | "calendar" | "jurisdiction">;

/** Runs a request's write in one transaction with its events. */
export function inTransaction<T>(
  context: Pick<DomainContext, "transaction" | "events" | "clock" | "calendar" | "jurisdiction">,
  write: (work: ReactionWork) => Promise<T>,
): Promise<T> {
  return context.transaction((tx) =>
    write({ tx, events: context.events, clock: context.clock, calendar: context.calendar, jurisdiction: context.jurisdiction }),
  );
}

/**
 * A reaction's transaction in the shape a request's write takes (`createRecorded` and its kin): a
 * domain's write made by a reaction joins the consumer's transaction instead of opening its own, and
 * its events name the trigger as their cause.
 */
export function writingIn(
  work: ReactionWork,
): Pick<DomainContext, "transaction" | "events" | "clock" | "calendar"> & { events: ReactionWork["events"] } {
  return {
    transaction: ((write: (tx: ReactionWork["tx"]) => Promise<unknown>) => write(work.tx)) as DomainContext["transaction"],
    events: work.events,
    clock: work.clock,
    calendar: work.calendar,
  };
}

/** One domain's answer to one type of event. */
export type Reaction = (work: ReactionWork, event: ConsumerContext["event"]) => Promise<unknown>;

/**
 * A refusal that means the reaction has nothing left to do: its record was deleted (404) or has
 * moved on (409) since the event. Retrying would only refuse again, and stall the consumer.
 */
export const nothingLeftToDo = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 404 || error.status === 409);

/**
 * A durable consumer made of reactions by event type (the deployment's prefix may stand before the
 * type). Each runs as the system in the consumer's transaction, so every event it records names the
 * trigger as its cause, and a redelivered event must find its work done.
 */
export function reactionConsumer(options: { name: string; reactions: Record<string, Reaction>; logger?: Logger }): ConsumerDefinition {
  const entries = Object.entries(options.reactions);
  return {
    name: options.name,
    filter: { types: entries.map(([type]) => type) },
    async handle({ tx, event, events, clock, calendar, jurisdiction }: ConsumerContext) {
      const reaction = entries.find(([type]) => event.type.endsWith(type))?.[1];
      if (!reaction) return;
      try {
        await reaction({ tx, events, clock, calendar, jurisdiction }, event);
      } catch (error) {
        if (!nothingLeftToDo(error)) throw error;
        options.logger?.debug(
          { consumer: options.name, eventId: event.id, type: event.type, reason: error.message },
          "the reaction found nothing left to do",
        );
      }
    },
  };
}
