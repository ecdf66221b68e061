import { continuedTraceparent, requestTraceparent } from "@pap/core";
import type { Principal } from "@pap/kernel/auth";
import type { AuthType, PlatformEvent } from "./envelope";

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

/**
 * The origin of a request's changes: its trace (the span recording them, with tracing on; else the
 * request's traceparent, or a new trace) and its caller.
 */
export function originOf(headers: Record<string, string | undefined>, principal: Principal): EventOrigin {
  return { traceparent: requestTraceparent(headers.traceparent), ...actorOf(principal) };
}

/**
 * The origin of a system reaction to an event: same trace (the reaction's span, with tracing on),
 * caused by that event, acted by the system.
 */
export function reactionOrigin(cause: PlatformEvent): EventOrigin {
  return { traceparent: continuedTraceparent("reaction", cause.traceparent), causationid: cause.id, authtype: "system" };
}
