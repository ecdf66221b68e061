import { conflict } from "@pap/core";
import { isUniqueViolation } from "@pap/db";
import type { LogEntry } from "@pap/events";
import type { PlatformContext } from "../context";
import { publishedEvent } from "../domain/publish";

/**
 * Records an event produced elsewhere, once: its type must be declared for its source, and an id
 * already in the log (even one racing this) is 409. It is numbered a moment after commit, so it is
 * answered without a position; the stream and the log list show it in its place.
 */
export async function publishEvent(context: PlatformContext, input: unknown): Promise<LogEntry> {
  const event = publishedEvent(input, context.catalog);
  try {
    await context.publish([event]);
    return { position: null, event };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`An event with id ${event.id} is already in the log.`, [{ field: "id", message: "is already used by another event" }]);
    throw error;
  }
}
