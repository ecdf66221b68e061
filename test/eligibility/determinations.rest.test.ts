// Determinations and decisions over REST and GraphQL against PostgreSQL (SPEC §3.5, §4.6;
// state-machines §4, §5): every action from every state it allows and from one it does not, the
// system-only rule (403 for a caseworker, after 404 and the state), complete's guard, the bodies the
// decision actions need, the determination-level forms of approve and deny (the decision named, or
// the only pending one), and the reads.
import { randomUUID } from "node:crypto";
import { decisionMachine, determinationMachine } from "@pap/eligibility/contract";
import { bearer } from "../support/auth";
import { determinationFixture } from "../support/eligibility-fixtures";
import { expectErrorEnvelope, type Json, listPath, MISSING_ID } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";
import { benefitPrograms } from "@pap/core";

const { api, db } = useTestPlatform("eligibility_rest");

const system = () => bearer(["system"], { sub: "eligibility|system" });
const worker = () => bearer(["case_worker"], { sub: "eligibility|worker" });
const base = "/eligibility/determinations";
/** A GET as a caller other than the administrator. */
const getAs = async (path: string, headers: Promise<Record<string, string>> | Record<string, string>) =>
  api.raw("GET", path, undefined, await headers);

const decisionBody = (action: string) => (action === "approve" ? { path: "auto" } : { path: "manual", denialReasonCode: "INC-001" });

const determinationStates = Object.keys(determinationMachine.states);
const determinationAllowed = Object.entries(determinationMachine.actions).flatMap(([action, definition]) =>
  definition.from.map((from: string) => [action, from, definition.to ?? from] as const),
);
const determinationDisallowed = Object.entries(determinationMachine.actions).map(
  ([action, definition]) => [action, determinationStates.find((state) => !definition.from.includes(state as never))!] as const,
);
const decisionStates = Object.keys(decisionMachine.states);
const decisionAllowed = Object.entries(decisionMachine.actions).flatMap(([action, definition]) =>
  definition.from.map((from: string) => [action, from, definition.to!] as const),
);
const decisionDisallowed = Object.entries(decisionMachine.actions).map(
  ([action, definition]) => [action, decisionStates.find((state) => !definition.from.includes(state as never))!] as const,
);

