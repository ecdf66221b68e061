// Where the deployment's policy asks a supervisor to sign off denials (INTAKE_DETERMINATION_APPROVAL=
// denials), a completed determination with a denial sends the application to pending_approval and
// workflow opens the approval task; the supervisor's sign-off closes it. An approval alone closes the
// application at once. The reference adapter decides, from the household's income.
import { bearer, workerAccount } from "../support/auth";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";

process.env.INTAKE_FILING_MINIMUM = "off";
process.env.INTAKE_DETERMINATION_APPROVAL = "denials";

const { api, settle } = useTestPlatform("eligibility_approval");

/** A one-person SNAP household with `monthlyPay`, filed, claimed, its verifications waived and its review completed. */
async function reviewed(monthlyPay: number): Promise<string> {
  const application = await expectStatus(
    api.post("/intake/applications", {
      programs: ["snap"],
      channel: "online",
      expeditedSnap: { totalMoneyExpectedThisMonth: monthlyPay, totalCashOnHand: 500 },
    }),
    201,
    "create",
  );
  const base = `/intake/applications/${application.id}`;
  const member = await expectStatus(
    api.post(`${base}/members`, {
      roles: ["primary_applicant"],
      personalInformation: { dateOfBirth: "1980-01-01" },
      contact: { name: { firstName: "Sam", lastName: `Pay${monthlyPay}` } },
    }),
    201,
    "member",
  );
  await expectStatus(
    api.post(`${base}/incomes`, { memberId: member.id, type: "employed", amount: monthlyPay, frequency: "monthly" }),
    201,
    "income",
  );
  await expectStatus(api.post(`${base}/submit`, {}), 200, "submit");
  await settle();
  const worker = await workerAccount(api);
  const [task] = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${application.id}` }))).body.items;
  await expectStatus(api.post(`/workflow/tasks/${task.id}/claim`, undefined, worker.headers), 200, "claim");
  await settle();
  for (const verification of (await api.get(listPath(`${base}/verifications`, { limit: 100 }))).body.items as Json[]) {
    await expectStatus(
      api.post(`${base}/verifications/${verification.id}/waive`, { reason: "Seen in the interview" }, worker.headers),
      200,
      "waive",
    );
  }
  // Not what these tests are about: the SNAP interview is waived, so the review may complete.
  await expectStatus(
    api.patch(`${base}/interview`, { waiverGranted: true, waiverReason: "Not at issue here" }, worker.headers),
    200,
    "waive the interview",
  );
  await expectStatus(api.post(`${base}/complete-review`, undefined, worker.headers), 200, "complete review");
  await settle();
  return application.id;
}

it("a denial waits for a supervisor: pending_approval, the approval task, and the sign-off closes it without a case", async () => {
  // $5,000 a month for one person is over SNAP's gross income limit.
  const applicationId = await reviewed(5000);
  const application = (await api.get(`/intake/applications/${applicationId}`)).body;
  expect(application.status).toBe("pending_approval");
  const members = (await api.get(`/intake/applications/${applicationId}/members`)).body.items as Json[];
  expect(members[0]!.programDeterminations).toEqual([{ program: "snap", outcome: "denied", determinedAt: expect.any(String) }]);
  const tasks = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${applicationId}`, sort: "createdAt" }))).body.items as Json[];
  expect(tasks.map((task) => [task.taskType, task.status])).toEqual([
    ["application_review", "pending_review"],
    ["determination_approval", "pending"],
  ]);

  const supervisor = await bearer(["supervisor"], { sub: "approval|supervisor" });
  await expectStatus(api.post(`/intake/applications/${applicationId}/approve-determination`, undefined, supervisor), 200, "sign off");
  await settle();
  expect((await api.get(`/intake/applications/${applicationId}`)).body.status).toBe("closed");
  expect((await api.get(listPath("/case-management/cases", { limit: 100 }))).body.total).toBe(0);
});

it("an approval alone closes the application at once and opens the household's case", async () => {
  const applicationId = await reviewed(600);
  expect((await api.get(`/intake/applications/${applicationId}`)).body.status).toBe("closed");
  const graph = await api.graphql(
    `query ($id: ID!) { application(id: $id) { case { id status } determination { decisions { status } } } }`,
    { id: applicationId },
  );
  expect(graph.errors).toBeUndefined();
  expect(graph.data.application).toEqual({
    case: { id: expect.any(String), status: "active" },
    determination: { decisions: [{ status: "approved" }] },
  });
});
