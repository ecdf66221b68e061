import type { FastifyInstance } from "fastify";
import { serviceTypes } from "../service-types";
import { buildServer, type ServerOptions } from "./server";

// The simulator over a real Fastify server on a real port (Fastify's inject needs an ESM-only
// dependency Jest cannot load here, and a dropped connection needs a real socket), called with fetch.

type Answer = { status: number; text: string; json(): any };

/** A simulator on its own port, closed after the file's tests; its clock moves one second per reading, so a recomputed answer would show. */
function useSimulator(options: ServerOptions = {}) {
  let app: FastifyInstance;
  let base = "";
  let tick = 0;
  beforeAll(async () => {
    app = buildServer({ now: () => new Date(Date.UTC(2026, 2, 15, 12, 0, tick++)), ...options });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app.close());

  const send = async (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, { method, headers: init.headers, body: init.body });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  };
  let keys = 0;
  /** POST /agencies/{serviceType} with a fresh key unless given one; `body` overrides the request's fields. */
  const call = (
    serviceType: string,
    subject: unknown,
    extra: { key?: string | null; token?: string; body?: Record<string, unknown> } = {},
  ) => {
    const key = extra.key === undefined ? `key-${++keys}-${Math.random()}` : extra.key;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (key !== null) headers["idempotency-key"] = key;
    if (extra.token) headers.authorization = `Bearer ${extra.token}`;
    return send("POST", `/agencies/${serviceType}`, {
      headers,
      body: JSON.stringify({ requestId: "3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b10", serviceType, subject, context: {}, ...extra.body }),
    });
  };
  const control = (method: "GET" | "PUT" | "DELETE", body?: unknown) =>
    send(method, "/control", body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const calls = (key: string) => send("GET", `/calls/${encodeURIComponent(key)}`);
  return { send, call, control, calls };
}

const ana = (ssn: string | null | undefined, extra: object = {}) => ({
  ssn,
  firstName: "Ana",
  lastName: "Doe",
  dateOfBirth: "1990-06-01",
  ...extra,
});

describe("answers", () => {
  const { call, calls, send } = useSimulator({ control: { slowMs: 200 } });

  it("is healthy", async () => {
    expect((await send("GET", "/healthz")).json()).toEqual({ status: "ok" });
  });

  it.each(["0", "1", "2", "3", "4", "5"])(
    "answers conclusive for an SSN ending in %s, echoing the request id and service type",
    async (digit) => {
      const response = await call("fdsh_ssa", ana(`123-45-678${digit}`));
      expect(response.status).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        requestId: "3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b10",
        serviceType: "fdsh_ssa",
        result: "conclusive",
        serviceResult: {
          ssnVerified: true,
          nameMatched: true,
          dateOfBirthMatched: true,
          citizenshipConfirmed: true,
          deathIndicator: false,
        },
        respondedAt: expect.any(String),
      });
      expect(new Date(body.respondedAt).toISOString()).toBe(body.respondedAt);
    },
  );

  it("answers inconclusive for 6, saying what did not match", async () => {
    const body = (await call("fdsh_ssa", ana("123456786"))).json();
    expect(body).toMatchObject({
      result: "inconclusive",
      serviceResult: { nameMatched: false, dateOfBirthMatched: false, reason: "no_match", mismatches: ["name", "dateOfBirth"] },
    });
  });

  it("answers partial for 7", async () => {
    const body = (await call("fdsh_ssa", ana("123456787"))).json();
    expect(body).toMatchObject({
      result: "partial",
      serviceResult: { nameMatched: true, citizenshipConfirmed: false, reason: "partial_match" },
    });
  });

  it("fails for 8 with a 500, every time, remembering nothing", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await call("fdsh_ssa", ana("123456788"), { key: "fails-every-time" });
      expect(response.status).toBe(500);
      expect(response.json()).toEqual({ error: "agency_error" });
    }
    expect((await calls("fails-every-time")).json()).toEqual({ key: "fails-every-time", received: 3, answered: 0 });
  });

  it("answers conclusive for 9 after slowMs", async () => {
    const started = performance.now();
    const response = await call("fdsh_ssa", ana("123456789"));
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(response.json()).toMatchObject({ result: "conclusive" });
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["not nine digits", "123-45-678"],
  ])("answers inconclusive with reason no_ssn when the SSN is %s", async (_, ssn) => {
    const body = (await call("fdsh_vlp", ana(ssn))).json();
    expect(body).toMatchObject({ result: "inconclusive", serviceResult: { reason: "no_ssn", lawfulPresenceVerified: false } });
  });

  it("answers inconclusive without any subject at all", async () => {
    const body = (await call("incarceration_check", undefined)).json();
    expect(body).toMatchObject({ result: "inconclusive", serviceResult: { incarcerated: null, reason: "no_ssn" } });
  });

  it.each(serviceTypes)("answers %s", async (serviceType) => {
    const response = await call(
      serviceType,
      ana("123-45-6781", { income: { type: "employed", amount: "1000.00", frequency: "every_two_weeks", employerName: "Acme Corp" } }),
    );
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ serviceType, result: "conclusive", serviceResult: expect.any(Object) });
  });

  it("derives figures from the income sent", async () => {
    const body = (
      await call(
        "fdsh_vci",
        ana("123456781", { income: { type: "employed", amount: 1000, frequency: "every_two_weeks", employerName: "Acme Corp" } }),
      )
    ).json();
    expect(body.serviceResult).toEqual({ currentMonthlyIncome: 2150, employer: "Acme Corp" });
  });

  it("drops the connection for the surname Unreachable, every time, counting the requests", async () => {
    for (let attempt = 0; attempt < 2; attempt++)
      await expect(call("fdsh_ssa", ana("123456780", { lastName: "Unreachable" }), { key: "dropped" })).rejects.toThrow();
    expect((await calls("dropped")).json()).toEqual({ key: "dropped", received: 2, answered: 0 });
  });
});

