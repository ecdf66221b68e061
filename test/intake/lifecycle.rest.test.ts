// The application and verification lifecycles over REST against PostgreSQL (state-machines §0, §2, §3):
// every action from every state it allows and from one it does not, the order of the checks
// (404 → 409 state → 403 role → 422 body), the filing minimum, withdrawal without a body, and the three
// forms of a verification's action path (the two the text names, and the table's at the application's path).
import { applicationMachine, verificationMachine } from "@pap/intake/contract";
import { applicantAccount, bearer } from "../support/auth";
import { expectErrorEnvelope, type Json, listPath, MISSING_ID } from "../support/expectations";
import { useTestPlatform } from "../support/platform";

const { api, db } = useTestPlatform("intake_lifecycle");

const supervisor = () => bearer(["supervisor"], { sub: "lifecycle|supervisor" });
const system = () => bearer(["system"], { sub: "lifecycle|system" });

/** A caller each action admits (the machine's first clause), and a body it accepts. */
const callerFor = (action: string) => {
  const actors = (applicationMachine.actions as Json)[action].who.flatMap((clause: Json) => clause.actors);
  return actors.includes("system")
    ? system()
    : actors.includes("case_worker")
      ? bearer(["case_worker"], { sub: "lifecycle|worker" })
      : supervisor();
};
const bodyFor = (action: string) => (action === "withdraw" ? { reason: "moved out of state" } : undefined);

async function applicationIn(status: string): Promise<string> {
  const created = await api.post("/intake/applications", { programs: ["medicaid"] });
  await db().application.update({ where: { id: created.body.id }, data: { status: status as never } });
  return created.body.id;
}

const eventTypes = async (subject: string) =>
  (await api.get(listPath("/platform/events", { subject, type: "intake.*", limit: 100 }))).body.items.map((event: Json) => event.type);
const states = Object.keys(applicationMachine.states);
const allowed = Object.entries(applicationMachine.actions).flatMap(([action, definition]) =>
  definition.from.map((from: string) => [action, from, definition.to ?? from] as const),
);
const disallowed = Object.entries(applicationMachine.actions).map(
  ([action, definition]) => [action, states.find((state) => !definition.from.includes(state as never))!] as const,
);

describe("application actions", () => {
  // Medicaid has no filing minimum here, so submit needs nothing written first.
  it.each(allowed)("%s from %s → %s, with its event", async (action, from, to) => {
    const id = await applicationIn(from);
    const response = await api.post(`/intake/applications/${id}/${action}`, bodyFor(action), await callerFor(action));
    expect({ status: response.status, state: response.body.status }).toEqual({ status: 200, state: to });
    expect((await eventTypes(id)).length).toBeGreaterThan(1);
  });

  it.each(disallowed)("%s from %s is 409 naming the state", async (action, from) => {
    const id = await applicationIn(from);
    const refused = expectErrorEnvelope(
      await api.post(`/intake/applications/${id}/${action}`, bodyFor(action), await callerFor(action)),
      409,
      "CONFLICT",
    );
    expect(refused.message).toContain(from);
  });

  it("checks in the contract's order: 404, then the state, then the role, then the body", async () => {
    const worker = await bearer(["case_worker"], { sub: "lifecycle|worker" });
    expectErrorEnvelope(await api.post(`/intake/applications/${MISSING_ID}/open`, undefined, worker), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.post(`/intake/applications/${await applicationIn("draft")}/open`, undefined, worker), 409, "CONFLICT");
    expectErrorEnvelope(
      await api.post(`/intake/applications/${await applicationIn("submitted")}/open`, undefined, worker),
      403,
      "FORBIDDEN",
    );
    const withdrawing = await applicationIn("submitted");
    const emptyReason = expectErrorEnvelope(
      await api.post(`/intake/applications/${withdrawing}/withdraw`, { reason: " " }, worker),
      422,
      "VALIDATION_ERROR",
    );
    expect(emptyReason.details).toEqual([expect.objectContaining({ field: "reason" })]);
    const unknownField = expectErrorEnvelope(
      await api.post(`/intake/applications/${withdrawing}/withdraw`, { why: "moved" }, worker),
      422,
      "VALIDATION_ERROR",
    );
    expect(unknownField.details).toEqual([expect.objectContaining({ field: "why" })]);
    expect((await api.get(`/intake/applications/${withdrawing}`)).body.status).toBe("submitted");
  });

  it.each([
    ["no body at all", undefined],
    ["an empty body sent as JSON", ""],
    ["an empty object", {}],
    ["a null reason", { reason: null }],
  ])("withdraws with %s (SPEC §3.4: the body is optional), its event saying no reason", async (_label, body) => {
    const worker = await bearer(["case_worker"], { sub: "lifecycle|worker" });
    const id = await applicationIn("under_review");
    const response = await api.post(`/intake/applications/${id}/withdraw`, body, worker);
    expect({ status: response.status, state: response.body.status }).toEqual({ status: 200, state: "withdrawn" });
    const [withdrawn] = (await api.get(listPath("/platform/events", { subject: id, type: "intake.application.withdrawn" }))).body.items;
    expect(withdrawn.data).toEqual({ reason: null });
  });

  it("withdraws through the graph without a reason too", async () => {
    const id = await applicationIn("submitted");
    const response = await api.graphql(`mutation ($id: ID!) { withdrawApplication(id: $id) { id status } }`, { id });
    expect(response).toEqual({ data: { withdrawApplication: { id, status: "withdrawn" } } });
  });

  it("stamps submittedAt, withdrawnAt and closedAt", async () => {
    const worker = await bearer(["case_worker"], { sub: "lifecycle|worker" });
    const id = await applicationIn("draft");
    expect((await api.post(`/intake/applications/${id}/submit`, undefined, worker)).body.submittedAt).toEqual(expect.any(String));
    expect((await api.post(`/intake/applications/${id}/withdraw`, { reason: "found work" }, worker)).body).toMatchObject({
      status: "withdrawn",
      withdrawnAt: expect.any(String),
    });
    const [withdrawn] = (await api.get(listPath("/platform/events", { subject: id, type: "intake.application.withdrawn" }))).body.items;
    expect(withdrawn.data).toEqual({ reason: "found work" });
  });

  it("lets an applicant submit and withdraw their own application, and no one else's", async () => {
    const applicant = (await applicantAccount(api)).headers;
    const other = (await applicantAccount(api)).headers;
    const own = (await api.post("/intake/applications", { programs: ["medicaid"] }, applicant)).body.id;
    expectErrorEnvelope(await api.post(`/intake/applications/${own}/submit`, undefined, other), 403, "FORBIDDEN");
    expect((await api.post(`/intake/applications/${own}/submit`, undefined, applicant)).status).toBe(200);
    expectErrorEnvelope(await api.post(`/intake/applications/${own}/close`, undefined, applicant), 409, "CONFLICT");
    expect((await api.post(`/intake/applications/${own}/withdraw`, { reason: "no longer needed" }, applicant)).body.status).toBe(
      "withdrawn",
    );
  });
});

