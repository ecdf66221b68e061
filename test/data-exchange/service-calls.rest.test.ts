// Data exchange over REST against real PostgreSQL and the reference agency simulator over real HTTP
// (issue 17): the seeded catalog, both ways of naming a service and every refusal, the deduplication of
// concurrent submissions, asynchronous calls made by the outbox and synchronous ones within the request,
// retries and failures, the breaker opening and closing, metadata namespaces echoed in events, and the
// `serviceCallChanged` feed.
import type { Client } from "graphql-ws/client";
import { bearer } from "../support/auth";
import {
  detailFields,
  expectErrorEnvelope,
  expectListEnvelope,
  expectStatus,
  type Json,
  listPath,
  MISSING_ID,
  UUID_PATTERN,
} from "../support/expectations";
import { subscribeRegistered } from "../support/live";
import { useTestPlatform } from "../support/platform";
import { agencySwitch } from "../support/agency-control";
import { until } from "../support/waiting";
import { eventsOf } from "../support/event-log";

// Small numbers, so that retries, the breaker and a sync call's budget play out within a test.
process.env.DATA_EXCHANGE_CALL_TIMEOUT_MS = "4000";
process.env.DATA_EXCHANGE_OUTBOX_ATTEMPTS = "2";
process.env.DATA_EXCHANGE_RETRY_BASE_MS = "50";
process.env.DATA_EXCHANGE_RETRY_MAX_MS = "100";
process.env.DATA_EXCHANGE_BREAKER_FAILURES = "2";
// Long enough that a loaded machine sees the breaker open before its first trial, short enough to wait for.
process.env.DATA_EXCHANGE_BREAKER_OPEN_MS = "5000";
process.env.INTAKE_FILING_MINIMUM = "off";

const { api, settle, platform, url } = useTestPlatform("data_exchange_rest");

/** A call's own events, without the scheduling domain's records of its window timer. */
const callEventsOf = async (callId: string) => (await eventsOf(api, callId)).filter((event) => event.source === "/data-exchange");

const SWICA = "6b2b03b0-dc9b-4122-a9de-138960bb610f";
const FDSH_SSA = "65b5d4d9-3578-4a58-a4bd-c404ca380e08";

/** The simulator's switch (latency, failures), reset after every test. */
const agency = agencySwitch(() => platform().agencyUrl);
const control = agency.set;
afterEach(async () => {
  await agency.reset();
});