describe("idempotency", () => {
  const { call, calls } = useSimulator({ control: { slowMs: 200 } });

  it("answers a repeated key with the same body, not recomputed, and counts each request", async () => {
    const first = await call("fdsh_fti", ana("123456781"), { key: "replayed" });
    const second = await call("fdsh_fti", ana("123456781"), { key: "replayed" });
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect((await calls("replayed")).json()).toEqual({ key: "replayed", received: 2, answered: 2 });
    // Another key: computed again (the clock has moved).
    const other = await call("fdsh_fti", ana("123456781"));
    expect(other.json().respondedAt).not.toBe(first.json().respondedAt);
  });

  it("keeps a key's answers apart by service type", async () => {
    const ssa = (await call("fdsh_ssa", ana("123456781"), { key: "two-types" })).json();
    const swica = (await call("swica", ana("123456781"), { key: "two-types" })).json();
    expect(ssa.serviceType).toBe("fdsh_ssa");
    expect(swica.serviceType).toBe("swica");
    expect((await call("swica", ana("123456781"), { key: "two-types" })).json()).toEqual(swica);
    expect((await calls("two-types")).json()).toEqual({ key: "two-types", received: 3, answered: 3 });
  });

  it("gives a retry that arrives while a slow answer is prepared that same answer", async () => {
    const [first, second] = await Promise.all([
      call("save", ana("123456789"), { key: "slow-retry" }),
      call("save", ana("123456789"), { key: "slow-retry" }),
    ]);
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
  });

  it("does not know a key it never saw", async () => {
    const response = await calls("never-seen");
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ error: "not_found" });
  });
});

