// Tracing in the single-process mode, as `npm start` runs it (the built launcher, on PostgreSQL), on
// and off. On: one REST request is one trace, from the server span through GraphQL to SQL, though
// the REST layer reaches the graph by a call within the process; its event carries the trace; its log
// lines name it. Off (no OTLP endpoint): the running platform has loaded no OpenTelemetry SDK,
// exporter or instrumentation, no tracer is registered, and log lines still carry the request's trace
// id, the one its events carry. Needs the build.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { isSqlSpan, SpanKind, startOtlpReceiver, wholeTrace, type OtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { createTestDatabase, httpClient } from "../support/platform";
import { freePort } from "../support/ports";
import { waitFor } from "../support/waiting";
import { idsOf } from "../support/trace-context";

const START_BUDGET_MS = 600_000;

afterAll(() => stopLaunched(), 60_000);

/** What the tracing SDK brings: none of it may be loaded when tracing is off. */
const TRACING_MODULE =
  /node_modules\/(@opentelemetry\/(sdk-node|sdk-trace[^/]*|exporter-trace-[^/]*|instrumentation[^/]*|context-async-hooks)|@fastify\/otel)\/|core\/dist\/tracing\/sdk\.js$/;

/** The single-process platform with the loaded-modules probe preloaded, its log lines collected, and a client for it. */
async function launch(label: string, env: Record<string, string>) {
  const port = await freePort();
  const modulesFile = path.join(tmpdir(), `pap-loaded-modules-${label}-${process.pid}.json`);
  const launched = await launchPlatform(
    await createTestDatabase(label),
    "REST",
    {
      PORT: String(port),
      NODE_OPTIONS: `--require ${path.join(__dirname, "../support/loaded-modules.js")}`,
      LOADED_MODULES_FILE: modulesFile,
      LOG_LEVEL: "info",
      LOG_REQUESTS: "true",
      ...env,
    },
    // Loading the SDK adds to a start that, beside another test file's thirteen processes, already takes minutes.
    START_BUDGET_MS,
  );
  const lines: Json[] = [];
  let partial = "";
  launched.process.stdout!.on("data", (chunk: Buffer) => {
    const texts = (partial + chunk.toString()).split("\n");
    partial = texts.pop()!;
    for (const text of texts) if (text.startsWith("{")) lines.push(JSON.parse(text));
  });
  return {
    process: launched.process,
    api: httpClient(`http://127.0.0.1:${port}`),
    logLines: lines,
    loaded: () => loadedModules(launched.process, modulesFile),
  };
}

/** Asks the probe for what the process has loaded by now. */
async function loadedModules(child: ChildProcess, file: string): Promise<{ modules: string[]; tracerProvider: string | null }> {
  rmSync(file, { force: true });
  child.kill("SIGUSR2");
  let report: { modules: string[]; tracerProvider: string | null } | undefined;
  await waitFor(
    () => {
      try {
        report = JSON.parse(readFileSync(file, "utf8"));
        return true;
      } catch {
        return false;
      }
    },
    "the loaded-modules report",
    30_000,
    50,
  );
  rmSync(file, { force: true });
  return report!;
}

/**
 * What the platform logged at warning and above, for a request that answered otherwise than expected:
 * a failure far from here (a CI run) says its cause.
 */
const loggedWarnings = (platform: { logLines: Json[] }) => () =>
  `the platform logged ${JSON.stringify(
    platform.logLines.filter((line) => Number(line.level) >= 40),
    null,
    1,
  )}`;

async function theCreatedEvent(api: ReturnType<typeof httpClient>, personId: string): Promise<Json> {
  const events = await api.get(listPath("/platform/events", { subject: personId, type: "persons.person.created" }));
  expect(events.status).toBe(200);
  return events.body.items[0];
}