describe("determination actions", () => {
  // The fixture's one decision is made already, so that complete's guard holds.
  it.each(determinationAllowed)("%s from %s → %s, with its event about the application", async (action, from, to) => {
    const fixture = await determinationFixture(db(), { status: from as never, decisionStatus: "approved" });
    const response = await api.post(`${base}/${fixture.determinationId}/${action}`, undefined, await system());
    expect({ status: response.status, state: response.body.status }).toEqual({ status: 200, state: to });
    const [event] = await eventsOf(api, fixture.applicationId, "eligibility.*");
    expect(event).toMatchObject({
      source: "/eligibility",
      subject: fixture.applicationId,
      data: { applicationId: fixture.applicationId, determinationId: fixture.determinationId },
    });
  });

  it.each(determinationDisallowed)("%s from %s is 409 naming the state", async (action, from) => {
    const fixture = await determinationFixture(db(), { status: from as never, decisionStatus: "approved" });
    const refused = expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/${action}`, undefined, await system()),
      409,
      "CONFLICT",
    );
    expect(refused.message).toContain(from);
  });

  it("flag-expedited sets expeditedFlagged and emits eligibility.application.expedited; complete and withdraw stamp their instants", async () => {
    const flagged = await determinationFixture(db());
    expect((await api.post(`${base}/${flagged.determinationId}/flag-expedited`, undefined, await system())).body).toMatchObject({
      status: "pending",
      expeditedFlagged: true,
    });
    expect((await eventsOf(api, flagged.applicationId, "eligibility.*")).map((event) => event.type)).toEqual([
      "eligibility.application.expedited",
    ]);
    const done = await determinationFixture(db(), { status: "in_progress", decisionStatus: "denied" });
    expect((await api.post(`${base}/${done.determinationId}/complete`, undefined, await system())).body).toMatchObject({
      status: "completed",
      completedAt: expect.any(String),
    });
    expect((await eventsOf(api, done.applicationId, "eligibility.*")).map((event) => event.type)).toEqual([
      "eligibility.application.determination_completed",
    ]);
    const withdrawn = await determinationFixture(db());
    expect((await api.post(`${base}/${withdrawn.determinationId}/withdraw`, undefined, await system())).body).toMatchObject({
      status: "withdrawn",
      withdrawnAt: expect.any(String),
    });
    expect((await eventsOf(api, withdrawn.applicationId, "eligibility.*")).map((event) => event.type)).toEqual([
      "eligibility.determination.withdrawn",
    ]);
  });

  it("checks in the platform's order: 404, the state, the role, complete's guard, the body", async () => {
    const caseworker = await worker();
    expectErrorEnvelope(await api.post(`${base}/${MISSING_ID}/complete`, undefined, caseworker), 404, "NOT_FOUND");
    const completed = await determinationFixture(db(), { status: "completed", decisionStatus: "approved" });
    expectErrorEnvelope(await api.post(`${base}/${completed.determinationId}/complete`, undefined, caseworker), 409, "CONFLICT");
    const undecided = await determinationFixture(db(), { status: "in_progress" });
    expectErrorEnvelope(await api.post(`${base}/${undecided.determinationId}/complete`, undefined, caseworker), 403, "FORBIDDEN");
    const guard = expectErrorEnvelope(
      await api.post(`${base}/${undecided.determinationId}/complete`, undefined, await system()),
      409,
      "CONFLICT",
    );
    expect(guard.message).toContain("every decision");
    expect((await api.get(`${base}/${undecided.determinationId}`)).body.status).toBe("in_progress");
    expectErrorEnvelope(
      await api.post(`${base}/${undecided.determinationId}/withdraw`, { reason: "none taken" }, await system()),
      422,
      "VALIDATION_ERROR",
    );
  });

  it("is the system's alone: a caseworker, a supervisor and a state administrator are refused", async () => {
    const fixture = await determinationFixture(db());
    for (const roles of [["case_worker"], ["supervisor"], ["state_admin"]] as const) {
      expectErrorEnvelope(
        await api.post(
          `${base}/${fixture.determinationId}/flag-expedited`,
          undefined,
          await bearer(roles, { sub: `eligibility|${roles[0]}` }),
        ),
        403,
        "FORBIDDEN",
      );
    }
    expect((await api.get(`${base}/${fixture.determinationId}`)).body.expeditedFlagged).toBe(false);
  });
});

describe("decision actions", () => {
  it.each(decisionAllowed)("%s from %s → %s: decided, its event, and a pending determination in progress", async (action, from, to) => {
    const fixture = await determinationFixture(db(), { decisionStatus: from as never, program: "medicaid" });
    // A second member's decision still pending: the last decision made completes its determination (a
    // reaction, a moment later), which would race the in-progress state this checks.
    await db().decision.create({
      data: {
        determinationId: fixture.determinationId,
        applicationId: fixture.applicationId,
        memberId: randomUUID(),
        program: "medicaid",
        status: "pending",
      },
    });
    const body = decisionBody(action);
    const response = await api.post(`${base}/${fixture.determinationId}/decisions/${fixture.decisionId}/${action}`, body, await system());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: to,
      path: body.path,
      decidedAt: expect.any(String),
      denialReasonCode: (body as Json).denialReasonCode ?? null,
    });
    const [event] = await eventsOf(api, fixture.decisionId, "eligibility.*");
    expect(event).toMatchObject({
      type: "eligibility.application.decision_completed",
      data: {
        determinationId: fixture.determinationId,
        memberId: fixture.memberId,
        program: "medicaid",
        status: to,
        path: body.path,
        ...("denialReasonCode" in body && { denialReasonCode: body.denialReasonCode }),
      },
    });
    expect((await api.get(`${base}/${fixture.determinationId}`)).body.status).toBe("in_progress");
  });

  it.each(decisionDisallowed)("%s from %s is 409 naming the state", async (action, from) => {
    const fixture = await determinationFixture(db(), { status: "in_progress", decisionStatus: from as never });
    const refused = expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/decisions/${fixture.decisionId}/${action}`, decisionBody(action), await system()),
      409,
      "CONFLICT",
    );
    expect(refused.message).toContain(from);
  });

  it("checks in the platform's order, then the body: a path, and a reason code to deny or find ineligible", async () => {
    const fixture = await determinationFixture(db());
    const path = `${base}/${fixture.determinationId}/decisions/${fixture.decisionId}`;
    expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/decisions/${MISSING_ID}/approve`, { path: "auto" }, await system()),
      404,
      "NOT_FOUND",
    );
    // A decision named under another determination's path is not found.
    const other = await determinationFixture(db());
    expectErrorEnvelope(
      await api.post(`${base}/${other.determinationId}/decisions/${fixture.decisionId}/approve`, { path: "auto" }, await system()),
      404,
      "NOT_FOUND",
    );
    expectErrorEnvelope(await api.post(`${path}/approve`, { path: "auto" }, await worker()), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.post(`${path}/approve`, {}, await worker()), 403, "FORBIDDEN");
    const noPath = expectErrorEnvelope(await api.post(`${path}/approve`, { path: "automatic" }, await system()), 422, "VALIDATION_ERROR");
    expect(noPath.details).toEqual([expect.objectContaining({ field: "path" })]);
    const noCode = expectErrorEnvelope(await api.post(`${path}/deny`, { path: "auto" }, await system()), 422, "VALIDATION_ERROR");
    expect(noCode.details).toEqual([expect.objectContaining({ field: "denialReasonCode" })]);
    expect((await api.get(path)).body.status).toBe("pending");
    expect((await api.get(`${base}/${fixture.determinationId}`)).body.status).toBe("pending");
  });

  it("refuses a decision of a withdrawn determination", async () => {
    const fixture = await determinationFixture(db(), { status: "withdrawn" });
    expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/decisions/${fixture.decisionId}/approve`, { path: "auto" }, await system()),
      409,
      "CONFLICT",
    );
  });

  it("takes the spec's determination-level forms, naming the decision in the body and answering the determination", async () => {
    const fixture = await determinationFixture(db());
    const approved = await api.post(
      `${base}/${fixture.determinationId}/approve`,
      { decisionId: fixture.decisionId, path: "auto" },
      await system(),
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: fixture.determinationId, status: "in_progress" });
    expect((await api.get(`${base}/${fixture.determinationId}/decisions/${fixture.decisionId}`)).body).toMatchObject({
      status: "approved",
      path: "auto",
    });
    const denying = await determinationFixture(db());
    const denied = await api.post(
      `${base}/${denying.determinationId}/deny`,
      { decisionId: denying.decisionId, path: "manual", denialReasonCode: "INC-002" },
      await system(),
    );
    expect(denied.body).toMatchObject({ id: denying.determinationId, status: "in_progress" });
    expect((await api.get(`${base}/${denying.determinationId}/decisions/${denying.decisionId}`)).body).toMatchObject({
      status: "denied",
      denialReasonCode: "INC-002",
    });
  });

  it.each(["approve", "deny"])("%s at the determination's path without decisionId decides its one pending decision", async (action) => {
    const fixture = await determinationFixture(db(), { program: "medicaid" });
    // A decision already made beside it does not count: only a pending one can be approved or denied.
    await db().decision.create({
      data: {
        determinationId: fixture.determinationId,
        applicationId: fixture.applicationId,
        memberId: fixture.memberId,
        program: "chip",
        status: "denied",
        denialReasonCode: "AGE-9",
      },
    });
    const body = decisionBody(action);
    const response = await api.post(`${base}/${fixture.determinationId}/${action}`, body, await system());
    expect({ status: response.status, id: response.body.id, state: response.body.status }).toEqual({
      status: 200,
      id: fixture.determinationId,
      state: "in_progress",
    });
    expect((await api.get(`${base}/${fixture.determinationId}/decisions/${fixture.decisionId}`)).body).toMatchObject({
      status: action === "approve" ? "approved" : "denied",
      path: body.path,
    });
    const [event] = await eventsOf(api, fixture.decisionId, "eligibility.*");
    expect(event).toMatchObject({
      type: "eligibility.application.decision_completed",
      data: { determinationId: fixture.determinationId, program: "medicaid" },
    });
  });

  it("without decisionId and several decisions pending, or none: 422 naming the pending ones, and nothing is decided", async () => {
    const fixture = await determinationFixture(db(), { program: "medicaid" });
    const second = await db().decision.create({
      data: { determinationId: fixture.determinationId, applicationId: fixture.applicationId, memberId: fixture.memberId, program: "chip" },
    });
    const several = expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/approve`, { path: "auto" }, await system()),
      422,
      "VALIDATION_ERROR",
    );
    expect(several.message).toContain("decisionId");
    expect(several.details).toEqual([
      { field: "decisionId", message: "is required" },
      { field: "decisionId", message: `may be ${fixture.decisionId} (medicaid for member ${fixture.memberId}, pending)` },
      { field: "decisionId", message: `may be ${second.id} (chip for member ${fixture.memberId}, pending)` },
    ]);
    expect((await db().decision.findMany({ where: { determinationId: fixture.determinationId } })).map((row) => row.status)).toEqual([
      "pending",
      "pending",
    ]);
    expect((await api.get(`${base}/${fixture.determinationId}`)).body.status).toBe("pending");

    const decided = await determinationFixture(db(), { status: "in_progress", decisionStatus: "approved" });
    const none = expectErrorEnvelope(
      await api.post(`${base}/${decided.determinationId}/deny`, { path: "manual", denialReasonCode: "INC-1" }, await system()),
      422,
      "VALIDATION_ERROR",
    );
    expect(none.message).toBe("No decision of the determination can be acted on by deny: none is pending.");
    expect(none.details).toEqual([{ field: "decisionId", message: "is required" }]);
  });

  it("a decisionId that is not one of the determination's is 422 naming the pending ones", async () => {
    const fixture = await determinationFixture(db());
    const other = await determinationFixture(db());
    for (const decisionId of [other.decisionId, MISSING_ID, "not-an-id"]) {
      const refused = expectErrorEnvelope(
        await api.post(`${base}/${fixture.determinationId}/approve`, { decisionId, path: "auto" }, await system()),
        422,
        "VALIDATION_ERROR",
      );
      expect(refused.details).toEqual([
        { field: "decisionId", message: "names no decision of this determination" },
        { field: "decisionId", message: expect.stringContaining(fixture.decisionId) },
      ]);
    }
    expect((await api.get(`${base}/${other.determinationId}/decisions/${other.decisionId}`)).body.status).toBe("pending");
  });

  it("checks at the determination's path in the platform's order: 404, a withdrawn determination's 409, the role's 403, the choice's 422, the decision's 409, the body's 422", async () => {
    expectErrorEnvelope(await api.post(`${base}/${MISSING_ID}/approve`, { path: "auto" }, await system()), 404, "NOT_FOUND");
    const withdrawn = await determinationFixture(db(), { status: "withdrawn" });
    expectErrorEnvelope(await api.post(`${base}/${withdrawn.determinationId}/approve`, { path: "auto" }, await system()), 409, "CONFLICT");
    const fixture = await determinationFixture(db());
    await db().decision.create({
      data: { determinationId: fixture.determinationId, applicationId: fixture.applicationId, memberId: fixture.memberId, program: "tanf" },
    });
    // A caseworker is refused before learning which decisions are pending.
    const forbidden = expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/approve`, { path: "auto" }, await worker()),
      403,
      "FORBIDDEN",
    );
    expect(forbidden.details).toBeUndefined();
    expectErrorEnvelope(
      await api.post(`${base}/${fixture.determinationId}/approve`, { path: "auto" }, await system()),
      422,
      "VALIDATION_ERROR",
    );
    const made = await determinationFixture(db(), { decisionStatus: "denied" });
    expectErrorEnvelope(
      await api.post(`${base}/${made.determinationId}/approve`, { decisionId: made.decisionId, path: "auto" }, await system()),
      409,
      "CONFLICT",
    );
    const single = await determinationFixture(db());
    const noCode = expectErrorEnvelope(
      await api.post(`${base}/${single.determinationId}/deny`, { path: "manual" }, await system()),
      422,
      "VALIDATION_ERROR",
    );
    expect(noCode.details).toEqual([expect.objectContaining({ field: "denialReasonCode" })]);
    expect((await api.get(`${base}/${single.determinationId}/decisions/${single.decisionId}`)).body.status).toBe("pending");
  });

  it("runs at the determination's path in the graph, decisionId optional", async () => {
    const fixture = await determinationFixture(db());
    const mutation = `mutation ($id: ID!) { performDeterminationDecisionAction(determinationId: $id, action: approve, body: { path: "manual" }) { id status decisions { id status path } } }`;
    const response = await api.post("/graphql", { query: mutation, variables: { id: fixture.determinationId } }, await system());
    expect(response.body).toEqual({
      data: {
        performDeterminationDecisionAction: {
          id: fixture.determinationId,
          status: "in_progress",
          decisions: [{ id: fixture.decisionId, status: "approved", path: "manual" }],
        },
      },
    });
  });
});

