// One REST request's trace across the distributed deployment's processes, as OpenTelemetry exports it:
// every process sends its spans over OTLP/HTTP to a receiver this test runs in memory, and the test
// walks the tree of the trace the request started — the REST process's server span at its root, the
// gateway's beneath, the intake subgraph's GraphQL and SQL beneath that — then follows the trace into
// the event the request recorded and the workflow's reaction to it, in another process. Needs the
// build (the children run gateway/dist). `PRINT_TRACE=true` prints the tree.
import { buildServer as buildAgencySimulator } from "@pap/agency-simulator";
import { buildServer as buildReferenceAdapter } from "@pap/eligibility-reference";
import { startDistributedForTest, type RunningDistributed } from "../support/distributed";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { isSqlSpan, SpanKind, startOtlpReceiver, wholeTrace, type OtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { httpClient } from "../support/platform";
import { waitFor } from "../support/waiting";
import { idsOf } from "../support/trace-context";

let receiver: OtlpReceiver;
let running: RunningDistributed | undefined;
let restore = () => {};
const closers: Array<() => Promise<unknown>> = [];

/** What the children inherit for this test alone; the Jest worker's own environment is put back once they started. */
const childEnvironment = (otlpUrl: string, adapterUrl: string, agencyUrl: string): Record<string, string> => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl,
  // Spans leave each process a tenth of a second after they end, not the SDK's default five.
  OTEL_BSP_SCHEDULE_DELAY: "100",
  ELIGIBILITY_ADAPTER_URL: adapterUrl,
  DATA_EXCHANGE_AGENCY_URL: agencyUrl,
  // The filing minimum is intake's to test; here an application is filed with a program and an applicant.
  INTAKE_FILING_MINIMUM: "off",
  // Thirteen processes each loading the OpenTelemetry SDK as they start, on a small shared machine.
  PLATFORM_START_TIMEOUT_MS: "600000",
});

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  closers.push(() => receiver.close());
  const adapter = buildReferenceAdapter();
  const agencies = buildAgencySimulator();
  closers.push(
    () => adapter.close(),
    () => agencies.close(),
  );
  const given = childEnvironment(
    receiver.url,
    await adapter.listen({ host: "127.0.0.1", port: 0 }),
    await agencies.listen({ host: "127.0.0.1", port: 0 }),
  );
  const saved = Object.fromEntries(Object.keys(given).map((name) => [name, process.env[name]]));
  Object.assign(process.env, given);
  try {
    ({ running, restore } = await startDistributedForTest("tracing"));
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}, 900_000);

afterAll(async () => {
  await running?.stop();
  restore();
  for (const close of closers) await close();
}, 120_000);

const isGraphqlExecution = (span: ReceivedSpan) =>
  span.scope === "@opentelemetry/instrumentation-graphql" && span.name.startsWith("mutation");

