import type { Principal } from "@pap/kernel";
import type { AuthType, PlatformEvent } from "./envelope";
import { continueTrace, isTraceparent, newTraceparent } from "./trace";

/** Where a change came from: the trace it belongs to, the event that caused it, and who acted. */
export type EventOrigin = {
  traceparent: string;
  causationid?: string;
  authid?: string;
  authtype?: AuthType;
};

/** The actor attributes of an event for the caller who made the change (no actor for an anonymous one). */
export function actorOf(principal: Principal): Pick<EventOrigin, "authid" | "authtype"> {
  if (principal.kind === "unauthenticated" || !principal.id) return {};
  return { authid: principal.id, authtype: principal.kind };
}

/** The origin of a request's changes: its traceparent (or a new trace) and its caller. */
export function originOf(headers: Record<string, string | undefined>, principal: Principal): EventOrigin {
  const traceparent = headers.traceparent;
  return { traceparent: isTraceparent(traceparent) ? traceparent : newTraceparent(), ...actorOf(principal) };
}

/** The origin of a system reaction to an event: same trace, caused by that event, acted by the system. */
export function reactionOrigin(cause: PlatformEvent): EventOrigin {
  return { traceparent: continueTrace(cause.traceparent), causationid: cause.id, authtype: "system" };
}
