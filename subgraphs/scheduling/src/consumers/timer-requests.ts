import type { Logger } from "@pap/core";
import {
  deleteTimers,
  dueAtOf,
  EventCatalog,
  postedTimerRequest,
  timerEventProblems,
  timerEvents,
  writeTimer,
  type ConsumerContext,
  type ConsumerDefinition,
} from "@pap/events";
import type { DeclaredEventType } from "@pap/kernel/domain";

const [requested, cancelled] = timerEvents.declarations.map((declaration) => declaration.type) as [string, string];

/**
 * Carries out the timer requests other services post to the log (`POST /platform/events`): a
 * `scheduling.timer.requested` becomes a durable timer, its due instant counted on the platform's
 * calendar from the event's time, and a `scheduling.timer.cancelled` deletes it. The timer then fires
 * once, whichever process gets to it, across restarts. The events the platform records itself when it
 * sets or cancels a timer say `applied: true`: they are records of what is done, and are left alone
 * (carrying one out again would set a timer that already fired, or cancel one set anew since).
 */
export function timerRequests(
  declarations: readonly { declarations: readonly DeclaredEventType[] }[],
  options: { logger?: Logger } = {},
): ConsumerDefinition {
  const catalogs = new Map<string, EventCatalog>();
  const catalogFor = (prefix: string) => {
    let catalog = catalogs.get(prefix);
    if (!catalog) catalogs.set(prefix, (catalog = new EventCatalog(declarations, prefix)));
    return catalog;
  };
  return {
    name: "scheduling.timer-requests",
    filter: { types: [requested, cancelled] },
    async handle({ tx, event, calendar }: ConsumerContext) {
      const data = event.data as Record<string, unknown> | undefined;
      if (data?.applied === true) return;
      // The deployment's type prefix is what stands before the declared type.
      const prefix = event.type.slice(0, event.type.length - (event.type.endsWith(requested) ? requested : cancelled).length);
      const catalog = catalogFor(prefix);
      const problems = timerEventProblems(event.type, data, catalog);
      if (problems.length > 0) {
        // Publishing refuses these; one that got into the log another way is skipped, not retried forever.
        options.logger?.warn({ eventId: event.id, problems }, "a posted timer event cannot be carried out");
        return;
      }
      if (event.type.endsWith(cancelled)) {
        await deleteTimers(tx, [String(data!.timerId)]);
        return;
      }
      const request = postedTimerRequest(data!);
      const type = request.callback.event.startsWith(prefix) ? request.callback.event.slice(prefix.length) : request.callback.event;
      await writeTimer(tx, {
        id: request.timerId,
        dueAt: dueAtOf(request, new Date(event.time), calendar),
        callback: { type, source: catalog.sourceOf(request.callback.event)!, subject: event.subject, data: request.callback.data },
        ...(event.traceparent && { traceparent: event.traceparent }),
        causationid: event.id,
      });
    },
  };
}
