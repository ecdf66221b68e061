import type { FastifyInstance } from "fastify";
import { buildServer } from "./server";

// The adapter contract over a real Fastify server on a real port (Fastify's inject needs an ESM-only
// dependency Jest cannot load here), called with fetch.
const metadata = { decisionId: "3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b10", trace: { nested: [1, "two", null, { deep: true }] }, empty: {} };
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = buildServer({
    now: () => new Date("2026-03-15T12:00:00"),
    utilityAllowances: { heatingCooling: 500, limited: 300, source: "test" },
  });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

type Answer = { statusCode: number; body: string; json(): any };

/** A request to a server's base URL, its answer read whole. */
async function send(url: string, init: { method?: string; headers?: Record<string, string>; payload?: string }): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? "POST",
    headers: init.headers ?? { "content-type": "application/json" },
    body: init.payload,
  });
  const body = await response.text();
  return { statusCode: response.status, body, json: () => JSON.parse(body) };
}
const post = (path: string, payload: unknown) => send(`${base}${path}`, { payload: JSON.stringify(payload) });
const sendRaw = (init: { url: string; headers?: Record<string, string>; payload: string }) => send(`${base}${init.url}`, init);
const snapBody = (extra: object = {}) => ({
  metadata,
  program: "snap",
  members: [{ id: "m1", dateOfBirth: "1990-06-01", income: [{ type: "employed", amount: 1697, frequency: "monthly" }] }],
  household: { roomers: [] },
  verificationSummary: [{ category: "income", status: "satisfied", memberId: "m1" }],
  ...extra,
});

describe("POST /evaluate/expedited-screening", () => {
  it("answers expedited with the metadata unchanged and the criteria explained", async () => {
    const response = await post("/evaluate/expedited-screening", {
      metadata,
      household: { roomers: [], isSubsidizedHousing: false },
      application: {
        expeditedSnap: { totalMoneyExpectedThisMonth: 0, totalCashOnHand: 20, monthlyRent: 650 },
        utilities: { heatCoolMethod: "gas" },
      },
      members: [{ id: "m1" }],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.metadata).toEqual(metadata);
    expect(body.expedited).toBe(true);
    expect(body.explanation.rules.map((rule: { id: string; outcome: string }) => [rule.id, rule.outcome])).toEqual([
      ["snap-expedited-low-income", "met"],
      ["snap-expedited-shelter", "met"],
      ["snap-expedited-destitute-farmworker", "not_met"],
    ]);
  });

  it("requires the household", async () => {
    const response = await post("/evaluate/expedited-screening", { metadata });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "household" }] });
  });
});

describe("POST /evaluate/determination", () => {
  it("decides SNAP for a household (variant 2): denial code beside status and path, explanation beside them", async () => {
    const response = await post("/evaluate/determination", snapBody());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      metadata,
      program: "snap",
      status: "denied",
      path: "auto",
      denialReasonCode: "SNAP_GROSS_INCOME_OVER_LIMIT",
    });
    expect(body.explanation).toMatchObject({
      evaluationDate: "2026-03-15",
      ruleSet: { id: "snap-fy2026" },
      figures: { householdSize: 1, grossIncome: 1697, limits: { grossIncome: 1696 } },
    });
    expect(Object.keys(body)).toEqual(["metadata", "program", "status", "path", "denialReasonCode", "explanation"]);
  });

  it("decides a per-member program (variant 1)", async () => {
    const response = await post("/evaluate/determination", {
      metadata,
      program: "chip",
      member: {
        id: "m2",
        personalInformation: { dateOfBirth: "2015-05-05" },
        income: [],
        expenses: [],
        assets: [],
        employment: [],
        healthCoverage: [],
      },
      householdSize: 3,
      verificationSummary: [],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ metadata, program: "chip", status: "approved", path: "auto" });
    expect(response.json().denialReasonCode).toBeUndefined();
  });

  it("takes the evaluation date from the body when given", async () => {
    const response = await post("/evaluate/determination", snapBody({ evaluationDate: "2026-10-02" }));
    expect(response.json().explanation.warnings[0]).toContain("2026-09-30");
  });

  it.each([
    ["no metadata", { ...snapBody(), metadata: undefined }, "metadata"],
    ["metadata that is not an object", snapBody({ metadata: ["x"] }), "metadata"],
    ["an unknown program", snapBody({ program: "wic" }), "program"],
    ["SNAP without members", snapBody({ members: [] }), "members"],
    ["SNAP without the household", { ...snapBody(), household: undefined }, "household"],
    ["no verification summary", { ...snapBody(), verificationSummary: undefined }, "verificationSummary"],
    [
      "a negative amount",
      snapBody({ members: [{ income: [{ type: "employed", amount: -1, frequency: "monthly" }] }] }),
      "members.0.income.0.amount",
    ],
    [
      "an unknown frequency",
      snapBody({ members: [{ income: [{ type: "employed", amount: 1, frequency: "fortnightly" }] }] }),
      "members.0.income.0.frequency",
    ],
    [
      "hourly pay without hours",
      snapBody({ members: [{ income: [{ type: "employed", amount: 15, frequency: "hourly" }] }] }),
      "members.0.income.0.hoursPerWeek",
    ],
    ["a malformed date of birth", snapBody({ members: [{ dateOfBirth: "1990-13-01" }] }), "members.0.dateOfBirth"],
    ["a malformed evaluation date", snapBody({ evaluationDate: "tomorrow" }), "evaluationDate"],
    ["a date before any rules", snapBody({ evaluationDate: "2024-01-01" }), "evaluationDate"],
    ["a program the reference does not evaluate", { metadata, program: "aca", member: {}, verificationSummary: [] }, "program"],
    ["a per-member program without its member", { metadata, program: "medicaid", verificationSummary: [] }, "member"],
    [
      "only roomers",
      snapBody({
        members: [{ id: "5b0a3c3e-8f0e-4d0c-9d7a-2f6f1f0b1a11" }],
        household: { roomers: [{ type: "member", id: "5b0a3c3e-8f0e-4d0c-9d7a-2f6f1f0b1a11" }] },
      }),
      "members",
    ],
  ])("answers 400 for %s", async (_case, payload, field) => {
    const response = await post("/evaluate/determination", payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: "BAD_REQUEST", message: expect.any(String) });
    expect(body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    for (const detail of body.details) expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
  });
});

