import { continueTrace, isTraceparent, newTraceparent } from "./traceparent";

/** Span attributes the platform sets on the spans it makes itself. */
export type TraceAttributes = Record<string, string | number | boolean>;

/**
 * What the platform asks of tracing. Until OpenTelemetry is started (only when an endpoint is
 * configured, see `start.ts`) the cheap implementation below stands: the platform's own trace ids,
 * passed along in headers and events, and no span, context or SDK at all.
 */
export type Tracer = {
  readonly active: boolean;
  /** The traceparent of the span in progress (undefined when none, or when tracing is off). */
  current(): string | undefined;
  /** A traceparent that continues `parent` from here: the span in progress when it is in that trace, else a new span. */
  continued(name: string, parent: string | null | undefined): string;
  /** Runs `work` in a span whose parent is `parent` (an event's or a stored traceparent). */
  within<T>(name: string, parent: string | null | undefined, attributes: TraceAttributes, work: () => Promise<T>): Promise<T>;
  /** Runs `work` outside the trace in progress: background work a request merely woke. */
  detached<T>(work: () => T): T;
  /** Runs an outgoing call to `url` in a client span and writes its trace context into `headers`. */
  outgoing<T>(url: URL, headers: Record<string, string>, work: () => Promise<T>): Promise<T>;
  /** The ids a log line made now carries: those of the span in progress. */
  logFields(): Record<string, string>;
  /** Sends the spans still buffered and stops (before the process exits); never fails. */
  stop(): Promise<void>;
};

const withoutSdk: Tracer = {
  active: false,
  current: () => undefined,
  continued: (_name, parent) => continueTrace(parent),
  within: (_name, _parent, _attributes, work) => work(),
  detached: (work) => work(),
  outgoing: (_url, _headers, work) => work(),
  logFields: () => ({}),
  stop: async () => {},
};

let tracer: Tracer = withoutSdk;

/** Installed once, by the OpenTelemetry start (`sdk.ts`), before anything is served. */
export function useTracer(installed: Tracer): void {
  tracer = installed;
}

/** Whether OpenTelemetry runs in this process. */
export const tracingActive = (): boolean => tracer.active;

/**
 * The traceparent a request's work carries: the current span's when tracing is on, else the one the
 * caller sent, else a new trace's. Every event the request records carries it.
 */
export function requestTraceparent(sent: string | undefined): string {
  return tracer.current() ?? (isTraceparent(sent) ? sent : newTraceparent());
}

/** The traceparent of the span in progress, when tracing is on and there is one. */
export const currentTraceparent = (): string | undefined => tracer.current();

/** A traceparent continuing `parent` (a reaction's events, a fired timer's): same trace, a span of its own. */
export const continuedTraceparent = (name: string, parent: string | null | undefined): string => tracer.continued(name, parent);

/** Work done later on behalf of `parent` (an event's reaction, an outbox call), in a span of that trace. */
export const traced = <T>(
  name: string,
  parent: string | null | undefined,
  attributes: TraceAttributes,
  work: () => Promise<T>,
): Promise<T> => tracer.within(name, parent, attributes, work);

/**
 * Background work (the event hub's reading, a consumer's or the timers' loop) that a request may have
 * woken: it runs outside that request's trace, and what it does on behalf of an event or a stored call
 * joins that one's trace instead (`traced`).
 */
export const untraced = <T>(work: () => T): T => tracer.detached(work);

/**
 * An HTTP call made with `fetch` (which no instrumentation sees), in a client span whose context
 * `headers` carry to the peer. Without tracing the headers are left as they are: the caller's
 * forwarded `traceparent` already continues the trace.
 */
export const tracedCall = <T>(url: URL, headers: Record<string, string>, work: () => Promise<T>): Promise<T> =>
  tracer.outgoing(url, headers, work);

/** Sends the spans still buffered, before the process exits; nothing to do when tracing is off. */
export const stopTracing = (): Promise<void> => tracer.stop();

/** pino's `mixin` when tracing is on: every log line made inside a span names it. */
export const traceLogFields = (): Record<string, string> => tracer.logFields();