describe("the filing minimum (SNAP, 7 CFR 273.2(c)(1))", () => {
  it("refuses submission with one detail per missing item, and accepts it once each is there", async () => {
    const worker = await bearer(["case_worker"], { sub: "lifecycle|worker" });
    const id = (await api.post("/intake/applications", { programs: ["snap"] })).body.id;
    const empty = expectErrorEnvelope(await api.post(`/intake/applications/${id}/submit`, undefined, worker), 422, "VALIDATION_ERROR");
    expect(empty.details!.map((detail) => detail.field)).toEqual(["members", "members", "signatures"]);
    const member = await api.post(`/intake/applications/${id}/members`, {
      roles: ["primary_applicant"],
      contact: { name: { firstName: "Ida", lastName: "Moss" }, isExperiencingHomelessness: true },
    });
    const unsigned = expectErrorEnvelope(await api.post(`/intake/applications/${id}/submit`, undefined, worker), 422, "VALIDATION_ERROR");
    expect(unsigned.details).toEqual([{ field: "signatures", message: "needs a signature with purpose application" }]);
    await api.post(`/intake/applications/${id}/signatures`, {
      signer: { type: "member", id: member.body.id, role: "applicant" },
      purpose: "application",
      signedAt: "2026-11-20T09:00:00Z",
      signatureMethod: "verbal",
    });
    expect((await api.get(`/intake/applications/${id}`)).body.status).toBe("draft");
    expect((await api.post(`/intake/applications/${id}/submit`, undefined, worker)).body.status).toBe("submitted");
  });
});

