// Data exchange as a deployment configures it and as intake's verifications live with it (issue 17),
// against real PostgreSQL and the reference agency simulator over real HTTP: the catalog changed and
// extended by a services file, never the API; a verification whose call fails or times out stays open
// with the reason for the caseworker to see; an end delivered again changes nothing, and intake's
// reactions name the event that caused them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expectListEnvelope, expectStatus, type Json } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { agencySwitch } from "../support/agency-control";
import { until } from "../support/waiting";
import { eventsOf } from "../support/event-log";
import { verificationsOf } from "../support/intake-fixtures";

const FDSH_VLP = "4ecf1b2f-3559-4956-9c74-184588905f7a";
const VCI = "0b7f6c52-5a1e-4d8e-9a64-3f1c2d9e7a10";

// The deployment's own entry for the type the seeded catalog lacks, and a two-second window for
// lawful presence, so that a slow agency's call is timed out by its durable timer within the test.
const servicesFile = path.join(mkdtempSync(path.join(tmpdir(), "pap-dx-services-")), "services.json");
writeFileSync(
  servicesFile,
  JSON.stringify({
    services: [
      { id: FDSH_VLP, windowSeconds: 2 },
      {
        id: VCI,
        name: "Verify Current Income via FDSH",
        serviceType: "fdsh_vci",
        programs: ["medicaid"],
        requestingResourceType: "intake/applications/members",
      },
    ],
  }),
);
process.env.DATA_EXCHANGE_SERVICES_FILE = servicesFile;
// One attempt in all: an agency's error fails the call at once.
process.env.DATA_EXCHANGE_ATTEMPTS_PER_CALL = "1";
process.env.DATA_EXCHANGE_OUTBOX_ATTEMPTS = "1";
process.env.INTAKE_FILING_MINIMUM = "off";

const { api, platform } = useTestPlatform("data_exchange_verifications");

/** The simulator's switch (latency, failures), reset after every test. */
const agency = agencySwitch(() => platform().agencyUrl);
const control = agency.set;
afterEach(async () => {
  await agency.reset();
});

