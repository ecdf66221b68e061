import type { AuthType, PlatformEvent } from "./envelope";
import { continueTrace, isTraceparent, newTraceparent } from "./trace";

/** Where a change came from: the trace it belongs to, the event that caused it, and who acted. */
export type EventOrigin = {
  traceparent: string;
  causationid?: string;
  authid?: string;
  authtype?: AuthType;
};

const principalRoles: readonly AuthType[] = ["system", "service_account", "api_key", "unauthenticated", "unknown"];

/**
 * The actor of a request. Until identity and access verifies tokens, the caller is what the
 * X-Caller-Id / X-Caller-Roles headers say: a role naming a principal kind gives that kind, any other
 * role a `user`, and no caller id no actor at all.
 */
export function actorFromHeaders(headers: Record<string, string | undefined>): Pick<EventOrigin, "authid" | "authtype"> {
  const id = headers["x-caller-id"]?.trim();
  if (!id) return {};
  const roles = (headers["x-caller-roles"] ?? "").split(",").map((role) => role.trim()).filter(Boolean);
  const kind = principalRoles.find((candidate) => roles.includes(candidate));
  return { authid: id, authtype: kind ?? "user" };
}

/** The origin of a request's changes: its traceparent (or a new trace) and its caller. */
export function originFromHeaders(headers: Record<string, string | undefined>): EventOrigin {
  const traceparent = headers.traceparent;
  return { traceparent: isTraceparent(traceparent) ? traceparent : newTraceparent(), ...actorFromHeaders(headers) };
}

/** The origin of a system reaction to an event: same trace, caused by that event, acted by the system. */
export function reactionOrigin(cause: PlatformEvent): EventOrigin {
  return { traceparent: continueTrace(cause.traceparent), causationid: cause.id, authtype: "system" };
}
