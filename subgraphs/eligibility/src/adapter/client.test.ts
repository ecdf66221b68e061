import http from "node:http";
import type { AddressInfo } from "node:net";
import { eligibilityAdapterClient, type AdapterClientOptions, type EligibilityAdapterClient } from "./client";

// A stand-in adapter over real HTTP whose answers each test scripts. One server per test, so a late
// socket event of one test can never touch the next test's counts.
type Seen = { route: string; contentType: string | undefined; body: Record<string, unknown>; aborted: boolean };
type Handler = (seen: Seen, request: http.IncomingMessage, response: http.ServerResponse) => void;
type Adapter = { url: string; requests: Seen[]; script(handler: Handler): void; close(): Promise<void> };

async function startAdapter(): Promise<Adapter> {
  let handler: Handler = () => undefined;
  const requests: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const seen: Seen = {
        route: request.url ?? "",
        contentType: request.headers["content-type"],
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        aborted: false,
      };
      requests.push(seen);
      // Closed before the answer was finished: the client gave up on it (or the handler dropped it).
      response.on("close", () => (seen.aborted = !response.writableFinished));
      handler(seen, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    script: (next) => (handler = next),
    close: () => {
      // Hanging handlers keep their connections open; the test is over, so they go.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const answer =
  (status: number, body: unknown): Handler =>
  (_seen, _request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };
const echoing =
  (result: Record<string, unknown>): Handler =>
  (seen, request, response) =>
    answer(200, { metadata: seen.body.metadata, ...result })(seen, request, response);
/** Never answers: ends when the client aborts or the test closes the server. */
const hanging: Handler = () => undefined;
const dropping: Handler = (_seen, request) => request.socket.destroy();
/** One handler per request in turn, the last one for every request after. */
const inTurn = (...handlers: Handler[]): Handler => {
  let next = 0;
  return (...args) => handlers[Math.min(next++, handlers.length - 1)]!(...args);
};

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const metadata = { decisionId: "5b0c7a52-3f0e-4f8e-9d55-6d1f1c2b7a10", trace: { attempt: 1, tags: ["snap", "initial"] } };
const snapRequest = { program: "snap", members: [], household: { roomers: [] }, verificationSummary: [] };
const explanation = { rules: [{ id: "gross-income", outcome: "met" }], warnings: [] };
const approved = { program: "snap", status: "approved", path: "auto", explanation };

let adapter: Adapter;
let client: EligibilityAdapterClient;

// Backoff of a few ms: the tests are about what is retried, not how long it waits.
const connect = (options: Partial<AdapterClientOptions> = {}) =>
  (client = eligibilityAdapterClient({ baseUrl: adapter.url, backoff: { initialMs: 1, maxMs: 5 }, ...options }));

beforeEach(async () => {
  adapter = await startAdapter();
});

afterEach(async () => {
  client?.dispose();
  await adapter.close();
});

describe("the eligibility adapter client, answered", () => {
  it("posts the body with the metadata as JSON and passes the decision and its explanation on", async () => {
    adapter.script(echoing(approved));
    const result = await connect().evaluateDetermination(snapRequest, metadata);
    expect(result).toEqual({ ok: true, program: "snap", status: "approved", path: "auto", denialReasonCode: null, explanation });
    expect(adapter.requests).toEqual([
      { route: "/evaluate/determination", contentType: "application/json", body: { ...snapRequest, metadata }, aborted: false },
    ]);
  });

  it("accepts the metadata back with its keys in another order", async () => {
    const reordered = { trace: { tags: ["snap", "initial"], attempt: 1 }, decisionId: metadata.decisionId };
    adapter.script(answer(200, { ...approved, metadata: reordered }));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: true, status: "approved" });
  });

  it("takes a third-party answer without explanation, and with null or unknown extra fields", async () => {
    adapter.script(echoing({ program: "medicaid", status: "denied", path: null, denialReasonCode: "INCOME", vendorScore: 0.2 }));
    const result = await connect().evaluateMedicaidExParte({ program: "medicaid", member: {}, electronicChecks: [] }, metadata);
    expect(result).toEqual({ ok: true, program: "medicaid", status: "denied", path: null, denialReasonCode: "INCOME", explanation: null });
    expect(adapter.requests[0]?.route).toBe("/evaluate/medicaid-ex-parte");
  });

  it("screens for expedited service, ignoring an explanation that is not an object", async () => {
    connect();
    adapter.script(echoing({ expedited: true, explanation }));
    expect(await client.screenExpedited({ household: { roomers: [] } }, metadata)).toEqual({ ok: true, expedited: true, explanation });
    adapter.script(echoing({ expedited: false, explanation: "see notes" }));
    expect(await client.screenExpedited({ household: { roomers: [] } }, metadata)).toEqual({
      ok: true,
      expedited: false,
      explanation: null,
    });
    expect(adapter.requests.map((seen) => seen.route)).toEqual(["/evaluate/expedited-screening", "/evaluate/expedited-screening"]);
  });
});

describe("the eligibility adapter client, retrying within a call", () => {
  it("abandons a slow attempt and succeeds on the next", async () => {
    adapter.script(inTurn(hanging, echoing(approved)));
    // Generous attempts: on a loaded machine even the prompt answer could miss a short timeout once.
    const result = await connect({ timeoutMs: 200, attempts: 5 }).evaluateDetermination(snapRequest, metadata);
    expect(result).toMatchObject({ ok: true, status: "approved" });
    await until(() => adapter.requests[0]!.aborted);
    expect(adapter.requests.at(-1)?.aborted).toBe(false);
  });

  it("reports a timeout once every attempt was too slow, each one cancelled", async () => {
    adapter.script(hanging);
    // Long enough for each attempt to reach the adapter on a loaded machine before it is given up
    // (with 100 ms, a run of the whole suite once cancelled the second attempt before the adapter had read it).
    const result = await connect({ timeoutMs: 1000, attempts: 2 }).evaluateDetermination(snapRequest, metadata);
    expect(result).toEqual({ ok: false, reason: "the eligibility adapter did not answer within 1000 ms", retryable: true });
    await until(() => adapter.requests.length === 2 && adapter.requests.every((seen) => seen.aborted));
    expect(adapter.requests).toHaveLength(2);
  });

  it("retries 500 twice and succeeds on the third attempt", async () => {
    adapter.script(inTurn(answer(500, { code: "INTERNAL_ERROR" }), answer(500, { code: "INTERNAL_ERROR" }), echoing(approved)));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: true, status: "approved" });
    expect(adapter.requests).toHaveLength(3);
  });

  it("retries 429 as well", async () => {
    adapter.script(inTurn(answer(429, {}), echoing(approved)));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: true });
    expect(adapter.requests).toHaveLength(2);
  });

  it("gives up after its attempts with the last status as the reason, retryable later", async () => {
    adapter.script(answer(503, {}));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter answered 503",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(3);
  });

  it("retries a dropped connection", async () => {
    adapter.script(inTurn(dropping, echoing(approved)));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: true, status: "approved" });
    expect(adapter.requests).toHaveLength(2);
  });

  it("says the connection was closed when it always is", async () => {
    adapter.script(dropping);
    expect(await connect({ attempts: 2 }).evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter closed the connection",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(2);
  });

  it("says the connection was refused when nothing listens", async () => {
    await adapter.close();
    const result = await connect({ attempts: 2 }).evaluateDetermination(snapRequest, metadata);
    expect(result).toEqual({ ok: false, reason: "the eligibility adapter refused the connection", retryable: true });
  });
});