/** A draft application with one member whose SSN ends in `digit` (the simulator's answer follows it). */
async function applicant(digit: number): Promise<{ applicationId: string; memberId: string }> {
  const application = await expectStatus(
    api.post("/intake/applications", { programs: ["medicaid"], channel: "online" }),
    201,
    "application",
  );
  const member = await expectStatus(
    api.post(`/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      personalInformation: { ssn: `321-54-876${digit}`, dateOfBirth: "1979-09-09" },
      contact: { name: { firstName: "Lena", lastName: "Marsh" } },
    }),
    201,
    "member",
  );
  return { applicationId: application.id, memberId: member.id };
}

const verify = (applicationId: string, memberId: string, category: string) =>
  expectStatus(
    api.post(`/intake/applications/${applicationId}/verifications`, {
      category,
      verificationType: "electronic",
      sourceId: memberId,
      sourceType: "member",
    }),
    201,
    category,
  );
const verification = async (applicationId: string, id: string): Promise<Json> =>
  expectStatus(api.get(`/intake/applications/${applicationId}/verifications/${id}`), 200, "verification");

describe("the catalog a deployment configured", () => {
  it("holds the seeded entries as changed, and the deployment's own entry as configuration (system-sourced)", async () => {
    const entries = expectListEnvelope(await api.get("/data-exchange/services?limit=50"), {
      total: 12,
      limit: 50,
      offset: 0,
      hasNext: false,
    });
    expect(entries.find((entry: Json) => entry.id === VCI)).toMatchObject({
      serviceType: "fdsh_vci",
      source: "system",
      defaultCallMode: "async",
      programs: ["medicaid"],
    });
    expect(entries.find((entry: Json) => entry.id === FDSH_VLP)).toMatchObject({ serviceType: "fdsh_vlp", source: "system" });
    expect(entries.every((entry: Json) => entry.endpoint === undefined && entry.windowSeconds === undefined)).toBe(true);
    // Its calls are made like any other's: the type resolves to it, and the agency answers.
    // (Made for a member, as a Medicaid decision calls it.)
    const { memberId } = await applicant(2);
    const call = await expectStatus(
      api.post("/data-exchange/service-calls", { serviceType: "fdsh_vci", requestingResourceId: memberId }),
      201,
      "vci call",
    );
    expect(call).toMatchObject({ serviceId: VCI, requestingResourceType: "intake/applications/members" });
    await until(
      "the VCI call to complete",
      async () => (await expectStatus(api.get(`/data-exchange/service-calls/${call.id}`), 200, "call")).status === "completed",
    );
  });
});

describe("a verification whose calls do not succeed", () => {
  it("stays open with the reason in its checks: the agency's error fails its call, a slow agency's call is timed out by its window", async () => {
    // The SSA answers 503 to everything; lawful presence (SSN ending 9) answers after 8 s, past its 2 s window.
    await control({ failing: ["fdsh_ssa"], slowMs: 8000 });
    const { applicationId, memberId } = await applicant(9);
    const identity = await verify(applicationId, memberId, "identity");
    const immigration = await verify(applicationId, memberId, "immigration");

    await until("the identity check to fail and the immigration check to time out", async () => {
      const [a, b] = await Promise.all([verification(applicationId, identity.id), verification(applicationId, immigration.id)]);
      return a.electronicChecks[0]?.status === "failed" && b.electronicChecks[0]?.status === "timed_out";
    });
    const failed = await verification(applicationId, identity.id);
    expect(failed).toMatchObject({ status: "pending", evidence: [] });
    expect(failed.electronicChecks).toEqual([
      expect.objectContaining({
        serviceType: "fdsh_ssa",
        status: "failed",
        failureReason: "service_error",
        result: null,
        checkedAt: expect.any(String),
      }),
    ]);
    const timedOut = await verification(applicationId, immigration.id);
    expect(timedOut).toMatchObject({ status: "pending", evidence: [] });
    expect(timedOut.electronicChecks).toEqual([expect.objectContaining({ serviceType: "fdsh_vlp", status: "timed_out", result: null })]);
    // No document is asked for: the caseworker decides what follows.
    expect((await verificationsOf(api, applicationId)).filter((entry) => entry.verificationType === "document")).toEqual([]);

    // The caseworker sees the same through the graph, with the agency's last error.
    const graph = await api.graphql(
      `query ($id: ID!) { application(id: $id) { verifications { category status serviceCalls { status failureReason lastError } } } }`,
      { id: applicationId },
    );
    expect(graph.errors).toBeUndefined();
    const byCategory = Object.fromEntries(graph.data.application.verifications.map((entry: Json) => [entry.category, entry]));
    expect(byCategory.identity).toEqual({
      category: "identity",
      status: "pending",
      serviceCalls: [{ status: "failed", failureReason: "service_error", lastError: expect.stringContaining("answered 503") }],
    });
    expect(byCategory.immigration.serviceCalls).toEqual([expect.objectContaining({ status: "timed_out", failureReason: null })]);

    // The slow answer that arrives after the window changes nothing: the call stays timed out, with one end.
    const [vlpCall] = timedOut.electronicChecks;
    await until(
      "the agency to answer the timed-out call",
      async () => ((await (await fetch(`${platform().agencyUrl}/calls/${vlpCall.serviceCallId}`)).json()) as Json).answered === 1,
    );
    await platform().settle();
    expect(await expectStatus(api.get(`/data-exchange/service-calls/${vlpCall.serviceCallId}`), 200, "call")).toMatchObject({
      status: "timed_out",
      result: null,
    });
    expect(await eventsOf(api, vlpCall.serviceCallId, "data_exchange.call.completed")).toEqual([]);
  });
});

describe("intake's reactions to a call's end", () => {
  it("name the completion as their cause, and an end delivered again changes nothing", async () => {
    const { applicationId, memberId } = await applicant(1);
    const identity = await verify(applicationId, memberId, "identity");
    await until(
      "the identity verification to be satisfied",
      async () => (await verification(applicationId, identity.id)).status === "satisfied",
    );
    const satisfied = await verification(applicationId, identity.id);
    const callId = satisfied.electronicChecks[0].serviceCallId;
    const completed = (await eventsOf(api, callId, "data_exchange.call.completed"))[0]!;
    const satisfaction = (await eventsOf(api, identity.id, "intake.verification.satisfied"))[0]!;
    expect(satisfaction.causationid).toBe(completed.id);
    expect(satisfaction.traceparent?.split("-")[1]).toBe(completed.traceparent?.split("-")[1]);

    // The same call's end arrives again (an agency's answer replayed, an event redelivered), saying otherwise.
    const { id: _id, time: _time, ...again } = completed;
    await expectStatus(
      api.post("/platform/events", {
        ...again,
        id: "7d3f1c2e-9b8a-4c6d-8e5f-0a1b2c3d4e5f",
        time: new Date().toISOString(),
        data: { ...completed.data, result: "inconclusive" },
      }),
      201,
      "replayed end",
    );
    await platform().settle();
    const after = await verification(applicationId, identity.id);
    expect(after).toMatchObject({ status: "satisfied", evidence: satisfied.evidence, electronicChecks: satisfied.electronicChecks });
    expect((await verificationsOf(api, applicationId)).filter((entry) => entry.verificationType === "document")).toEqual([]);
  });
});
