// W3C trace context is the kernel's (every process settles a request's trace at its edge); the event
// spine keeps offering these helpers to the domains that import them from here.
export { continueTrace, isTraceId, isTraceparent, newTraceparent, traceIdOf } from "@pap/core";