describe("the control switch", () => {
  // failureRate's draws, in order, so a test decides which requests fail; past the script, none does.
  let draws: number[] = [];
  let drawn = 0;
  const {
    call,
    control,
    calls: callCount,
  } = useSimulator({
    control: { slowMs: 1000 },
    random: () => {
      drawn += 1;
      return draws.shift() ?? 0.99;
    },
  });
  afterEach(() => control("DELETE"));

  it("reports its state, the start-up settings included", async () => {
    expect((await control("GET")).json()).toEqual({ latencyMs: 0, failureRate: 0, failing: [], slowMs: 1000 });
  });

  it("makes the failing service types answer 503 on every request, and only them", async () => {
    expect((await control("PUT", { failing: ["uib"] })).json()).toEqual({ latencyMs: 0, failureRate: 0, failing: ["uib"], slowMs: 1000 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await call("uib", ana("123456781"), { key: "uib-down" });
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({ error: "unavailable" });
    }
    expect((await call("fdsh_ssa", ana("123456781"))).status).toBe(200);
    expect((await callCount("uib-down")).json()).toEqual({ key: "uib-down", received: 2, answered: 0 });
  });

  it("with failureRate 1 answers 503 even for a key answered before; once reset, the retry gets the remembered answer", async () => {
    const answered = await call("swica", ana("123456781"), { key: "retried" });
    expect(answered.status).toBe(200);
    await control("PUT", { failureRate: 1 });
    expect((await call("swica", ana("123456781"), { key: "retried" })).status).toBe(503);
    expect((await call("fdsh_ssa", ana("123456781"))).status).toBe(503);
    expect((await control("DELETE")).json()).toEqual({ latencyMs: 0, failureRate: 0, failing: [], slowMs: 1000 });
    expect((await call("swica", ana("123456781"), { key: "retried" })).text).toBe(answered.text);
    expect((await callCount("retried")).json()).toEqual({ key: "retried", received: 3, answered: 2 });
  });

  it("fails the fraction failureRate of requests, by the draws", async () => {
    await control("PUT", { failureRate: 0.5 });
    draws = [0.2, 0.7];
    drawn = 0;
    expect((await call("uib", ana("123456781"))).status).toBe(503); // 0.2 < 0.5
    expect((await call("uib", ana("123456781"))).status).toBe(200); // 0.7
    expect(drawn).toBe(2);
    // With failureRate 0 nothing is drawn at all.
    await control("PUT", { failureRate: 0 });
    expect((await call("uib", ana("123456781"))).status).toBe(200);
    expect(drawn).toBe(2);
  });

  it("adds latencyMs before answering", async () => {
    await control("PUT", { latencyMs: 150 });
    const started = performance.now();
    const response = await call("fdsh_medicare", ana("123456781"));
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(response.status).toBe(200);
  });

  it.each([
    [{ latencyMs: -1 }, "latencyMs"],
    [{ latencyMs: 60_001 }, "latencyMs"],
    [{ latencyMs: 1.5 }, "latencyMs"],
    [{ failureRate: 1.5 }, "failureRate"],
    [{ failing: ["irs"] }, "failing"],
    [{ failing: "uib" }, "failing"],
    [{ slowMs: "soon" }, "slowMs"],
    [{ latency: 5 }, "latency"],
  ])("refuses %j", async (settings, field) => {
    const response = await control("PUT", settings);
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: "bad_request", message: expect.stringContaining(field) });
    expect((await control("GET")).json()).toEqual({ latencyMs: 0, failureRate: 0, failing: [], slowMs: 1000 });
  });
});

describe("refusals", () => {
  const { call, send } = useSimulator();

  it("does not know an unknown service type", async () => {
    const response = await call("fdsh_irs", ana("123456781"));
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ error: "unknown_service_type" });
  });

  it("requires an Idempotency-Key", async () => {
    const response = await call("fdsh_ssa", ana("123456781"), { key: null });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: "bad_request", message: expect.stringContaining("Idempotency-Key") });
  });

  it.each([
    ["without requestId", { requestId: undefined }, "requestId"],
    ["without serviceType", { serviceType: undefined }, "serviceType"],
    ["whose serviceType is not the path's", { serviceType: "save" }, "serviceType"],
    ["whose SSN is not text", { subject: { ssn: 123456789 } }, "subject.ssn"],
  ])("refuses a body %s", async (_, body, field) => {
    const response = await call("fdsh_ssa", ana("123456781"), { body });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: "bad_request", message: expect.stringContaining(field) });
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"hello"'],
    ["malformed JSON carrying an SSN", '{"subject":{"ssn":"123-45-6781"'],
  ])("refuses a body that is %s, without echoing it", async (_, body) => {
    const response = await send("POST", "/agencies/fdsh_ssa", {
      headers: { "content-type": "application/json", "idempotency-key": "k" },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ error: "bad_request" });
    expect(response.text).not.toContain("6781");
  });

  it("refuses a request without a body", async () => {
    const response = await send("POST", "/agencies/fdsh_ssa", { headers: { "idempotency-key": "k" } });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ error: "bad_request" });
  });

  it("asks no token when none is configured", async () => {
    expect((await call("fdsh_ssa", ana("123456781"), { token: "anything" })).status).toBe(200);
  });
});

describe("with AGENCY_SIMULATOR_TOKEN", () => {
  const { call, calls } = useSimulator({ token: "s3cret-token" });

  it.each([
    ["no token", undefined],
    ["another token", "s3cret-tokem"],
    ["a longer token", "s3cret-token-2"],
  ])("refuses %s with 401, before looking at the request", async (_, token) => {
    for (const serviceType of ["fdsh_ssa", "no_such_type"]) {
      const response = await call(serviceType, ana("123456781"), { key: `unauthorized-${token}`, token });
      expect(response.status).toBe(401);
      expect(response.json()).toEqual({ error: "unauthorized" });
    }
    expect((await calls(`unauthorized-${token}`)).status).toBe(404);
  });

  it("answers the configured token", async () => {
    const response = await call("fdsh_ssa", ana("123456781"), { token: "s3cret-token" });
    expect(response.status).toBe(200);
  });
});