describe("a REST request's trace in the distributed deployment", () => {
  it("is one tree from the REST process through the gateway to the subgraph's SQL, and continues into the event and the reaction it caused", async () => {
    const rest = httpClient(running!.urls.rest!);
    const application = await expectStatus(
      rest.post("/intake/applications", { channel: "online", programs: ["snap"] }),
      201,
      "create an application",
    );
    await expectStatus(
      rest.post(`/intake/applications/${application.id}/members`, { roles: ["primary_applicant"] }),
      201,
      "add its applicant",
    );

    // The request this test follows: it arrives without trace context, so the REST process starts the trace.
    await expectStatus(rest.post(`/intake/applications/${application.id}/submit`, {}), 200, "submit");
    const [filing] = (
      await expectStatus(
        rest.get(listPath("/platform/events", { subject: application.id, type: "intake.application.submitted" })),
        200,
        "the filing's event",
      )
    ).items as Json[];
    const { traceId, spanId: filingSpanId } = idsOf(filing!.traceparent);

    // The workflow's reaction to the filing makes the review task, in its own process and transaction.
    let reviewTask: Json | undefined;
    await waitFor(
      async () => {
        const tasks = await expectStatus(
          rest.get(listPath("/workflow/tasks", { q: `subjectId:${application.id}` })),
          200,
          "the review task",
        );
        reviewTask = tasks.items[0];
        return reviewTask !== undefined;
      },
      "the workflow's review task",
      120_000,
      200,
    );
    const [taskCreated] = (
      await expectStatus(
        rest.get(listPath("/platform/events", { subject: reviewTask!.id, type: "workflow.task.created" })),
        200,
        "the task's event",
      )
    ).items as Json[];

    // Every process sends its spans on its own schedule: wait until the tree is whole.
    // (The workflow reacts to later events of the same trace too, such as the screening's: this is its reaction to the filing.)
    const reactionOf = (spans: readonly ReceivedSpan[]) =>
      spans.find((span) => span.name === "reaction workflow.application-tasks" && span.parentSpanId === filingSpanId);
    const tree = await wholeTrace(receiver, traceId, (found) => {
      const reaction = reactionOf(found.spans);
      return reaction !== undefined && found.descendants(reaction).some(isSqlSpan);
    });

    // The REST process's server span is the trace's one root.
    expect(tree.roots).toHaveLength(1);
    const root = tree.roots[0]!;
    expect(root).toMatchObject({ service: "pap-rest", kind: SpanKind.server });
    expect(root.name).toContain("/intake/applications");

    // Beneath it, the gateway's server span, a child of the REST process's call to it.
    const gateway = tree.descendants(root).find((span) => span.service === "pap-gateway" && span.kind === SpanKind.server)!;
    expect(gateway).toBeDefined();
    expect(tree.spans.find((span) => span.spanId === gateway.parentSpanId)).toMatchObject({ service: "pap-rest", kind: SpanKind.client });

    // Beneath the gateway, the intake subgraph's server span, a child of the gateway's fetch from it.
    const intake = tree.descendants(gateway).find((span) => span.service === "pap-subgraph-intake" && span.kind === SpanKind.server)!;
    expect(intake).toBeDefined();
    expect(tree.spans.find((span) => span.spanId === intake.parentSpanId)).toMatchObject({ service: "pap-gateway", kind: SpanKind.client });

    // Beneath the subgraph's server span, its GraphQL execution; beneath that, the SQL it ran.
    const execution = tree.descendants(intake).find(isGraphqlExecution)!;
    expect(execution).toMatchObject({ service: "pap-subgraph-intake" });
    // (Its children: the reactions to the event it recorded are its descendants too, in other processes.)
    const statements = tree.children(execution).filter(isSqlSpan);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((span) => span.service === "pap-subgraph-intake")).toBe(true);
    expect(statements.some((span) => String(span.attributes["db.query.text"] ?? "").includes("INSERT INTO platform_event"))).toBe(true);

    // The event the request recorded carries the trace: its parent is the intake subgraph's execution span.
    expect(filingSpanId).toBe(execution.spanId);

    // The reaction runs in the workflow's process, in a span whose parent is the event's, with its own SQL.
    const reaction = reactionOf(tree.spans)!;
    expect(reaction).toMatchObject({ service: "pap-subgraph-workflow", kind: SpanKind.consumer });
    expect(reaction.attributes).toMatchObject({
      "cloudevents.event_id": filing!.id,
      "cloudevents.event_type": "intake.application.submitted",
    });
    expect(
      tree
        .descendants(reaction)
        .filter(isSqlSpan)
        .every((span) => span.service === "pap-subgraph-workflow"),
    ).toBe(true);

    // The event the reaction recorded continues the trace from the reaction's span.
    expect(idsOf(taskCreated!.traceparent)).toEqual({ traceId, spanId: reaction.spanId });

    // Traces only: nothing was exported as metrics or logs.
    expect([...receiver.paths()]).toEqual(["/v1/traces"]);
  });
});