describe("with an OTLP endpoint", () => {
  let receiver: OtlpReceiver;
  let platform: Awaited<ReturnType<typeof launch>>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    platform = await launch("tracing_single", { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100" });
  }, START_BUDGET_MS + 60_000);

  afterAll(async () => {
    if (platform) await stopped(platform.process);
    await receiver?.close();
  }, 60_000);

  it("traces a REST request as one tree, REST to GraphQL to SQL, in the process that serves both", async () => {
    const created = await expectStatus(
      platform.api.post("/persons", { name: { firstName: "Grace", lastName: "Hopper" } }),
      201,
      "POST /persons",
      loggedWarnings(platform),
    );
    const { traceId, spanId } = idsOf((await theCreatedEvent(platform.api, created.id)).traceparent);

    const executionOf = (spans: readonly ReceivedSpan[]) => spans.find((span) => span.spanId === spanId);
    const tree = await wholeTrace(receiver, traceId, (found) => {
      const execution = executionOf(found.spans);
      return execution !== undefined && found.children(execution).some(isSqlSpan);
    });

    expect(tree.roots).toHaveLength(1);
    const root = tree.roots[0]!;
    expect(root).toMatchObject({ service: "pap-platform", kind: SpanKind.server, name: "POST /persons" });
    // The event's parent is the GraphQL execution that recorded it, beneath the request's server span.
    const execution = executionOf(tree.spans)!;
    expect(execution).toMatchObject({ scope: "@opentelemetry/instrumentation-graphql", name: expect.stringMatching(/^mutation/) });
    expect(tree.descendants(root)).toContain(execution);
    expect(
      tree
        .children(execution)
        .filter(isSqlSpan)
        .map((span) => String(span.attributes["db.query.text"])),
    ).toContainEqual(expect.stringContaining("INSERT INTO person"));
    // One process: every span is its own, and no HTTP call was made between the REST layer and the graph.
    expect(new Set(tree.spans.map((span) => span.service))).toEqual(new Set(["pap-platform"]));
    expect(tree.spans.filter((span) => span.kind === SpanKind.client && span.scope !== "@opentelemetry/instrumentation-pg")).toEqual([]);

    // The request's log lines name the trace and the span they were made in.
    const requestLines = platform.logLines.filter((line) => line.msg === "request completed" && line.trace_id === traceId);
    expect(requestLines).toEqual([expect.objectContaining({ span_id: expect.stringMatching(/^[0-9a-f]{16}$/), res: { statusCode: 201 } })]);

    const loaded = await platform.loaded();
    expect(loaded.modules.some((file) => TRACING_MODULE.test(file))).toBe(true);
    expect(loaded.tracerProvider).not.toBe("NoopTracerProvider");
  });

  it("continues a trace the caller started", async () => {
    const traceId = randomBytes(16).toString("hex");
    const created = await expectStatus(
      platform.api.post(
        "/persons",
        { name: { firstName: "Alan", lastName: "Turing" } },
        { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
      ),
      201,
      "POST /persons with a traceparent",
      loggedWarnings(platform),
    );
    expect(idsOf((await theCreatedEvent(platform.api, created.id)).traceparent).traceId).toBe(traceId);
    await waitFor(
      () => receiver.spans().some((span) => span.traceId === traceId && span.kind === SpanKind.server),
      "the request's server span",
      120_000,
      100,
    );
  });
});

describe("without an OTLP endpoint", () => {
  let platform: Awaited<ReturnType<typeof launch>>;

  beforeAll(async () => {
    platform = await launch("tracing_off", {});
  }, START_BUDGET_MS + 60_000);

  it("loads no tracing SDK, exporter or instrumentation, and registers no tracer, even after serving", async () => {
    await expectStatus(platform.api.get("/persons"), 200, "GET /persons", loggedWarnings(platform));
    const loaded = await platform.loaded();
    expect(loaded.modules.filter((file) => TRACING_MODULE.test(file))).toEqual([]);
    // Apollo Gateway imports the OpenTelemetry API itself; with no SDK its tracer is the API's no-op one.
    expect(loaded.tracerProvider).toBe("NoopTracerProvider");
  });

  it("still gives each request a trace id: in its log lines, in every event it records, continued from the caller's when sent", async () => {
    const created = await expectStatus(
      platform.api.post("/persons", { name: { firstName: "Ada", lastName: "Lovelace" } }),
      201,
      "POST /persons",
      loggedWarnings(platform),
    );
    const { traceId } = idsOf((await theCreatedEvent(platform.api, created.id)).traceparent);
    await waitFor(
      () => platform.logLines.some((line) => line.msg === "request completed" && line.res?.statusCode === 201 && line.trace_id === traceId),
      "the request's log line",
    );

    const sent = randomBytes(16).toString("hex");
    const read = await platform.api.raw("GET", `/persons/${created.id}`, undefined, {
      traceparent: `00-${sent}-${randomBytes(8).toString("hex")}-01`,
    });
    expect(read.status).toBe(200);
    await waitFor(
      () => platform.logLines.some((line) => line.msg === "request completed" && line.trace_id === sent),
      "the log line of the request that sent a traceparent",
    );
  });
});