describe("the eligibility adapter client, failing at once", () => {
  it("fails on altered metadata without retrying", async () => {
    adapter.script(answer(200, { ...approved, metadata: { ...metadata, decisionId: "another" } }));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter changed the metadata it was sent",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(1);
  });

  it("fails on an answer without metadata", async () => {
    adapter.script(answer(200, approved));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter did not return the metadata it was sent",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(1);
  });

  it("fails on a 400, not retryable, with the adapter's own words", async () => {
    adapter.script(
      answer(400, {
        code: "BAD_REQUEST",
        message: "The request body is not valid.",
        details: [{ field: "household", message: "Required" }],
      }),
    );
    const result = await connect().evaluateDetermination(snapRequest, metadata);
    expect(result).toEqual({
      ok: false,
      reason: "the eligibility adapter refused the request (400): The request body is not valid. (household: Required)",
      retryable: false,
    });
    expect(adapter.requests).toHaveLength(1);
  });

  it("fails on an answer that is not a ProgramDecision", async () => {
    adapter.script(echoing({ ...approved, status: "maybe" }));
    const result = await connect().evaluateDetermination(snapRequest, metadata);
    expect(result).toEqual({
      ok: false,
      reason:
        'the eligibility adapter\'s answer is not a ProgramDecision: status: Invalid option: expected one of "pending"|"approved"|"denied"|"ineligible"',
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(1);
  });

  it("fails on an answer that is not JSON", async () => {
    adapter.script(answer(200, "<html>maintenance</html>"));
    expect(await connect().screenExpedited({ household: { roomers: [] } }, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter's answer is not JSON",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(1);
  });

  it("fails on a decision about another program than the one asked about", async () => {
    adapter.script(echoing({ ...approved, program: "tanf" }));
    expect(await connect().evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter decided on tanf when asked about snap",
      retryable: true,
    });
  });

  it("makes no call once disposed", async () => {
    adapter.script(echoing(approved));
    connect().dispose();
    expect(await client.evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter client was shut down",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(0);
  });
});

describe("the eligibility adapter client's circuit breaker", () => {
  // The open period is long enough that no pause of a busy machine ends it between the break and the
  // checks that it is open; the test then waits for it to end by watching the state.
  const breaker = { consecutiveFailures: 2, halfOpenAfterMs: 1000 };

  it("opens after consecutive failed calls, fails fast, and closes after a good trial call", async () => {
    adapter.script(answer(500, {}));
    const warnings: string[] = [];
    connect({ attempts: 2, breaker, logger: { warn: (_obj, message) => warnings.push(message) } });
    for (let call = 0; call < breaker.consecutiveFailures; call++)
      expect(await client.evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: false });
    expect(adapter.requests).toHaveLength(4); // two calls of two attempts: the breaker counts calls
    expect(client.breakerState).toBe("open");

    expect(await client.evaluateDetermination(snapRequest, metadata)).toEqual({
      ok: false,
      reason: "the eligibility adapter is unavailable (circuit open after 2 failed calls)",
      retryable: true,
    });
    expect(adapter.requests).toHaveLength(4);

    adapter.script(echoing(approved));
    await until(() => client.breakerState === "half-open");
    expect(await client.evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: true, status: "approved" });
    expect(client.breakerState).toBe("closed");
    expect(adapter.requests).toHaveLength(5);
    expect(warnings).toContain("eligibility adapter circuit opened: calls fail fast");
    expect(warnings).toContain("eligibility adapter circuit closed again");
  });

  it("counts malformed answers but not refusals", async () => {
    connect({ breaker });
    adapter.script(answer(400, { code: "BAD_REQUEST", message: "The request body is not valid." }));
    for (let call = 0; call < 3; call++)
      expect(await client.evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: false, retryable: false });
    expect(client.breakerState).toBe("closed");

    adapter.script(answer(200, "not json"));
    for (let call = 0; call < breaker.consecutiveFailures; call++)
      expect(await client.evaluateDetermination(snapRequest, metadata)).toMatchObject({ ok: false, retryable: true });
    expect(client.breakerState).toBe("open");
  });
});
