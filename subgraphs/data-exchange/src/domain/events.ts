import { defineDomainEvents } from "@pap/events";

/** The data-exchange domain's events (events.md §3): the subject is always the service call. */
export const dataExchangeEvents = defineDomainEvents("data_exchange", "/data-exchange", {
  "call.submitted": "A service call was accepted; data: serviceType, requestingResourceId, callMode, metadata.",
  "call.completed":
    "The agency answered; data: serviceType, requestingResourceId, result (conclusive, inconclusive, partial), serviceResult (per service type), metadata (the call's namespaces as they are).",
  "call.failed":
    "The call failed for good; data: serviceType, requestingResourceId, failureReason (connection_error, service_error, authentication_error), metadata.",
  "call.timed_out": "No answer came within the service's window; data: serviceType, requestingResourceId, metadata.",
  "call.retry_scheduled":
    "An attempt at a pending call got no usable answer (or could not be made), and the call is asked again later; data: serviceType, requestingResourceId, attempts, nextAttemptAt, reason (the call's lastError), metadata.",
  "call.metadata_changed":
    "One metadata namespace of the call was replaced or removed; data: domain, metadata (every namespace as it now is).",
  call_window_due: "Timer: the service's window for a pending call has passed; the subject is the call, data: timerId.",
});

/** A pending call's window timer has one id: its completion cancels it. */
export const windowTimerId = (callId: string) => `data-exchange.window.${callId}`;

/** How a call ended, by the type of its event (a deployment's type prefix may stand before it), or null for any other event. */
export function callEndOf(type: string): "completed" | "failed" | "timed_out" | null {
  for (const end of ["completed", "failed", "timed_out"] as const) if (type.endsWith(`data_exchange.call.${end}`)) return end;
  return null;
}

/** The types of the events that end a call, for the consumers of other domains that wait on them. */
export const callEndTypes = (["call.completed", "call.failed", "call.timed_out"] as const).map(
  (name) => dataExchangeEvents.draft(name, "").type,
);