/** A draft application's member whose SSN ends in `digit` (the simulator's answer follows it), and one income record of theirs. */
async function member(digit: number | null, lastName = "Rivera"): Promise<{ applicationId: string; memberId: string; incomeId: string }> {
  const application = await expectStatus(api.post("/intake/applications", { programs: ["snap"], channel: "online" }), 201, "application");
  const personalInformation = digit === null ? { dateOfBirth: "1990-04-02" } : { ssn: `123-45-678${digit}`, dateOfBirth: "1990-04-02" };
  const created = await expectStatus(
    api.post(`/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      personalInformation,
      contact: { name: { firstName: "Ana", lastName } },
    }),
    201,
    "member",
  );
  const income = await expectStatus(
    api.post(`/intake/applications/${application.id}/incomes`, {
      memberId: created.id,
      type: "employed",
      amount: 1800,
      frequency: "monthly",
      payerName: "Valley Farms",
    }),
    201,
    "income",
  );
  return { applicationId: application.id, memberId: created.id, incomeId: income.id };
}

const callOf = async (id: string): Promise<Json> => expectStatus(api.get(`/data-exchange/service-calls/${id}`), 200, "call");

describe("the service catalog", () => {
  it("lists the eleven configured services with their fixed ids, by name, filtered by serviceType", async () => {
    const all = expectListEnvelope(await api.get("/data-exchange/services?limit=50"), { total: 11, limit: 50, offset: 0, hasNext: false });
    expect(all.map((entry: Json) => entry.name)).toEqual([...all.map((entry: Json) => entry.name)].sort());
    expect(all.find((entry: Json) => entry.serviceType === "swica")).toEqual({
      id: SWICA,
      name: "State Wage Information (SWICA)",
      serviceType: "swica",
      defaultCallMode: "async",
      programs: ["snap"],
      requestingResourceType: "intake/applications/incomes",
      source: "system",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(all.every((entry: Json) => entry.endpoint === undefined)).toBe(true);
    const wages = expectListEnvelope(await api.get("/data-exchange/services?serviceType=swica"), {
      total: 1,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(wages[0].id).toBe(SWICA);
    expectErrorEnvelope(await api.get("/data-exchange/services?serviceType=fdsh_nope"), 400, "BAD_REQUEST");
  });

  it("answers one entry by id, 404 for another, and is readable by any signed-in caller but not by an anonymous one", async () => {
    expect((await expectStatus(api.get(`/data-exchange/services/${FDSH_SSA}`), 200, "entry")).serviceType).toBe("fdsh_ssa");
    expectErrorEnvelope(await api.get(`/data-exchange/services/${MISSING_ID}`), 404, "NOT_FOUND");
    const applicant = await bearer(["applicant"]);
    expect((await api.raw("GET", "/data-exchange/services", undefined, applicant)).status).toBe(200);
    expect((await api.raw("GET", "/data-exchange/services", undefined, { authorization: "" })).status).toBe(401);
  });

  it("offers no way to write the catalog", async () => {
    expect((await api.post("/data-exchange/services", { name: "x" })).status).toBe(404);
  });
});

describe("submitting a call", () => {
  it("takes the service by id or by type, copies the catalog's type, mode and resource type, and records submitted", async () => {
    const { incomeId, memberId } = await member(1);
    const byId = await api.post("/data-exchange/service-calls", {
      serviceId: SWICA,
      requestingResourceId: incomeId,
      metadata: { intake: { note: "by id" } },
    });
    expect(byId.status).toBe(201);
    expect(byId.headers.get("location")).toBe(`/data-exchange/service-calls/${byId.body.id}`);
    expect(byId.body).toMatchObject({
      serviceId: SWICA,
      serviceType: "swica",
      callMode: "async",
      status: "pending",
      requestingResourceType: "intake/applications/incomes",
      requestingResourceId: incomeId,
    });
    const byType = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: memberId }),
      201,
      "by type",
    );
    expect(byType).toMatchObject({ serviceId: FDSH_SSA, serviceType: "fdsh_ssa", requestingResourceType: "intake/applications/members" });
    const [submitted] = (await eventsOf(api, byId.body.id)).filter((event) => event.type === "data_exchange.call.submitted");
    expect(submitted).toMatchObject({
      source: "/data-exchange",
      data: { serviceType: "swica", requestingResourceId: incomeId, callMode: "async", metadata: { intake: { note: "by id" } } },
    });
  });

  it("refuses both or neither variant, unknown fields, personal data and strange namespaces with a detail per problem", async () => {
    const requestingResourceId = MISSING_ID;
    const both = expectErrorEnvelope(
      await api.post("/data-exchange/service-calls", { serviceId: SWICA, serviceType: "swica", requestingResourceId }),
      422,
      "VALIDATION_ERROR",
    );
    expect(detailFields(both)).toEqual(["serviceType"]);
    const neither = expectErrorEnvelope(await api.post("/data-exchange/service-calls", { requestingResourceId }), 422, "VALIDATION_ERROR");
    expect(detailFields(neither)).toEqual(["serviceId"]);
    const unknown = expectErrorEnvelope(
      await api.post("/data-exchange/service-calls", { serviceId: SWICA, requestingResourceId, priority: "high" }),
      422,
      "VALIDATION_ERROR",
    );
    expect(detailFields(unknown)).toContain("priority");
    const personal = expectErrorEnvelope(
      await api.post("/data-exchange/service-calls", {
        serviceId: SWICA,
        requestingResourceId,
        data: { quarter: "2026Q3", person: { ssn: "123-45-6789", date_of_birth: "1990-01-01" } },
        metadata: { intake: { lastName: "Rivera" } },
      }),
      422,
      "VALIDATION_ERROR",
    );
    expect(detailFields(personal).sort()).toEqual(["data.person.date_of_birth", "data.person.ssn", "metadata.intake.lastName"]);
    expect(
      detailFields(
        expectErrorEnvelope(
          await api.post("/data-exchange/service-calls", { serviceId: SWICA, requestingResourceId, metadata: { payroll: {} } }),
          422,
          "VALIDATION_ERROR",
        ),
      ),
    ).toEqual(["metadata.payroll"]);
    expect(
      detailFields(
        expectErrorEnvelope(
          await api.post("/data-exchange/service-calls", { serviceId: MISSING_ID, requestingResourceId }),
          422,
          "VALIDATION_ERROR",
        ),
      ),
    ).toEqual(["serviceId"]);
    expect(
      detailFields(
        expectErrorEnvelope(
          await api.post("/data-exchange/service-calls", { serviceType: "fdsh_vci", requestingResourceId }),
          422,
          "VALIDATION_ERROR",
        ),
      ),
    ).toEqual(["serviceType"]);
    expect(
      detailFields(expectErrorEnvelope(await api.post("/data-exchange/service-calls", { serviceId: SWICA }), 422, "VALIDATION_ERROR")),
    ).toEqual(["requestingResourceId"]);
    expectErrorEnvelope(await api.post("/data-exchange/service-calls", "[1,2]"), 400, "BAD_REQUEST");
    expectErrorEnvelope(await api.post("/data-exchange/service-calls", "{ not json"), 400, "BAD_REQUEST");
    expect(
      (await api.get(listPath("/platform/events", { type: "data_exchange.call.submitted", subject: requestingResourceId }))).body.total,
    ).toBe(0);
  });

  it("ignores the server-set fields of a call sent back as it was read", async () => {
    const { incomeId } = await member(2);
    const first = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceId: SWICA, requestingResourceId: incomeId }),
      201,
      "first",
    );
    const { serviceType: _type, ...readBack } = first;
    const again = await api.post("/data-exchange/service-calls", readBack);
    expect([200, 201]).toContain(again.status);
  });

  it("makes one call of fifty identical submissions racing, answering the others with it", async () => {
    const { incomeId } = await member(3);
    await control({ latencyMs: 2000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.post("/data-exchange/service-calls", { serviceId: SWICA, requestingResourceId: incomeId })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(49);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    const calls = await api.get(listPath("/data-exchange/service-calls", { requestingResourceId: incomeId }));
    expect(calls.body.total).toBe(1);
    expect((await eventsOf(api, answers[0]!.body.id)).filter((event) => event.type === "data_exchange.call.submitted")).toHaveLength(1);
  });
});

describe("making calls", () => {
  it("an asynchronous call is made by the outbox with only the facts its agency needs, and completes once with the answer", async () => {
    const { incomeId } = await member(4);
    const call = await expectStatus(
      api.post("/data-exchange/service-calls", {
        serviceId: SWICA,
        requestingResourceId: incomeId,
        data: { quarter: "2026Q3" },
        metadata: { intake: { verificationId: "v-1" } },
      }),
      201,
      "submit",
    );
    await until("the call to complete", async () => (await callOf(call.id)).status === "completed");
    const done = await callOf(call.id);
    expect(done).toMatchObject({
      status: "completed",
      result: "conclusive",
      attempts: 1,
      failureReason: null,
      completedAt: expect.any(String),
    });
    expect(done.serviceResult).toEqual(expect.objectContaining({ employerName: expect.anything() }));
    const completed = (await eventsOf(api, call.id)).filter((event) => event.type === "data_exchange.call.completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toEqual({
      serviceType: "swica",
      requestingResourceId: incomeId,
      result: "conclusive",
      serviceResult: done.serviceResult,
      metadata: { intake: { verificationId: "v-1" } },
    });
    const agency = await (await fetch(`${platform().agencyUrl}/calls/${call.id}`)).json();
    expect(agency).toMatchObject({ received: 1, answered: 1 });
    // Nothing personal was kept: the call and its events hold no SSN.
    expect(JSON.stringify([done, completed])).not.toMatch(/123-45-678/);
  });

  it("a call whose answer could not be recorded (a fault of ours) is handed back and made again shortly, and settling waits for it", async () => {
    const { incomeId } = await member(4);
    const db = platform().services.db;
    // A real database fault on recording the end: every statement that ends a call raises until the trigger goes.
    await db.$executeRawUnsafe(`CREATE FUNCTION refuse_call_end() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.status <> 'pending' THEN RAISE EXCEPTION 'recording refused for the test'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_call_end BEFORE UPDATE ON data_exchange_service_call FOR EACH ROW EXECUTE FUNCTION refuse_call_end()`,
    );
    try {
      const call = await expectStatus(
        api.post("/data-exchange/service-calls", { serviceId: SWICA, requestingResourceId: incomeId }),
        201,
        "submit",
      );
      // Handed back at once, instead of held for its whole lease: recorded as a retry, saying it was a
      // fault of the platform's without quoting it (the database's message is for the log, not for clients).
      await until("the call to be handed back", async () =>
        (await eventsOf(api, call.id)).some((event) => event.type === "data_exchange.call.retry_scheduled"),
      );
      const handedBack = await callOf(call.id);
      expect(handedBack).toMatchObject({ status: "pending", lastError: expect.stringContaining("a fault of its own") });
      expect(JSON.stringify([handedBack, await eventsOf(api, call.id)])).not.toMatch(/recording refused/);
      await db.$executeRawUnsafe("DROP TRIGGER refuse_call_end ON data_exchange_service_call");
      await settle();
      expect(await callOf(call.id)).toMatchObject({ status: "completed", result: "conclusive" });
      expect((await eventsOf(api, call.id)).filter((event) => event.type === "data_exchange.call.completed")).toHaveLength(1);
    } finally {
      await db.$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_call_end ON data_exchange_service_call");
      await db.$executeRawUnsafe("DROP FUNCTION IF EXISTS refuse_call_end()");
    }
  });

  it("follows the agency's answer: inconclusive and partial results complete the call with them", async () => {
    const six = await member(6);
    const seven = await member(7);
    const [inconclusive, partial] = await Promise.all([
      expectStatus(api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: six.memberId }), 201, "6"),
      expectStatus(api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: seven.memberId }), 201, "7"),
    ]);
    await until(
      "both calls to complete",
      async () => (await callOf(inconclusive.id)).status === "completed" && (await callOf(partial.id)).status === "completed",
    );
    expect((await callOf(inconclusive.id)).result).toBe("inconclusive");
    expect((await callOf(partial.id)).result).toBe("partial");
  });

  it("a synchronous call is answered within the request", async () => {
    const { memberId } = await member(5);
    const answered = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: memberId, callMode: "sync" }),
      201,
      "sync",
    );
    expect(answered).toMatchObject({ callMode: "sync", status: "completed", result: "conclusive", attempts: 1 });
    const types = (await callEventsOf(answered.id)).map((event) => event.type);
    expect(types).toEqual(["data_exchange.call.submitted", "data_exchange.call.completed"]);
  });

  it("a synchronous call the agency does not answer within the service's timeout is timed out in the request", async () => {
    const { memberId } = await member(9);
    await control({ slowMs: 8000 });
    const answered = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: memberId, callMode: "sync" }),
      201,
      "sync",
    );
    expect(answered.status).toBe("timed_out");
    expect((await callEventsOf(answered.id)).map((event) => event.type)).toEqual([
      "data_exchange.call.submitted",
      "data_exchange.call.timed_out",
    ]);
  });

  it("an agency that keeps failing is asked again with backoff, each retry recorded, then the call fails with service_error", async () => {
    const { memberId } = await member(8);
    const call = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "save", requestingResourceId: memberId }),
      201,
      "submit",
    );
    await until("the call to fail", async () => (await callOf(call.id)).status === "failed");
    const failed = await callOf(call.id);
    expect(failed).toMatchObject({ failureReason: "service_error", attempts: 2, lastError: expect.stringContaining("answered 500") });
    // The first attempt's failure put the call back with its bookkeeping, recorded in the log before it failed for good.
    const history = await callEventsOf(call.id);
    expect(history.map((event) => event.type)).toEqual([
      "data_exchange.call.submitted",
      "data_exchange.call.retry_scheduled",
      "data_exchange.call.failed",
    ]);
    expect(history[1]!.data).toEqual({
      serviceType: "save",
      requestingResourceId: memberId,
      attempts: 1,
      nextAttemptAt: expect.any(String),
      reason: expect.stringContaining("answered 500"),
      metadata: {},
    });
    expect(Date.parse(history[1]!.data.nextAttemptAt)).toBeGreaterThanOrEqual(Date.parse(history[1]!.time));
    const [event] = (await eventsOf(api, call.id)).filter((entry) => entry.type === "data_exchange.call.failed");
    expect(event!.data).toMatchObject({ serviceType: "save", requestingResourceId: memberId, failureReason: "service_error" });
    const agency = (await (await fetch(`${platform().agencyUrl}/calls/${call.id}`)).json()) as { received: number };
    expect(agency.received).toBeGreaterThanOrEqual(2);
  });

  it("a dropped connection fails the call with connection_error; a record that does not exist, with service_error at once", async () => {
    const { memberId } = await member(1, "Unreachable");
    const dropped = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "incarceration_check", requestingResourceId: memberId }),
      201,
      "dropped",
    );
    const nobody = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "enrollment_check", requestingResourceId: MISSING_ID }),
      201,
      "nobody",
    );
    await until(
      "both to fail",
      async () => (await callOf(dropped.id)).status === "failed" && (await callOf(nobody.id)).status === "failed",
    );
    expect((await callOf(dropped.id)).failureReason).toBe("connection_error");
    expect(await callOf(nobody.id)).toMatchObject({
      failureReason: "service_error",
      attempts: 1,
      lastError: expect.stringContaining("does not exist"),
    });
  });

  it("opens a failing service's breaker, which fails its calls fast, and closes it once the agency answers again", async () => {
    await control({ failing: ["uib"] });
    const earners = await Promise.all([member(1), member(2), member(3)]);
    const first = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "uib", requestingResourceId: earners[0]!.incomeId }),
      201,
      "first",
    );
    await until("the first call to fail", async () => (await callOf(first.id)).status === "failed");
    // Two failed calls opened the breaker: the next call is refused without reaching the agency.
    const second = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "uib", requestingResourceId: earners[1]!.incomeId }),
      201,
      "second",
    );
    // Read in this order, so that the call, refused by the breaker after the agency was asked, had not
    // reached the agency at all: a trial the breaker lets through later would show as an agency error.
    await until("the breaker to hold the second call back before the agency sees it", async () => {
      const unseen = (await fetch(`${platform().agencyUrl}/calls/${second.id}`)).status === 404;
      const call = await callOf(second.id);
      return unseen && call.status === "pending" && /circuit open/.test(call.lastError ?? "");
    });
    // The agency recovers: once the breaker lets a trial call through, calls complete again.
    await fetch(`${platform().agencyUrl}/control`, { method: "DELETE" });
    await until("the held call to complete", async () => (await callOf(second.id)).status === "completed");
    const third = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "uib", requestingResourceId: earners[2]!.incomeId }),
      201,
      "third",
    );
    await until("a later call to complete", async () => (await callOf(third.id)).status === "completed");
    expect((await callOf(third.id)).attempts).toBe(1);
  });

  it("lists calls by requesting resource, type and status", async () => {
    const { incomeId, memberId } = await member(1);
    await expectStatus(api.post("/data-exchange/service-calls", { serviceType: "swica", requestingResourceId: incomeId }), 201, "swica");
    await expectStatus(api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: memberId }), 201, "ssa");
    await settle();
    const swica = expectListEnvelope(
      await api.get(listPath("/data-exchange/service-calls", { requestingResourceId: incomeId, status: "completed" })),
      { total: 1, limit: 25, offset: 0, hasNext: false },
    );
    expect(swica[0].serviceType).toBe("swica");
    expect(
      (await api.get(listPath("/data-exchange/service-calls", { requestingResourceId: memberId, serviceType: "swica" }))).body.total,
    ).toBe(0);
    expectErrorEnvelope(await api.get(listPath("/data-exchange/service-calls", { status: "lost" })), 400, "BAD_REQUEST");
    expectErrorEnvelope(await api.get(listPath("/data-exchange/service-calls", { requestingResourceId: "nope" })), 400, "BAD_REQUEST");
    expectErrorEnvelope(await api.get(`/data-exchange/service-calls/${MISSING_ID}`), 404, "NOT_FOUND");
  });
});

describe("metadata namespaces", () => {
  it("are written by the domain that owns them, and echoed verbatim in the call's later events", async () => {
    await control({ latencyMs: 2500 });
    const { memberId } = await member(1);
    const call = await expectStatus(
      api.post("/data-exchange/service-calls", {
        serviceType: "fdsh_vlp",
        requestingResourceId: memberId,
        metadata: { workflow: { taskId: "t-1" } },
      }),
      201,
      "submit",
    );
    const intake = await bearer(["system"], { sub: "intake", userId: "intake" });
    const written = await expectStatus(
      api.put(`/data-exchange/service-calls/${call.id}/metadata/intake`, { verificationId: "v-9", nested: { keep: [1, 2] } }, intake),
      200,
      "put",
    );
    expect(written.metadata).toEqual({ workflow: { taskId: "t-1" }, intake: { verificationId: "v-9", nested: { keep: [1, 2] } } });
    expect((await api.put(`/data-exchange/service-calls/${call.id}/metadata/eligibility`, { decisionId: "d" }, intake)).status).toBe(403);
    expect((await api.put(`/data-exchange/service-calls/${call.id}/metadata/eligibility`, { decisionId: "d" })).status).toBe(403);
    expectErrorEnvelope(await api.put(`/data-exchange/service-calls/${call.id}/metadata/payroll`, {}, intake), 422, "VALIDATION_ERROR");
    expectErrorEnvelope(
      await api.put(`/data-exchange/service-calls/${call.id}/metadata/intake`, { ssn: "1" }, intake),
      422,
      "VALIDATION_ERROR",
    );
    expectErrorEnvelope(await api.put(`/data-exchange/service-calls/${MISSING_ID}/metadata/intake`, {}, intake), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`/data-exchange/service-calls/${MISSING_ID}/metadata/intake`, intake), 404, "NOT_FOUND");
    expect((await api.delete(`/data-exchange/service-calls/${call.id}/metadata/workflow`, intake)).status).toBe(403);
    const workflow = await bearer(["system"], { sub: "workflow", userId: "workflow" });
    expect((await api.raw("DELETE", `/data-exchange/service-calls/${call.id}/metadata/workflow`, undefined, workflow)).status).toBe(204);
    await until("the call to complete", async () => (await callOf(call.id)).status === "completed");
    const [completed] = (await eventsOf(api, call.id)).filter((event) => event.type === "data_exchange.call.completed");
    expect(completed!.data.metadata).toEqual({ intake: { verificationId: "v-9", nested: { keep: [1, 2] } } });
  });
});

describe("who may call", () => {
  it("lets caseworkers, supervisors and the system submit and partners read, but not applicants or partners submit", async () => {
    const { memberId } = await member(1);
    const body = { serviceType: "incarceration_check", requestingResourceId: memberId };
    expect((await api.raw("POST", "/data-exchange/service-calls", body, await bearer(["applicant"]))).status).toBe(403);
    expect((await api.raw("POST", "/data-exchange/service-calls", body, await bearer(["partner_readonly"]))).status).toBe(403);
    const created = await api.raw("POST", "/data-exchange/service-calls", body, await bearer(["case_worker"]));
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(UUID_PATTERN);
    const other = await member(2);
    expect(
      (
        await api.raw(
          "POST",
          "/data-exchange/service-calls",
          { ...body, requestingResourceId: other.memberId },
          await bearer(["supervisor"]),
        )
      ).status,
    ).toBe(201);
    // A partner reads calls to its agreement's programs' services; the incarceration check serves none.
    const snapPartner = await bearer(["partner_readonly"], { programs: ["snap"] });
    expect((await api.raw("GET", `/data-exchange/service-calls/${created.body.id}`, undefined, snapPartner)).status).toBe(404);
    const wages = await api.raw(
      "POST",
      "/data-exchange/service-calls",
      { serviceType: "swica", requestingResourceId: memberId },
      await bearer(["case_worker"]),
    );
    expect(wages.status).toBe(201);
    expect((await api.raw("GET", `/data-exchange/service-calls/${wages.body.id}`, undefined, snapPartner)).status).toBe(200);
    expect((await api.raw("GET", `/data-exchange/service-calls/${created.body.id}`, undefined, await bearer(["applicant"]))).status).toBe(
      403,
    );
  });
});

describe("the live feed", () => {
  const clients: Client[] = [];
  afterAll(async () => Promise.all(clients.map((client) => client.dispose())));

  const subscribe = (query: string, variables?: Record<string, unknown>) =>
    subscribeRegistered(platform(), url(), clients, query, variables);

  it("serviceCallChanged(id) delivers a call's changes as they commit, with the call as it then is", async () => {
    // The agency takes its time, so the metadata change is seen while the call is still pending.
    await control({ latencyMs: 1500 });
    const { memberId } = await member(1);
    const call = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "fdsh_medicare", requestingResourceId: memberId }),
      201,
      "submit",
    );
    const feed = await subscribe(
      "subscription ($id: ID) { serviceCallChanged(id: $id) { type subject serviceCall { status result metadata } } }",
      { id: call.id },
    );
    const intake = await bearer(["system"], { sub: "intake", userId: "intake" });
    await expectStatus(
      api.put(`/data-exchange/service-calls/${call.id}/metadata/intake`, { verificationId: "v-live" }, intake),
      200,
      "put",
    );
    const [changed, completed] = (await feed.take(2)).map((payload) => payload.data?.serviceCallChanged);
    expect(changed).toEqual({
      type: "data_exchange.call.metadata_changed",
      subject: call.id,
      serviceCall: { status: "pending", result: null, metadata: { intake: { verificationId: "v-live" } } },
    });
    expect(completed).toEqual({
      type: "data_exchange.call.completed",
      subject: call.id,
      serviceCall: { status: "completed", result: "conclusive", metadata: { intake: { verificationId: "v-live" } } },
    });
    // Nothing of another call, and not the window timer's own bookkeeping.
    await settle();
    expect(feed.untaken()).toEqual([]);
  });

  it("refuses an id that is not one", async () => {
    const feed = await subscribe('subscription { serviceCallChanged(id: "nope") { type } }');
    await feed.finished();
    expect(JSON.stringify(feed.results.length ? feed.results : feed.error)).toMatch(/must be a uuid/);
  });
});
