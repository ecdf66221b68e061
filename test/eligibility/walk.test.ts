// Issue 16's walk end to end, through public APIs only, with the reference eligibility adapter running
// beside the platform as `npm start` runs it: a SNAP household with little money this month files; the
// adapter's screening finds it expedited, so the application is marked expedited and its review task
// jumps the queue on the 7-day clock; a caseworker claims the review, settles the verifications and
// completes the review; the adapter decides each member's SNAP with its rules and citations; the
// determination completes, the application closes, and case management opens the household's case.
import { readFileSync } from "node:fs";
import path from "node:path";
import { applicantAccount, workerAccount } from "../support/auth";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { waitFor } from "../support/waiting";
import { eventsOf } from "../support/event-log";
import { signAndSubmit } from "../support/intake-fixtures";

const { api, platform, settle } = useTestPlatform("eligibility_walk");

/** The caseworker's application screen exactly as the intake page shows it. */
const SCREEN = readFileSync(path.join(__dirname, "../../docs/domains/intake.md"), "utf8").match(
  /```graphql\n(query ApplicationScreen[\s\S]*?)```/,
)![1]!;

it("filed → screened expedited → review claimed → verifications settled → reviewed → approved by the adapter's rules → closed → the household's case", async () => {
  const { headers: applicant } = await applicantAccount(api);
  // $90 coming this month, $40 in cash, $850 rent: under $150 with $100 or less (7 CFR 273.2(i)(1)(i)).
  const application = await expectStatus(
    api.post(
      "/intake/applications",
      { programs: ["snap"], channel: "online", expeditedSnap: { totalMoneyExpectedThisMonth: 90, totalCashOnHand: 40, monthlyRent: 850 } },
      applicant,
    ),
    201,
    "create",
  );
  const base = `/intake/applications/${application.id}`;
  const dana = await expectStatus(
    api.post(
      `${base}/members`,
      {
        roles: ["primary_applicant"],
        programsAppliedFor: ["snap"],
        personalInformation: { dateOfBirth: "1990-04-12" },
        contact: {
          name: { firstName: "Dana", lastName: "Reyes" },
          primaryAddress: { addressLine1: "12 Birch Rd", city: "Springfield", state: "IL", zip: "62704" },
          email: "dana.reyes@example.org",
        },
      },
      applicant,
    ),
    201,
    "primary applicant",
  );
  const leo = await expectStatus(
    api.post(
      `${base}/members`,
      {
        roles: ["household_member"],
        programsAppliedFor: ["snap"],
        personalInformation: { dateOfBirth: "2018-09-01" },
        contact: { name: { firstName: "Leo", lastName: "Reyes" } },
      },
      applicant,
    ),
    201,
    "child",
  );
  await expectStatus(
    api.post(`${base}/incomes`, { memberId: dana.id, type: "employed", amount: 900, frequency: "monthly" }, applicant),
    201,
    "income",
  );
  const filed = await signAndSubmit(api, base, dana.id, applicant);
  expect(filed).toMatchObject({ status: "submitted", isExpedited: null });

  // The adapter screens the household expedited: the determination is flagged, intake marks the application, workflow the task.
  let determination: Json | undefined;
  await waitFor(async () => {
    determination = (await api.get(listPath("/eligibility/determinations", { applicationId: application.id }))).body.items[0];
    return determination?.expeditedFlagged === true;
  }, "the expedited screening");
  expect(determination!.expeditedScreening).toMatchObject({
    status: "screened",
    expedited: true,
    explanation: {
      program: "snap",
      rules: expect.arrayContaining([expect.objectContaining({ citation: expect.stringContaining("273.2(i)") })]),
    },
  });
  await waitFor(async () => (await api.get(base)).body.isExpedited === true, "intake to mark it expedited");
  let task: Json | undefined;
  await waitFor(async () => {
    task = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${application.id}` }))).body.items[0];
    return task?.isExpedited === true;
  }, "the review task to be expedited");
  expect(task).toMatchObject({ priority: 1, slaInfo: [expect.objectContaining({ slaTypeCode: "snap_expedited" })] });

  // A caseworker claims the review (which opens the application) and settles the verifications.
  const worker = await workerAccount(api);
  await expectStatus(api.post(`/workflow/tasks/${task!.id}/claim`, undefined, worker.headers), 200, "claim");
  await waitFor(async () => (await api.get(base)).body.status === "under_review", "the application to open");
  // The agencies have answered the electronic checks (without SSNs, inconclusively: each asks for a document too).
  let verifications: Json[] = [];
  await waitFor(async () => {
    verifications = (await api.get(listPath(`${base}/verifications`, { limit: 100 }))).body.items as Json[];
    const electronic = verifications.filter((verification) => verification.verificationType === "electronic");
    return (
      electronic.length > 0 &&
      electronic.every(
        (verification) =>
          verification.electronicChecks.length > 0 && verification.electronicChecks.every((check: Json) => check.status !== "pending"),
      )
    );
  }, "the agencies to answer the electronic checks");
  expect(verifications.some((verification) => verification.verificationType === "document" && verification.category === "identity")).toBe(
    true,
  );
  for (const verification of verifications) {
    await expectStatus(
      api.post(`${base}/verifications/${verification.id}/waive`, { reason: "Seen in the interview" }, worker.headers),
      200,
      `waive ${verification.category}`,
    );
  }
  // The household was interviewed (SNAP is decided only after its interview, 7 CFR 273.2(e)).
  await expectStatus(api.patch(`${base}/interview`, { completedAt: new Date().toISOString() }, worker.headers), 200, "interview held");
  await expectStatus(api.post(`${base}/complete-review`, undefined, worker.headers), 200, "complete review");

  // The adapter decides each member's SNAP; the last decision completes the determination and intake closes the application.
  await waitFor(async () => (await api.get(base)).body.status === "closed", "the application to close");
  const decisions = (await api.get(`/eligibility/determinations/${determination!.id}/decisions`)).body.items as Json[];
  expect(decisions.map((decision) => [decision.memberId, decision.program, decision.status, decision.path]).sort()).toEqual(
    [
      [dana.id, "snap", "approved", "auto"],
      [leo.id, "snap", "approved", "auto"],
    ].sort(),
  );
  // Every decision explains itself: the household's figures and the rules with their citations.
  for (const decision of decisions) {
    expect(decision.explanation).toMatchObject({
      program: "snap",
      figures: expect.objectContaining({ householdSize: 2 }),
      rules: expect.arrayContaining([expect.objectContaining({ citation: expect.stringContaining("7 CFR 273") })]),
    });
  }
  expect((await api.get(`/eligibility/determinations/${determination!.id}`)).body.status).toBe("completed");
  const members = (await api.get(`${base}/members`)).body.items as Json[];
  for (const member of members)
    expect(member.programDeterminations).toEqual([{ program: "snap", outcome: "approved", determinedAt: expect.any(String) }]);

  // Each hop is caused by the one before.
  const [reviewed] = await eventsOf(api, application.id, "intake.application.review_completed");
  const [decided] = await eventsOf(api, decisions[0]!.id, "eligibility.application.decision_completed");
  expect(decided!.causationid).toBe(reviewed!.id);
  const [completed] = await eventsOf(api, application.id, "eligibility.application.determination_completed");
  const [closed] = await eventsOf(api, application.id, "intake.application.closed");
  expect(closed!.causationid).toBe(completed!.id);

  // Case management opens the household's case: both members, each now a person, linked both ways.
  let linked: Json[] = [];
  await waitFor(async () => {
    linked = (await api.get(`${base}/members`)).body.items;
    return linked.every((member) => member.personId);
  }, "the members to be linked to persons");
  const screen = await api.graphql(SCREEN, { id: application.id });
  expect(screen.errors).toBeUndefined();
  const graph = screen.data.application;
  expect(graph.case).toMatchObject({ status: "active", primaryApplicantId: linked.find((member) => member.id === dana.id)!.personId });
  expect(graph.case.members.map((member: Json) => member.personId).sort()).toEqual(linked.map((member) => member.personId).sort());
  expect(graph.determination).toMatchObject({ status: "completed", expeditedFlagged: true });
  expect(graph.determination.decisions).toHaveLength(2);
  expect(graph.determination.decisions.every((decision: Json) => decision.status === "approved" && decision.member.id)).toBe(true);
  const person = await expectStatus(api.get(`/persons/${graph.case.primaryApplicantId}`), 200, "the primary applicant's person");
  expect(person).toMatchObject({ name: { firstName: "Dana", lastName: "Reyes" }, dateOfBirth: "1990-04-12" });
  // The review task was ended with the application.
  expect((await api.get(`/workflow/tasks/${task!.id}`)).body.status).toBe("completed");
}, 120_000);

it("every event of the walk delivered again to the reactions changes nothing: no second call's effect, decision, case or person", async () => {
  const db = platform().database.prisma;
  const consumers = [
    "eligibility.applications",
    "eligibility.adapter",
    "intake.eligibility",
    "workflow.application-tasks",
    "case-management.approvals",
    "intake.case-links",
    "intake.electronic-checks",
    "eligibility.electronic-checks",
  ];
  await settle();
  const snapshot = async () => ({
    events: await db.platformEvent.count(),
    decisions: await db.decision.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, decidedAt: true } }),
    cases: await db.case.count(),
    persons: await db.person.count(),
    members: await db.applicationMember.findMany({
      orderBy: { id: "asc" },
      select: { id: true, personId: true, programDeterminations: true },
    }),
  });
  const before = await snapshot();
  expect(before.cases).toBe(1);
  const { count } = await db.eventConsumer.updateMany({ where: { name: { in: consumers } }, data: { position: 0n } });
  expect(count).toBe(consumers.length);
  await settle();
  expect(await snapshot()).toEqual(before);
});