describe("reads", () => {
  it("lists, filters by applicationId (as a parameter and in q), gets, and lists a determination's decisions", async () => {
    const fixture = await determinationFixture(db(), { program: "medicaid" });
    await db().decision.create({
      data: {
        determinationId: fixture.determinationId,
        applicationId: fixture.applicationId,
        memberId: fixture.memberId,
        program: "chip",
        status: "denied",
        denialReasonCode: "AGE-9",
      },
    });
    const caseworker = await worker();
    const byParam = await getAs(listPath(base, { applicationId: fixture.applicationId }), caseworker);
    expect(byParam.body).toMatchObject({
      total: 1,
      items: [{ id: fixture.determinationId, applicationId: fixture.applicationId, status: "pending", expeditedFlagged: false }],
    });
    expect((await getAs(listPath(base, { q: `applicationId:${fixture.applicationId}` }), caseworker)).body.total).toBe(1);
    expectErrorEnvelope(await getAs(listPath(base, { applicationId: "not-a-uuid" }), caseworker), 400, "BAD_REQUEST");
    expect(
      (
        await getAs(
          `${base}/${fixture.determinationId}`,
          await bearer(["partner_readonly"], { sub: "eligibility|partner", programs: [...benefitPrograms] }),
        )
      ).status,
    ).toBe(200);
    expectErrorEnvelope(
      await getAs(`${base}/${fixture.determinationId}`, bearer(["applicant"], { sub: "eligibility|applicant" })),
      403,
      "FORBIDDEN",
    );
    expectErrorEnvelope(await api.get(`${base}/${MISSING_ID}`), 404, "NOT_FOUND");

    const decisions = await getAs(listPath(`${base}/${fixture.determinationId}/decisions`, { sort: "program" }), caseworker);
    expect(decisions.body.items.map((decision: Json) => [decision.program, decision.status])).toEqual([
      ["medicaid", "pending"],
      ["chip", "denied"],
    ]);
    expect(decisions.body.items[0]).toMatchObject({
      electronicChecks: [],
      explanation: null,
      memberId: fixture.memberId,
      determinationId: fixture.determinationId,
    });
    expect((await api.get(listPath(`${base}/${fixture.determinationId}/decisions`, { q: "status:denied age" }))).body.total).toBe(1);
    expect(
      (await api.get(listPath(`${base}/${fixture.determinationId}/decisions`, { limit: 1, offset: 1, sort: "-createdAt" }))).body,
    ).toMatchObject({ total: 2, items: [{ program: "medicaid" }] });
    expectErrorEnvelope(await api.get(`${base}/${MISSING_ID}/decisions`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`${base}/${MISSING_ID}/decisions/${fixture.decisionId}`), 404, "NOT_FOUND");
  });

  it("answers the same in the graph, with its decisions", async () => {
    const fixture = await determinationFixture(db());
    const query = `query ($id: ID!, $q: String) {
      determination(id: $id) { id status applicationId decisions { id program status determination { id } } }
      determinations(q: $q) { total items { id } }
      decisions(determinationId: $id) { total items { id memberId } }
    }`;
    const response = await api.post(
      "/graphql",
      { query, variables: { id: fixture.determinationId, q: `applicationId:${fixture.applicationId}` } },
      await worker(),
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data).toEqual({
      determination: {
        id: fixture.determinationId,
        status: "pending",
        applicationId: fixture.applicationId,
        decisions: [{ id: fixture.decisionId, program: "snap", status: "pending", determination: { id: fixture.determinationId } }],
      },
      determinations: { total: 1, items: [{ id: fixture.determinationId }] },
      decisions: { total: 1, items: [{ id: fixture.decisionId, memberId: fixture.memberId }] },
    });
  });

  it("runs the actions as mutations, with the same checks", async () => {
    const fixture = await determinationFixture(db());
    const mutation = `mutation ($id: ID!, $determinationId: ID) { approveDecision(id: $id, determinationId: $determinationId, path: "auto") { id status path } }`;
    const refused = await api.post(
      "/graphql",
      { query: mutation, variables: { id: fixture.decisionId, determinationId: fixture.determinationId } },
      await worker(),
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const approved = await api.post(
      "/graphql",
      { query: mutation, variables: { id: fixture.decisionId, determinationId: fixture.determinationId } },
      await system(),
    );
    expect(approved.body).toEqual({ data: { approveDecision: { id: fixture.decisionId, status: "approved", path: "auto" } } });
  });
});
