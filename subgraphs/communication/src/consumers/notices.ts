import { ApiError, type Logger } from "@pap/core";
import type { ConsumerDefinition } from "@pap/events";
import { prepareNotice, recordNotice, type IssuingDeps, type PreparedNotice } from "../operations/issue";
import { noticesFor, triggers } from "./notice-triggers";

/**
 * The communication domain's reactions: the notices other domains' events call for (notice-triggers.ts).
 * Each is composed, rendered and its PDF stored before the consumer's transaction (`prepare`, safe to
 * repeat: the same event gives the same ids and content keys), then filed and queued in it. The notice's
 * date is the event's time, so a redelivery renders the same notice.
 */
export function noticeReactions(
  deps: (db: IssuingDeps["db"]) => Omit<IssuingDeps, "db" | "clock">,
  options: { logger?: Logger } = {},
): ConsumerDefinition {
  return {
    name: "communication.notices",
    filter: { types: Object.values(triggers) },
    async prepare(event, db) {
      const at = new Date(event.time ?? Date.now());
      const prepared: PreparedNotice[] = [];
      for (const request of await noticesFor(db, event)) {
        try {
          prepared.push(await prepareNotice({ ...deps(db), db, clock: { now: () => at } as IssuingDeps["clock"] }, request));
        } catch (error) {
          // A record the event named is gone or changed (422): there is no notice to send, and asking again would not make one.
          if (!(error instanceof ApiError && error.status < 500)) throw error;
          options.logger?.info({ eventId: event.id, type: request.type, reason: error.message }, "no notice issued for the event");
        }
      }
      return prepared;
    },
    async handle({ tx, events, clock, calendar, jurisdiction, prepared }) {
      for (const notice of (prepared ?? []) as PreparedNotice[]) await recordNotice({ tx, events, clock, calendar, jurisdiction }, notice);
    },
  };
}
