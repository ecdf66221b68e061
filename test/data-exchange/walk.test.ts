// Issue 17's walk through public APIs, with the reference eligibility adapter and the reference agency
// simulator beside the platform as `npm start` runs them: a household files for SNAP and Medicaid; intake's
// electronic verifications call the agencies (the SSA for identity and for citizenship), and
// their conclusive answers satisfy them; an inconclusive answer asks for a document instead; the
// Medicaid decision's own checks (federal tax information, Medicare) come back and the adapter decides it
// ex parte, with no caseworker and before any review.
import { applicantAccount } from "../support/auth";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { until } from "../support/waiting";
import { signAndSubmit, verificationsOf } from "../support/intake-fixtures";

const { api } = useTestPlatform("data_exchange_walk");

it("filed for SNAP and Medicaid → agencies verify → Medicaid decided ex parte", async () => {
  const { headers: applicant } = await applicantAccount(api);
  const application = await expectStatus(
    api.post("/intake/applications", { programs: ["snap", "medicaid"], channel: "online" }, applicant),
    201,
    "create",
  );
  const base = `/intake/applications/${application.id}`;
  // SSNs the simulator answers by their last digit: 1 conclusive, 6 inconclusive.
  const grace = await expectStatus(
    api.post(
      `${base}/members`,
      {
        roles: ["primary_applicant"],
        programsAppliedFor: ["snap", "medicaid"],
        personalInformation: { ssn: "123-45-6781", dateOfBirth: "1988-03-14" },
        citizenship: { citizenshipStatus: "us_citizen" },
        contact: {
          name: { firstName: "Grace", lastName: "Okafor" },
          primaryAddress: { addressLine1: "4 Elm St", city: "Springfield", state: "IL", zip: "62704" },
        },
      },
      applicant,
    ),
    201,
    "primary applicant",
  );
  const tobi = await expectStatus(
    api.post(
      `${base}/members`,
      {
        roles: ["household_member"],
        programsAppliedFor: ["snap"],
        personalInformation: { ssn: "123-45-6786", dateOfBirth: "2012-07-02" },
        contact: { name: { firstName: "Tobi", lastName: "Okafor" } },
      },
      applicant,
    ),
    201,
    "child",
  );
  const wages = await expectStatus(
    api.post(
      `${base}/incomes`,
      { memberId: grace.id, type: "employed", amount: 900, frequency: "monthly", payerName: "Riverside Clinic" },
      applicant,
    ),
    201,
    "income",
  );
  await signAndSubmit(api, base, grace.id, applicant);

  // Intake's electronic verifications: Grace's identity, citizenship, immigration and income; Tobi's identity.
  let verifications: Json[] = [];
  await until(
    "Grace's electronic verifications to be satisfied",
    async () => {
      verifications = await verificationsOf(api, application.id);
      const hers = verifications.filter((entry) => entry.sourceId === grace.id || entry.sourceId === wages.id);
      return hers.length === 4 && hers.every((entry) => entry.status === "satisfied");
    },
    60_000,
  );
  const graces = verifications.filter((entry) => entry.sourceId === grace.id);
  expect(graces.map((entry) => entry.category).sort()).toEqual(["citizenship", "identity", "immigration"]);
  const identity = graces.find((entry) => entry.category === "identity")!;
  const citizenship = graces.find((entry) => entry.category === "citizenship")!;
  // Both ask the SSA (one call when the first is still pending as the second asks, else one each); its conclusive answer is their evidence.
  expect(identity.electronicChecks).toEqual([
    expect.objectContaining({ serviceType: "fdsh_ssa", status: "completed", result: "conclusive" }),
  ]);
  expect(citizenship.electronicChecks).toEqual([
    expect.objectContaining({ serviceType: "fdsh_ssa", status: "completed", result: "conclusive" }),
  ]);
  expect(identity.evidence).toEqual([
    expect.objectContaining({
      type: "electronic",
      source: "fdsh_ssa",
      result: "conclusive",
      serviceCallId: identity.electronicChecks[0].serviceCallId,
    }),
  ]);
  const income = verifications.find((entry) => entry.sourceId === wages.id)!;
  expect(income.electronicChecks.map((check: Json) => check.serviceType).sort()).toEqual(["irs_ievs", "ssa_ievs", "swica", "uib"]);
  const ssa = await expectStatus(
    api.get(`/data-exchange/service-calls/${identity.electronicChecks[0].serviceCallId}`),
    200,
    "the SSA call",
  );
  expect(ssa).toMatchObject({
    serviceType: "fdsh_ssa",
    requestingResourceId: grace.id,
    status: "completed",
    metadata: { intake: { verificationId: identity.id, applicationId: application.id } },
  });

  // Tobi's SSN comes back inconclusive: his identity is marked so, and a document is asked for.
  await until(
    "Tobi's identity to be inconclusive with a document verification",
    async () => {
      verifications = await verificationsOf(api, application.id);
      const his = verifications.filter((entry) => entry.sourceId === tobi.id && entry.category === "identity");
      return (
        his.some((entry) => entry.status === "inconclusive") &&
        his.some((entry) => entry.verificationType === "document" && entry.status === "pending")
      );
    },
    60_000,
  );

  // The Medicaid decision's checks come back conclusive and the adapter approves it ex parte.
  const [determination] = (await api.get(listPath("/eligibility/determinations", { applicationId: application.id }))).body.items;
  let medicaid: Json | undefined;
  await until(
    "the Medicaid decision to be decided ex parte",
    async () => {
      const decisions: Json[] = (await api.get(`/eligibility/determinations/${determination.id}/decisions`)).body.items;
      medicaid = decisions.find((decision) => decision.program === "medicaid");
      return medicaid?.status !== "pending";
    },
    60_000,
  );
  expect(medicaid).toMatchObject({ memberId: grace.id, status: "approved", path: "auto" });
  expect(medicaid!.electronicChecks.map((check: Json) => [check.serviceType, check.status, check.result])).toEqual([
    ["fdsh_fti", "completed", "conclusive"],
    ["fdsh_medicare", "completed", "conclusive"],
  ]);
  expect(medicaid!.explanation.rules).toEqual(
    expect.arrayContaining([expect.objectContaining({ id: "medicaid-ex-parte", outcome: "passed" })]),
  );
  const [checksIn] = (await api.get(listPath("/platform/events", { subject: medicaid!.id, type: "eligibility.decision.checks_completed" })))
    .body.items;
  expect(checksIn.causationid).toEqual(expect.any(String));

  // The graph walks from the application to its calls, and from a verification to its own.
  const graph = await api.graphql(
    `query ($id: ID!) { application(id: $id) { serviceCalls { serviceType status service { name } } verifications { category serviceCalls { serviceType result } } } }`,
    { id: application.id },
  );
  expect(graph.errors).toBeUndefined();
  const calls: Json[] = graph.data.application.serviceCalls;
  expect(new Set(calls.map((call) => call.serviceType))).toEqual(
    new Set(["fdsh_ssa", "fdsh_vlp", "ssa_ievs", "irs_ievs", "swica", "uib", "fdsh_fti", "fdsh_medicare"]),
  );
  expect(calls.find((call) => call.serviceType === "fdsh_fti")!.service.name).toBe("IRS Federal Tax Information via FDSH");
  const identityInGraph = graph.data.application.verifications.find(
    (entry: Json) => entry.category === "identity" && entry.serviceCalls.length,
  );
  expect(identityInGraph.serviceCalls[0]).toMatchObject({ serviceType: "fdsh_ssa" });
});
