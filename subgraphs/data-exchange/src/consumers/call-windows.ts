import { reactionConsumer, type ConsumerDefinition } from "@pap/events";
import type { Logger } from "@pap/core";
import { dataExchangeEvents } from "../domain/events";
import { settleCall } from "../operations/outcomes";

/**
 * A call's window (its service's, from submission) is a durable timer: when it fires and the call is
 * still pending, the call is timed out, whatever process made it and however often it restarted.
 */
export function callWindows(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({
    name: "data-exchange.call-windows",
    logger: options.logger,
    reactions: {
      [dataExchangeEvents.draft("call_window_due", "").type]: (work, event) =>
        settleCall(work, event.subject.toLowerCase(), { action: "time-out" }),
    },
  });
}
