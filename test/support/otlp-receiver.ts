// A collector in the test's own process: it takes what OpenTelemetry's OTLP/HTTP exporter sends
// (`POST /v1/traces`, JSON by default) and keeps every span in memory, each with the service that
// reported it, so a test can wait for a trace and walk its tree.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "./waiting";

/** OTLP's span kinds (the numbers the JSON encoding uses). */
export const SpanKind = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export type ReceivedSpan = {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
};

type OtlpValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpAttribute[];
};
type OtlpExport = {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }>;
  }>;
};

const otlpValueOf = (value: OtlpValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue));
const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, otlpValueOf(attribute.value)]));

export type OtlpReceiver = {
  /** The base URL to give as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  spans(): readonly ReceivedSpan[];
  /** The paths exporters posted to (a process exporting metrics or logs too would show here). */
  paths(): ReadonlySet<string>;
  close(): Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const paths = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      paths.add(request.url ?? "");
      if (request.url === "/v1/traces" && String(request.headers["content-type"]).startsWith("application/json")) {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"]);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              received.push({
                service,
                scope: scopeSpans.scope?.name ?? "",
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
                startNs: BigInt(span.startTimeUnixNano),
                endNs: BigInt(span.endTimeUnixNano),
                attributes: attributesOf(span.attributes),
              });
            }
          }
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen({ host: "127.0.0.1", port: 0 }, resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => received,
    paths: () => paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Exporters keep their connections alive between exports.
        server.closeAllConnections();
      }),
  };
}

/** The spans of one trace, with their children by parent. */
export function traceTree(spans: readonly ReceivedSpan[], traceId: string) {
  const members = spans.filter((span) => span.traceId === traceId);
  const ids = new Set(members.map((span) => span.spanId));
  const children = (span: ReceivedSpan) =>
    members.filter((candidate) => candidate.parentSpanId === span.spanId).sort((a, b) => (a.startNs < b.startNs ? -1 : 1));
  const descendants = (span: ReceivedSpan): ReceivedSpan[] => children(span).flatMap((child) => [child, ...descendants(child)]);
  return {
    spans: members,
    roots: members.filter((span) => !span.parentSpanId),
    /** Spans whose parent is not among the spans received (yet). */
    orphans: members.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId)),
    children,
    descendants,
    /** The tree as an indented list: name, service and duration of every span, children by start time. */
    print(): string {
      const line = (span: ReceivedSpan, depth: number): string[] => [
        `${"  ".repeat(depth)}${span.name} (${span.service}) ${(Number(span.endNs - span.startNs) / 1e6).toFixed(1)} ms`,
        ...children(span).flatMap((child) => line(child, depth + 1)),
      ];
      return members
        .filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId))
        .flatMap((root) => line(root, 0))
        .join("\n");
    },
  };
}

export type TraceTree = ReturnType<typeof traceTree>;

/** A span of a SQL statement, as the pg instrumentation reports it. */
export const isSqlSpan = (span: ReceivedSpan) => span.scope === "@opentelemetry/instrumentation-pg" && span.name.startsWith("pg.query");

/**
 * Waits until trace `traceId` is whole (every process exports on its own schedule): it has a root, no
 * span whose parent has not arrived, and `complete` says the spans the test is about are in. Returns
 * the tree, printed with PRINT_TRACE=true.
 */
export async function wholeTrace(receiver: OtlpReceiver, traceId: string, complete: (tree: TraceTree) => boolean): Promise<TraceTree> {
  await waitFor(
    () => {
      const tree = traceTree(receiver.spans(), traceId);
      return tree.roots.length > 0 && tree.orphans.length === 0 && complete(tree);
    },
    `the spans of trace ${traceId}`,
    120_000,
    100,
  );
  const tree = traceTree(receiver.spans(), traceId);
  if (process.env.PRINT_TRACE === "true") process.stdout.write(`${tree.print()}\n`);
  return tree;
}