describe("verification actions", () => {
  async function verificationIn(status: string): Promise<{ applicationId: string; id: string }> {
    const applicationId = await applicationIn("under_review");
    const created = await api.post(`/intake/applications/${applicationId}/verifications`, { category: "residency" });
    expect(created.status).toBe(201);
    await db().verification.update({ where: { id: created.body.id }, data: { status } });
    return { applicationId, id: created.body.id };
  }
  const verificationCaller = (action: string) =>
    ["satisfy", "mark-inconclusive"].includes(action) ? system() : bearer(["case_worker"], { sub: "lifecycle|worker" });
  const verificationBody = (action: string) =>
    ["waive", "mark-cannot-verify"].includes(action) ? { reason: "documents lost in a fire" } : undefined;
  const vStates = Object.keys(verificationMachine.states);
  const vAllowed = Object.entries(verificationMachine.actions).flatMap(([action, definition]) =>
    definition.from.map((from: string) => [action, from, definition.to!] as const),
  );

  it.each(vAllowed)("%s from %s → %s, under the application's path and without it", async (action, from, to) => {
    const under = await verificationIn(from);
    const response = await api.post(
      `/intake/applications/${under.applicationId}/verifications/${under.id}/${action}`,
      verificationBody(action),
      await verificationCaller(action),
    );
    expect({ status: response.status, state: response.body.status }).toEqual({ status: 200, state: to });
    const flat = await verificationIn(from);
    expect(
      (
        await api.post(
          `/intake/applications/verifications/${flat.id}/${action}`,
          verificationBody(action),
          await verificationCaller(action),
        )
      ).body.status,
    ).toBe(to);
  });

  it.each(Object.keys(verificationMachine.actions))("%s from a state it does not allow is 409", async (action) => {
    const from = vStates.find((state) => !(verificationMachine.actions as Json)[action].from.includes(state))!;
    const { applicationId, id } = await verificationIn(from);
    expectErrorEnvelope(
      await api.post(
        `/intake/applications/${applicationId}/verifications/${id}/${action}`,
        verificationBody(action),
        await verificationCaller(action),
      ),
      409,
      "CONFLICT",
    );
  });

  describe("at the application's path, as the specification's table writes them, the verification named in the body", () => {
    it.each(vAllowed)("%s from %s → %s, answering the application", async (action, from, to) => {
      const { applicationId, id } = await verificationIn(from);
      const response = await api.post(
        `/intake/applications/${applicationId}/${action}`,
        { verificationId: id, ...verificationBody(action) },
        await verificationCaller(action),
      );
      expect({ status: response.status, id: response.body.id, state: response.body.status }).toEqual({
        status: 200,
        id: applicationId,
        state: "under_review",
      });
      expect((await api.get(`/intake/applications/${applicationId}/verifications/${id}`)).body.status).toBe(to);
      const [event] = (await api.get(listPath("/platform/events", { subject: id, type: "intake.verification.*" }))).body.items.filter(
        (entry: Json) => entry.type !== "intake.verification.created",
      );
      expect(event).toMatchObject({ subject: id, ...(verificationBody(action) && { data: verificationBody(action) }) });
    });

    it("names no verification: 422 with one detail per verification the action applies to, and nothing changes", async () => {
      const { applicationId, id: pending } = await verificationIn("pending");
      const inconclusive = (await api.post(`/intake/applications/${applicationId}/verifications`, { category: "income" })).body.id;
      await db().verification.update({ where: { id: inconclusive }, data: { status: "inconclusive" } });
      const satisfied = (await api.post(`/intake/applications/${applicationId}/verifications`, { category: "identity" })).body.id;
      await db().verification.update({ where: { id: satisfied }, data: { status: "satisfied" } });
      const worker = await verificationCaller("waive");
      for (const body of [undefined, {}, { reason: "documents lost in a fire" }]) {
        const refused = expectErrorEnvelope(
          await api.post(`/intake/applications/${applicationId}/waive`, body, worker),
          422,
          "VALIDATION_ERROR",
        );
        expect(refused.message).toContain("verificationId");
        expect(refused.details).toEqual([
          { field: "verificationId", message: "is required" },
          { field: "verificationId", message: expect.stringContaining(`${pending} (residency of the household, pending)`) },
          { field: "verificationId", message: expect.stringContaining(`${inconclusive} (income of the household, inconclusive)`) },
        ]);
      }
      // mark-inconclusive applies only to a pending verification: only that one is listed.
      const narrower = expectErrorEnvelope(
        await api.post(`/intake/applications/${applicationId}/mark-inconclusive`, undefined, await system()),
        422,
        "VALIDATION_ERROR",
      );
      expect(narrower.details!.slice(1)).toEqual([{ field: "verificationId", message: expect.stringContaining(pending) }]);
      const statuses = (await db().verification.findMany({ where: { applicationId }, orderBy: { createdAt: "asc" } })).map(
        (row) => row.status,
      );
      expect(statuses).toEqual(["pending", "inconclusive", "satisfied"]);
    });

    it("names a verification of another application, an unknown one or something that is not an id: 422 listing this application's", async () => {
      const { applicationId, id } = await verificationIn("pending");
      const other = await verificationIn("pending");
      const worker = await verificationCaller("waive");
      for (const named of [other.id, MISSING_ID, "not-an-id", 42, { id }]) {
        const refused = expectErrorEnvelope(
          await api.post(`/intake/applications/${applicationId}/waive`, { verificationId: named, reason: "x" }, worker),
          422,
          "VALIDATION_ERROR",
        );
        expect(refused.details).toEqual([
          { field: "verificationId", message: "names no verification of this application" },
          { field: "verificationId", message: expect.stringContaining(id) },
        ]);
      }
      expect((await api.get(`/intake/applications/${other.applicationId}/verifications/${other.id}`)).body.status).toBe("pending");
    });

    it("an application with nothing the action applies to: 422 saying so", async () => {
      const { applicationId } = await verificationIn("waived");
      const refused = expectErrorEnvelope(
        await api.post(`/intake/applications/${applicationId}/satisfy`, undefined, await system()),
        422,
        "VALIDATION_ERROR",
      );
      expect(refused.message).toBe("No verification of the application can be acted on by satisfy: none is pending or inconclusive.");
      expect(refused.details).toEqual([{ field: "verificationId", message: "is required" }]);
    });

    it("checks in the platform's order: the application's 404, the role's 403 before any listing, the verification's 409, then the body's 422", async () => {
      const { applicationId, id } = await verificationIn("pending");
      const worker = await verificationCaller("waive");
      expectErrorEnvelope(
        await api.post(`/intake/applications/${MISSING_ID}/waive`, { verificationId: id, reason: "x" }, worker),
        404,
        "NOT_FOUND",
      );
      // A caseworker may not satisfy: refused before learning which verifications there are.
      const forbidden = expectErrorEnvelope(
        await api.post(`/intake/applications/${applicationId}/satisfy`, undefined, worker),
        403,
        "FORBIDDEN",
      );
      expect(forbidden.details).toBeUndefined();
      expectErrorEnvelope(
        await api.post(`/intake/applications/${applicationId}/satisfy`, { verificationId: id }, worker),
        403,
        "FORBIDDEN",
      );
      await db().verification.update({ where: { id }, data: { status: "waived" } });
      expectErrorEnvelope(
        await api.post(`/intake/applications/${applicationId}/waive`, { verificationId: id, reason: "x" }, worker),
        409,
        "CONFLICT",
      );
      const open = await verificationIn("pending");
      const noReason = expectErrorEnvelope(
        await api.post(`/intake/applications/${open.applicationId}/waive`, { verificationId: open.id }, worker),
        422,
        "VALIDATION_ERROR",
      );
      expect(noReason.details).toEqual([expect.objectContaining({ field: "reason" })]);
      const applicant = await bearer(["applicant"], { sub: "lifecycle|applicant", userId: "0c0c0c0c-0000-4000-8000-000000000003" });
      expectErrorEnvelope(
        await api.post(`/intake/applications/${open.applicationId}/waive`, { verificationId: open.id, reason: "x" }, applicant),
        403,
        "FORBIDDEN",
      );
      expect((await api.get(`/intake/applications/${open.applicationId}/verifications/${open.id}`)).body.status).toBe("pending");
    });

    it("runs in the graph as performApplicationVerificationAction, with the same rule", async () => {
      const { applicationId, id } = await verificationIn("pending");
      const mutation = `mutation ($applicationId: ID!, $verificationId: ID, $body: JSONObject) {
        performApplicationVerificationAction(applicationId: $applicationId, action: waive, verificationId: $verificationId, body: $body) { id status verifications { id status } } }`;
      const unnamed = await api.graphql(mutation, { applicationId, body: { reason: "x" } });
      expect(unnamed.errors[0].extensions).toMatchObject({
        code: "VALIDATION_ERROR",
        details: [
          { field: "verificationId", message: "is required" },
          { field: "verificationId", message: expect.stringContaining(id) },
        ],
      });
      const waived = await api.graphql(mutation, { applicationId, verificationId: id, body: { reason: "x" } });
      expect(waived).toEqual({
        data: {
          performApplicationVerificationAction: { id: applicationId, status: "under_review", verifications: [{ id, status: "waived" }] },
        },
      });
    });
  });

  it("answers 404 for a verification of another application, 403 for a caseworker's satisfy, 422 for a waiver without a reason", async () => {
    const { id } = await verificationIn("pending");
    const other = await applicationIn("under_review");
    expectErrorEnvelope(
      await api.post(`/intake/applications/${other}/verifications/${id}/waive`, { reason: "x" }, await verificationCaller("waive")),
      404,
      "NOT_FOUND",
    );
    expectErrorEnvelope(
      await api.post(`/intake/applications/verifications/${id}/satisfy`, undefined, await verificationCaller("waive")),
      403,
      "FORBIDDEN",
    );
    expectErrorEnvelope(
      await api.post(`/intake/applications/verifications/${id}/waive`, {}, await verificationCaller("waive")),
      422,
      "VALIDATION_ERROR",
    );
  });
});
