// Eligibility's reactions to intake over the real event spine (events.md §4): a submitted application
// gets its determination, pending and flagged as the screening said, with one pending decision per
// member and program the member applies for, each event caused by the submission; the same event
// delivered again changes nothing; a withdrawn application withdraws its determination.
import { bearer } from "../support/auth";
import { type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { waitFor } from "../support/waiting";

const { api, db, settle } = useTestPlatform("eligibility_reactions");

const worker = () => bearer(["case_worker"], { sub: "eligibility|worker" });

/** A submitted medicaid + TANF application (no filing minimum) whose members apply for what `programs` says. */
async function submittedApplication(
  members: { roles: string[]; programsAppliedFor?: string[] }[],
): Promise<{ id: string; memberIds: string[] }> {
  const application = await api.post("/intake/applications", { programs: ["medicaid", "tanf"] });
  const memberIds: string[] = [];
  for (const member of members) memberIds.push((await api.post(`/intake/applications/${application.body.id}/members`, member)).body.id);
  const submitted = await api.post(`/intake/applications/${application.body.id}/submit`, undefined, await worker());
  expect(submitted.status).toBe(200);
  return { id: application.body.id, memberIds };
}

const determinationOf = async (applicationId: string) =>
  (await api.get(listPath("/eligibility/determinations", { applicationId }))).body.items[0] as Json | undefined;

describe("intake.application.submitted", () => {
  it("creates a pending determination with one pending decision per member and program applied for", async () => {
    const { id, memberIds } = await submittedApplication([
      { roles: ["primary_applicant"] },
      { roles: ["household_member"], programsAppliedFor: ["medicaid", "snap"] },
      { roles: ["non_applying_member"] },
    ]);
    await waitFor(async () => (await determinationOf(id)) !== undefined, "the determination");
    const determination = (await determinationOf(id))!;
    expect(determination).toMatchObject({ applicationId: id, status: "pending", expeditedFlagged: false });

    const decisions = (await api.get(listPath(`/eligibility/determinations/${determination.id}/decisions`, { limit: 100 }))).body
      .items as Json[];
    expect(decisions.map((decision) => [decision.memberId, decision.program, decision.status]).sort()).toEqual(
      [
        [memberIds[0], "medicaid", "pending"],
        [memberIds[0], "tanf", "pending"],
        [memberIds[1], "medicaid", "pending"],
      ].sort(),
    );

    // Each event names the submission as its cause.
    const [submitted] = (await api.get(listPath("/platform/events", { subject: id, type: "intake.application.submitted" }))).body
      .items as Json[];
    expect(submitted!.data.members).toEqual([
      { memberId: memberIds[0], programs: ["medicaid", "tanf"] },
      { memberId: memberIds[1], programs: ["medicaid"] },
      { memberId: memberIds[2], programs: [] },
    ]);
    const [created] = (
      await api.get(listPath("/platform/events", { subject: determination.id, type: "eligibility.determination.created" }))
    ).body.items as Json[];
    expect(created).toMatchObject({ causationid: submitted!.id, data: { applicationId: id, status: "pending" } });
    for (const decision of decisions) {
      const [event] = (await api.get(listPath("/platform/events", { subject: decision.id, type: "eligibility.decision.created" }))).body
        .items as Json[];
      expect(event).toMatchObject({ causationid: submitted!.id, data: { id: decision.id, status: "pending" } });
    }
  });

  it("writes nothing more when the same event is delivered again", async () => {
    const { id } = await submittedApplication([{ roles: ["primary_applicant"] }]);
    await waitFor(async () => (await determinationOf(id)) !== undefined, "the determination");
    await settle();
    const count = async () => ({
      determinations: await db().determination.count(),
      decisions: await db().decision.count(),
      events: await db().platformEvent.count({ where: { source: "/eligibility" } }),
    });
    const before = await count();
    // Back to the start of the log: every submission so far reaches the consumer a second time.
    await db().eventConsumer.update({ where: { name: "eligibility.applications" }, data: { position: 0n } });
    await settle();
    await waitFor(
      async () => ((await db().eventConsumer.findUnique({ where: { name: "eligibility.applications" } }))?.position ?? 0n) > 0n,
      "the consumer to read the log again",
    );
    await settle();
    expect(await count()).toEqual(before);
  });

  it("flags the determination expedited when the SNAP screening said so", async () => {
    const application = await api.post("/intake/applications", {
      programs: ["snap"],
      expeditedSnap: { totalMoneyExpectedThisMonth: 80, totalCashOnHand: 20 },
    });
    const id = application.body.id as string;
    // The filing minimum: a named primary applicant with an address (or none, homeless) and a signature.
    const member = await api.post(`/intake/applications/${id}/members`, {
      roles: ["primary_applicant"],
      contact: { name: { firstName: "Rae", lastName: "Quill" }, isExperiencingHomelessness: true },
    });
    await api.post(`/intake/applications/${id}/signatures`, {
      signer: { type: "member", id: member.body.id, role: "applicant" },
      purpose: "application",
      signedAt: "2026-11-20T09:00:00Z",
      signatureMethod: "verbal",
    });
    const submitted = await api.post(`/intake/applications/${id}/submit`, undefined, await worker());
    // Filed unscreened: the eligibility adapter screens it after filing.
    expect(submitted.body).toMatchObject({ status: "submitted", isExpedited: null });
    await waitFor(async () => (await determinationOf(id))?.expeditedFlagged === true, "the determination flagged expedited");
    expect((await determinationOf(id))!).toMatchObject({
      status: "pending",
      expeditedScreening: {
        status: "screened",
        expedited: true,
        explanation: expect.objectContaining({ program: "snap", rules: expect.any(Array) }),
      },
    });
    await waitFor(
      async () => (await api.get(`/intake/applications/${id}`)).body.isExpedited === true,
      "intake to mark the application expedited",
    );
    const [created] = (
      await api.get(listPath("/platform/events", { subject: (await determinationOf(id))!.id, type: "eligibility.determination.created" }))
    ).body.items as Json[];
    const [screened] = (await api.get(listPath("/platform/events", { subject: id, type: "eligibility.determination.screened" }))).body
      .items as Json[];
    expect(screened).toMatchObject({ causationid: created!.id, data: { expedited: true } });
    const decisions = (await api.get(`/eligibility/determinations/${(await determinationOf(id))!.id}/decisions`)).body.items as Json[];
    expect(decisions.map((decision) => [decision.memberId, decision.program])).toEqual([[member.body.id, "snap"]]);
  });
});

describe("the expedited screening through the adapter", () => {
  /** A filed SNAP application of one member with what the expedited questions and the member say. */
  async function screened(expeditedSnap: Json, member: Json): Promise<Json> {
    const application = await api.post("/intake/applications", { programs: ["snap"], expeditedSnap });
    const id = application.body.id as string;
    const primary = await api.post(`/intake/applications/${id}/members`, {
      roles: ["primary_applicant"],
      contact: { name: { firstName: "Ana", lastName: "Campo" }, isExperiencingHomelessness: true },
      ...member,
    });
    await api.post(`/intake/applications/${id}/signatures`, {
      signer: { type: "member", id: primary.body.id, role: "applicant" },
      purpose: "application",
      signedAt: "2026-11-20T09:00:00Z",
      signatureMethod: "verbal",
    });
    expect((await api.post(`/intake/applications/${id}/submit`, undefined, await worker())).status).toBe(200);
    await waitFor(async () => (await determinationOf(id))?.expeditedScreening?.status === "screened", "the screening");
    return (await determinationOf(id))!;
  }

  // $2,000 this month and $50 in cash: neither under $150 nor under the shelter costs; only the farmworker ground can apply.
  const notPoorThisMonth = { totalMoneyExpectedThisMonth: 2000, totalCashOnHand: 50 };

  it("finds a destitute migrant farmworker household expedited (7 CFR 273.2(i)(1)(iii))", async () => {
    const determination = await screened({ ...notPoorThisMonth, isDestitute: true }, { isMigrantFarmWorker: true });
    expect(determination).toMatchObject({ expeditedFlagged: true, expeditedScreening: { expedited: true } });
    const ground = determination.expeditedScreening.explanation.rules.find((rule: Json) => rule.citation.endsWith("(iii)"));
    expect(ground).toMatchObject({ outcome: "met" });
  });

  it("does not find the same household expedited when it is not destitute, and intake records the answer", async () => {
    const determination = await screened({ ...notPoorThisMonth, isDestitute: false }, { isMigrantFarmWorker: true });
    expect(determination).toMatchObject({ expeditedFlagged: false, expeditedScreening: { expedited: false } });
    await waitFor(
      async () => (await api.get(`/intake/applications/${determination.applicationId}`)).body.isExpedited === false,
      "intake to record the answer",
    );
  });
});

describe("intake.application.withdrawn", () => {
  it("withdraws the application's determination, caused by the withdrawal, and a redelivery changes nothing", async () => {
    const { id } = await submittedApplication([{ roles: ["primary_applicant"] }]);
    await waitFor(async () => (await determinationOf(id)) !== undefined, "the determination");
    const withdrawn = await api.post(`/intake/applications/${id}/withdraw`, { reason: "moved away" }, await worker());
    expect(withdrawn.status).toBe(200);
    await waitFor(async () => (await determinationOf(id))?.status === "withdrawn", "the determination to be withdrawn");
    expect((await determinationOf(id))!.withdrawnAt).toEqual(expect.any(String));
    const [cause] = (await api.get(listPath("/platform/events", { subject: id, type: "intake.application.withdrawn" }))).body
      .items as Json[];
    const events = (await api.get(listPath("/platform/events", { subject: id, type: "eligibility.determination.withdrawn" }))).body
      .items as Json[];
    expect(events).toEqual([expect.objectContaining({ causationid: cause!.id })]);
  });

  it("leaves a completed determination as it is", async () => {
    const { id } = await submittedApplication([{ roles: ["primary_applicant"] }]);
    await waitFor(async () => (await determinationOf(id)) !== undefined, "the determination");
    const determination = (await determinationOf(id))!;
    await db().decision.updateMany({ where: { determinationId: determination.id }, data: { status: "approved" } });
    const system = await bearer(["system"], { sub: "eligibility|system" });
    expect((await api.post(`/eligibility/determinations/${determination.id}/complete`, undefined, system)).body.status).toBe("completed");
    await api.post(`/intake/applications/${id}/withdraw`, { reason: "moved away" }, await worker());
    await settle();
    expect((await determinationOf(id))!.status).toBe("completed");
  });
});
