// Loaded only when tracing is configured (start.ts requires it then), and before the instrumented
// modules (http, fastify, graphql, pg) are: the instrumentations patch them as they load.
import FastifyOtelInstrumentation from "@fastify/otel";
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type SpanContext,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { GraphQLInstrumentation } from "@opentelemetry/instrumentation-graphql";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { useTracer, type TraceAttributes, type Tracer } from "./current";
import { samplerFromEnv, TracesStartAtWork } from "./sampler";
import type { TracingSettings } from "./settings";
import { isTraceparent, traceIdOf } from "./traceparent";

// Probes and scrapes are not requests anyone follows: tracing them would bury the traces that matter.
const operatorPaths = /^\/(healthz|readyz|metrics)(\?|$)/;

const traceparentOf = (span: SpanContext) => `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 0xff).toString(16).padStart(2, "0")}`;

function activeSpanContext(): SpanContext | undefined {
  const span = trace.getSpan(context.active())?.spanContext();
  return span && isSpanContextValid(span) ? span : undefined;
}

/** The context a span continuing a stored traceparent starts in (a new trace when there is none). */
function contextContinuing(parent: string | null | undefined): Context {
  if (!isTraceparent(parent)) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parent.slice(3, 35),
    spanId: parent.slice(36, 52),
    traceFlags: parseInt(parent.slice(53, 55), 16),
    isRemote: true,
  });
}

async function endingWith<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Starts the OpenTelemetry SDK: spans of incoming and outgoing HTTP (`instrumentation-http`), of
 * Fastify's routes (`@fastify/otel`), of GraphQL parsing, validation and execution
 * (`instrumentation-graphql`) and of SQL (`instrumentation-pg`), exported over OTLP/HTTP to the
 * configured endpoint; traces start at requests and reactions, sampled as `OTEL_TRACES_SAMPLER` says
 * (`sampler.ts`). Then the platform's own spans and trace ids come from it (`current.ts`).
 */
export function startSdk(settings: TracingSettings): void {
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    traceExporter: new OTLPTraceExporter(),
    sampler: new TracesStartAtWork(samplerFromEnv()),
    // Traces only: without these the SDK would also export metrics and logs over OTLP by default.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => operatorPaths.test(request.url ?? ""),
        // A call made outside any request (a launcher's health poll) starts no trace of its own.
        requireParentforOutgoingSpans: true,
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (route) => operatorPaths.test(route.url),
      }),
      // Resolver spans would be one per field of every item of a page: parse, validate and execute tell where the time goes.
      new GraphQLInstrumentation({ ignoreResolveSpans: true }),
      // Statements outside a request or reaction (the event hub's polling, consumers looking for work) are not traced.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  const tracer = trace.getTracer("@pap/kernel");

  const current = () => {
    const span = activeSpanContext();
    return span ? traceparentOf(span) : undefined;
  };

  const traced: Tracer = {
    active: true,
    current,
    continued(name, parent) {
      const active = activeSpanContext();
      if (active && active.traceId === traceIdOf(parent)) return traceparentOf(active);
      const span = tracer.startSpan(name, {}, contextContinuing(parent));
      span.end();
      return traceparentOf(span.spanContext());
    },
    within: <T>(name: string, parent: string | null | undefined, attributes: TraceAttributes, work: () => Promise<T>) =>
      tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, contextContinuing(parent), (span) => endingWith(span, work)),
    detached: <T>(work: () => T) => context.with(ROOT_CONTEXT, work),
    outgoing: <T>(url: URL, headers: Record<string, string>, work: () => Promise<T>) =>
      tracer.startActiveSpan(
        `POST ${url.pathname}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            "http.request.method": "POST",
            "server.address": url.hostname,
            "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
            "url.path": url.pathname,
          },
        },
        (span) => {
          // The caller's own trace headers were forwarded with the others; this span continues them instead.
          delete headers.traceparent;
          delete headers.tracestate;
          propagation.inject(context.active(), headers);
          return endingWith(span, work);
        },
      ),
    logFields(): Record<string, string> {
      const span = activeSpanContext();
      return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
    },
    // A collector that does not answer must not keep the process from exiting: the exporter's own timeout is 10 s.
    stop: () => Promise.race([sdk.shutdown(), new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]).catch(() => {}),
  };
  useTracer(traced);
}
