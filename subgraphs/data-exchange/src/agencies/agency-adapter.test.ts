import http from "node:http";
import type { AddressInfo } from "node:net";
import type { SensitiveSubject } from "@pap/kernel/domain";
import { nextStepAfter, syncOutcome } from "../calling/attempt";
import type { CatalogEntry } from "../config/catalog";
import { dataExchangeSettingsFromEnv } from "../config/settings";
import { httpAgencyAdapter, type AgencyAdapter } from "./agency-adapter";

// One agency adapter over real HTTP against a stand-in agency whose answers each test scripts: what it
// is sent (the call id as idempotency key, the credential the entry names, only the facts its type
// needs), which failures it retries within the call, and what the outbox and a sync request make of them.

type Seen = {
  headers: http.IncomingHttpHeaders;
  body: { requestId: string; serviceType: string; subject: Record<string, unknown>; context: unknown };
};
type Answer = { status: number; body?: unknown } | "drop";

let server: http.Server;
let url = "";
const seen: Seen[] = [];
let script: (attempt: number) => Answer = () => ({ status: 500 });

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Seen["body"];
      seen.push({ headers: request.headers, body });
      const answer = script(seen.length);
      if (answer === "drop") return void request.socket.destroy();
      response
        .writeHead(answer.status, { "content-type": "application/json" })
        .end(JSON.stringify(answer.body ?? { error: "agency_error" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const adapters: AgencyAdapter[] = [];
beforeEach(() => (seen.length = 0));
afterEach(() => adapters.splice(0).forEach((adapter) => adapter.dispose()));

const CALL = "5f0c3f8e-2a61-4f5e-9d0a-7b8f6e1c2d30";
const subject: SensitiveSubject = {
  ssn: "123-45-6781",
  firstName: "Ana",
  lastName: "Rivera",
  dateOfBirth: "1990-04-02",
  income: { type: "employed", amount: 1800, frequency: "monthly", employerName: "Valley Farms" },
};
const conclusive = (body: Seen["body"]) => ({
  status: 200,
  body: { requestId: body.requestId, serviceType: body.serviceType, result: "conclusive", serviceResult: { ssnVerified: true } },
});

function adapterFor(
  serviceType: CatalogEntry["serviceType"],
  endpoint: Partial<CatalogEntry["endpoint"]> = {},
  breakerFailures = 5,
): AgencyAdapter {
  // No test here waits for an attempt to time out: a generous limit keeps a prompt answer on a loaded
  // machine from counting as a timeout (and being sent again).
  const entry = {
    id: "e1",
    serviceType,
    endpoint: { url: `${url}/agencies/${serviceType}`, timeoutMs: 10_000, ...endpoint },
  } as CatalogEntry;
  const adapter = httpAgencyAdapter(entry, {
    attempts: 3,
    backoff: { initialMs: 5, maxMs: 20 },
    breaker: { consecutiveFailures: breakerFailures, halfOpenAfterMs: 60_000 },
  });
  adapters.push(adapter);
  return adapter;
}

describe("an agency adapter", () => {
  it("sends the call id as idempotency key, the entry's credential, and only the facts its service type needs", async () => {
    process.env.TEST_AGENCY_TOKEN = "s3cret";
    script = () => conclusive(seen.at(-1)!.body);
    const person = await adapterFor("fdsh_ssa", { credentialEnvVar: "TEST_AGENCY_TOKEN" }).call({
      callId: CALL,
      subject,
      context: { quarter: "2026Q3" },
    });
    expect(person).toEqual({ ok: true, result: "conclusive", serviceResult: { ssnVerified: true } });
    expect(seen[0]!.headers["idempotency-key"]).toBe(CALL);
    expect(seen[0]!.headers.authorization).toBe("Bearer s3cret");
    expect(seen[0]!.body).toEqual({
      requestId: CALL,
      serviceType: "fdsh_ssa",
      subject: { ssn: "123-45-6781", firstName: "Ana", lastName: "Rivera", dateOfBirth: "1990-04-02" },
      context: { quarter: "2026Q3" },
    });

    await adapterFor("swica", { credentialEnvVar: "TEST_AGENCY_TOKEN", credentialHeader: "X-Api-Key" }).call({
      callId: CALL,
      subject,
      context: null,
    });
    expect(seen[1]!.headers["x-api-key"]).toBe("s3cret");
    expect(seen[1]!.headers.authorization).toBeUndefined();
    // An income source is shown the income and not the date of birth.
    expect(seen[1]!.body.subject).toEqual({ ssn: "123-45-6781", firstName: "Ana", lastName: "Rivera", income: subject.income });
  });

  it("retries transient failures within the call (5xx, a dropped connection, 429) up to its attempts", async () => {
    const answers: Answer[] = [{ status: 503 }, "drop", { status: 429 }];
    script = (attempt) => answers[attempt - 1] ?? conclusive(seen.at(-1)!.body);
    // Three attempts per call: the first call spends them on the 503, the drop and the 429.
    const first = await adapterFor("uib").call({ callId: CALL, subject, context: null });
    expect(first).toMatchObject({ ok: false, kind: "transient", status: 429 });
    expect(seen).toHaveLength(3);
    seen.length = 0;
    script = () => conclusive(seen.at(-1)!.body);
    expect(await adapterFor("uib").call({ callId: CALL, subject, context: null })).toMatchObject({ ok: true });
    expect(seen).toHaveLength(1);
  });

  it("does not retry a refusal (4xx) or an answer it cannot use", async () => {
    script = () => ({ status: 422, body: { error: "bad_request", message: "subject.ssn is malformed" } });
    expect(await adapterFor("save").call({ callId: CALL, subject, context: null })).toMatchObject({
      ok: false,
      kind: "refused",
      status: 422,
      reason: "the agency (save) refused the request (422): bad_request",
    });
    expect(seen).toHaveLength(1);
    seen.length = 0;
    script = () => ({ status: 200, body: { requestId: "someone else's", result: "conclusive", serviceResult: {} } });
    expect(await adapterFor("save").call({ callId: CALL, subject, context: null })).toMatchObject({ ok: false, kind: "wrong-answer" });
    expect(seen).toHaveLength(1);
  });

  it("keeps of a refusal only its status and a code, never what the agency wrote, which may quote the subject", async () => {
    const echo = `No match for SSN ${subject.ssn} (${subject.ssn!.replace(/-/g, "")}), Ana Rivera, born ${subject.dateOfBirth}`;
    const refusals: [unknown, string][] = [
      [
        { code: "SUBJECT_MISMATCH", message: echo, details: [{ field: "subject.ssn", message: echo }] },
        "the agency (fdsh_ssa) refused the request (422): SUBJECT_MISMATCH",
      ],
      [{ error: "subject.not-found", message: echo }, "the agency (fdsh_ssa) refused the request (422): subject.not-found"],
      // Whatever is no short code is dropped: the SSN, the date of birth, a name with its space, free text.
      [{ code: subject.ssn!.replace(/-/g, ""), error: subject.dateOfBirth }, "the agency (fdsh_ssa) refused the request (422)"],
      [{ error: "Ana Rivera", message: echo }, "the agency (fdsh_ssa) refused the request (422)"],
      [{ message: echo }, "the agency (fdsh_ssa) refused the request (422)"],
      [echo, "the agency (fdsh_ssa) refused the request (422)"],
    ];
    for (const [body, reason] of refusals) {
      script = () => ({ status: 422, body });
      const failure = await adapterFor("fdsh_ssa").call({ callId: CALL, subject, context: null });
      expect(failure).toEqual({ ok: false, kind: "refused", status: 422, retryable: false, reason });
    }
    script = () => ({ status: 403, body: { error: "forbidden", message: `credential not valid for ${subject.lastName}` } });
    expect(await adapterFor("fdsh_ssa").call({ callId: CALL, subject, context: null })).toMatchObject({
      status: 403,
      reason: "the agency (fdsh_ssa) refused the request (403): forbidden",
    });
  });

  it("opens its breaker after consecutive failed calls and then fails fast without asking the agency", async () => {
    script = () => ({ status: 500 });
    const adapter = adapterFor("fdsh_fti", {}, 2);
    await adapter.call({ callId: CALL, subject, context: null });
    await adapter.call({ callId: CALL, subject, context: null });
    expect(adapter.breakerState).toBe("open");
    const asked = seen.length;
    expect(await adapter.call({ callId: CALL, subject, context: null })).toMatchObject({ ok: false, kind: "circuit-open" });
    expect(seen).toHaveLength(asked);
  });
});

describe("what follows an attempt", () => {
  const settings = dataExchangeSettingsFromEnv({
    DATA_EXCHANGE_OUTBOX_ATTEMPTS: "3",
    DATA_EXCHANGE_RETRY_BASE_MS: "1000",
    DATA_EXCHANGE_RETRY_MAX_MS: "8000",
  });
  const now = new Date("2026-11-25T10:00:00Z");
  const transient = { ok: false, reason: "the agency answered 503", retryable: true, kind: "transient", status: 503 } as const;

  it("for an asynchronous call: an answer completes it, a transient failure waits a jittered backoff until the attempts are spent", () => {
    expect(nextStepAfter({ ok: true, result: "partial", serviceResult: { a: 1 } }, 1, settings, now)).toEqual({
      settle: { action: "complete", result: "partial", serviceResult: { a: 1 } },
    });
    const retry = nextStepAfter(transient, 2, settings, now) as { retryAt: Date; error: string };
    // Attempt 2 of a 1 s base: between half and all of 2 s.
    expect(retry.retryAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(1000);
    expect(retry.retryAt.getTime() - now.getTime()).toBeLessThanOrEqual(2000);
    expect(nextStepAfter(transient, 3, settings, now)).toEqual({
      settle: { action: "fail", failureReason: "service_error", error: transient.reason },
    });
    expect(nextStepAfter({ ...transient, status: undefined, reason: "dropped" }, 3, settings, now)).toMatchObject({
      settle: { failureReason: "connection_error" },
    });
  });

  it("fails a refusal at once (authentication refusals as such), and lets an open breaker wait without spending the call", () => {
    expect(nextStepAfter({ ok: false, reason: "401", retryable: false, kind: "refused", status: 401 }, 1, settings, now)).toMatchObject({
      settle: { failureReason: "authentication_error" },
    });
    expect(nextStepAfter({ ok: false, reason: "gone", retryable: false, kind: "refused" }, 1, settings, now)).toMatchObject({
      settle: { failureReason: "service_error" },
    });
    const open = nextStepAfter({ ok: false, reason: "circuit open", retryable: true, kind: "circuit-open" }, 3, settings, now);
    expect(open).toEqual({ retryAt: new Date(now.getTime() + settings.breaker.halfOpenAfterMs), error: "circuit open" });
  });

  it("for a synchronous call: the request's budget running out times it out, any other failure fails it", () => {
    expect(syncOutcome(transient, true)).toEqual({ action: "time-out" });
    expect(syncOutcome(transient, false)).toEqual({ action: "fail", failureReason: "service_error", error: transient.reason });
  });
});