describe("POST /evaluate/medicaid-ex-parte", () => {
  const body = {
    metadata,
    program: "medicaid",
    member: {
      id: "m1",
      dateOfBirth: "1985-01-01",
      income: [{ type: "employed", amount: 900, frequency: "every_2_weeks" }],
      expenses: [],
      assets: [],
      employment: [],
      healthCoverage: [],
    },
    householdSize: 2,
    electronicChecks: [
      { serviceType: "fdsh_fti", result: "conclusive", receivedAt: "2026-03-14T10:00:00Z", serviceResult: { anything: 1 } },
    ],
  };

  it("approves on conclusive checks and a passing income test", async () => {
    // 900 × 2.15 = 1,935 ≤ 21,150 × 138 % ÷ 12 = 2,432.25.
    const response = await post("/evaluate/medicaid-ex-parte", body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      metadata,
      program: "medicaid",
      status: "approved",
      path: "auto",
      explanation: { figures: { monthlyIncome: 1935, limits: { monthlyIncome: 2432.25 } } },
    });
  });

  it("answers 400 for an unknown service type or result", async () => {
    const response = await post("/evaluate/medicaid-ex-parte", {
      ...body,
      electronicChecks: [{ serviceType: "fdsh_medicare_vci", result: "maybe" }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      "electronicChecks.0.serviceType",
      "electronicChecks.0.result",
    ]);
  });
});

describe("what is not a request the adapter evaluates", () => {
  it("answers 400 for a body that is not JSON, not an object, or not sent as JSON", async () => {
    const malformed = await sendRaw({
      url: "/evaluate/determination",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      code: "BAD_REQUEST",
      message: "Invalid JSON in request body.",
      details: [{ field: "body", message: "Invalid JSON in request body." }],
    });

    const array = await post("/evaluate/expedited-screening", [metadata]);
    expect(array.statusCode).toBe(400);
    expect(array.json().details).toEqual([{ field: "body", message: "must be a JSON object" }]);

    const text = await sendRaw({ url: "/evaluate/determination", headers: { "content-type": "text/plain" }, payload: "hello" });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe("BAD_REQUEST");
  });

  it("answers 404 in the envelope for an unknown route", async () => {
    const response = await post("/evaluate/nothing", {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers 500 without its cause when evaluation fails unexpectedly", async () => {
    const broken = buildServer({
      now: () => {
        throw new Error("clock is broken: secret detail");
      },
    });
    const brokenBase = await broken.listen({ port: 0, host: "127.0.0.1" });
    const response = await send(`${brokenBase}/evaluate/determination`, { payload: JSON.stringify(snapBody()) }).finally(() =>
      broken.close(),
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: "INTERNAL_ERROR", message: "An unexpected error occurred." });
    expect(response.body).not.toContain("secret");
  });
});

describe("with the default options", () => {
  it("serves the three routes (illustrative utility allowances, the clock given)", async () => {
    const server = buildServer({ now: () => new Date("2026-03-15T12:00:00") });
    const url = await server.listen({ port: 0, host: "127.0.0.1" });
    try {
      const call = (path: string, body: unknown) =>
        fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const expedited = await call("/evaluate/expedited-screening", {
        metadata,
        household: {},
        application: { expeditedSnap: { totalMoneyExpectedThisMonth: 100, totalCashOnHand: 0 } },
      });
      expect(expedited.status).toBe(200);
      expect(await expedited.json()).toMatchObject({ metadata, expedited: true });
      const determination = await call("/evaluate/determination", snapBody());
      expect(await determination.json()).toMatchObject({ metadata, status: "denied" });
      const exParte = await call("/evaluate/medicaid-ex-parte", {
        metadata,
        program: "chip",
        member: { dateOfBirth: "2012-01-01" },
        electronicChecks: [],
      });
      expect(await exParte.json()).toMatchObject({ metadata, program: "chip", status: "approved", path: "auto" });
    } finally {
      await server.close();
    }
  });
});

describe("the evaluation date", () => {
  it("is the platform's local date (PLATFORM_TIME_ZONE), not UTC's nor the host's", async () => {
    // 03:00 UTC on March 16 is still the evening of March 15 in New York.
    const dateIn = async (timeZone: string | undefined) => {
      const server = buildServer({ now: () => new Date("2026-03-16T03:00:00Z"), ...(timeZone && { timeZone }) });
      const url = await server.listen({ port: 0, host: "127.0.0.1" });
      const response = await send(`${url}/evaluate/determination`, { payload: JSON.stringify(snapBody()) }).finally(() => server.close());
      return response.json().explanation.evaluationDate;
    };
    expect(await dateIn("America/New_York")).toBe("2026-03-15");
    expect(await dateIn(undefined)).toBe("2026-03-16");
  });
});
