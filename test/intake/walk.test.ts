// One caseworker's day with an application, over REST against PostgreSQL (issue 14's end-to-end walk):
// an applicant creates it with members, an income and a signature, submits it; the review task is
// created and routed; a caseworker claims it, which opens the application and makes its interview;
// the interview is booked and lists its appointment; the caseworker completes the review. Every hop is an event caused by the one before.
import { applicantAccount, workerAccount } from "../support/auth";
import { type Json, expectValidationError, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { waitFor } from "../support/waiting";
import { eventsOf } from "../support/event-log";

const { api } = useTestPlatform("intake_walk");

it("create → members, income, signature → submit → review task routed → claim opens it → interview booked and held → complete-review", async () => {
  const { headers: applicant } = await applicantAccount(api);
  const created = await api.post(
    "/intake/applications",
    { programs: ["snap"], channel: "online", expeditedSnap: { totalMoneyExpectedThisMonth: 40, totalCashOnHand: 10 } },
    applicant,
  );
  expect(created.status).toBe(201);
  const applicationId = created.body.id;
  const base = `/intake/applications/${applicationId}`;

  const member = await api.post(
    `${base}/members`,
    {
      roles: ["primary_applicant"],
      programsAppliedFor: ["snap"],
      contact: {
        name: { firstName: "Rosa", lastName: "Walker" },
        primaryAddress: { addressLine1: "9 Elm St", city: "Springfield", state: "IL", zip: "62701" },
      },
      personalInformation: { ssn: "123-45-6782", dateOfBirth: "1985-02-03" },
    },
    applicant,
  );
  expect(member.status).toBe(201);
  const child = await api.post(
    `${base}/members`,
    {
      roles: ["household_member"],
      personalInformation: { ssn: "123-45-6783" },
      contact: { name: { firstName: "Tia", lastName: "Walker" } },
    },
    applicant,
  );
  expect(child.status).toBe(201);
  const income = await api.post(
    `${base}/incomes`,
    { memberId: member.body.id, type: "employed", amount: 320, frequency: "monthly" },
    applicant,
  );
  expect(income.status).toBe(201);

  // Without a signature the application is not accepted for filing.
  const unsigned = await api.post(`${base}/submit`, undefined, applicant);
  expect(unsigned.status).toBe(422);
  expect(unsigned.body.details).toEqual([{ field: "signatures", message: "needs a signature with purpose application" }]);

  const signature = await api.post(
    `${base}/signatures`,
    {
      signer: { type: "member", id: member.body.id, role: "applicant" },
      purpose: "application",
      signedAt: "2026-11-24T10:00:00Z",
      signatureMethod: "electronic",
    },
    applicant,
  );
  expect(signature.status).toBe(201);

  const submitted = await api.post(`${base}/submit`, undefined, applicant);
  expect(submitted.status).toBe(200);
  // Filed unscreened; eligibility's adapter finds the household expedited (under $150 with $100 or less in cash).
  expect(submitted.body).toMatchObject({ status: "submitted", isExpedited: null });
  await waitFor(async () => (await api.get(base)).body.isExpedited === true, "the expedited screening");
  const [submittedEvent] = await eventsOf(api, applicationId, "intake.application.submitted");
  expect(submittedEvent!.data).toMatchObject({ programs: ["snap"], memberIds: [member.body.id, child.body.id] });

  // Submission creates SNAP's obligations: identity per member, income per income record, residency for the household.
  // The electronic ones call the agencies (data exchange), whose conclusive answers satisfy them; residency waits for a document.
  let verifications: Json[] = [];
  await waitFor(async () => {
    verifications = (await api.get(listPath(`${base}/verifications`, { sort: "category" }))).body.items;
    return (
      verifications.length === 4 &&
      verifications.filter((v: Json) => v.verificationType === "electronic").every((v: Json) => v.status === "satisfied")
    );
  }, "the program verifications, verified by the agencies");
  expect(verifications.map((v: Json) => [v.category, v.sourceType, v.verificationType, v.status])).toEqual([
    ["identity", "member", "electronic", "satisfied"],
    ["identity", "member", "electronic", "satisfied"],
    ["income", "income", "electronic", "satisfied"],
    ["residency", null, "document", "pending"],
  ]);
  const [obligation] = await eventsOf(api, verifications[0]!.id, "intake.verification.created");
  expect(obligation!.causationid).toBe(submittedEvent!.id);

  // Workflow routes the review task.
  let task: Json | undefined;
  await waitFor(async () => {
    task = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${applicationId}` }))).body.items[0];
    return task !== undefined;
  }, "the review task");
  expect(task).toMatchObject({ taskType: "application_review", subjectType: "application", status: "pending" });

  const worker = await workerAccount(api);
  const claimed = await api.post(`/workflow/tasks/${task!.id}/claim`, undefined, worker.headers);
  expect(claimed.status).toBe(200);
  await waitFor(async () => (await api.get(base)).body.status === "under_review", "the application to open");
  const [claimedEvent] = await eventsOf(api, task!.id, "workflow.task.claimed");
  const [opened] = await eventsOf(api, applicationId, "intake.application.opened");
  expect(opened!.causationid).toBe(claimedEvent!.id);
  const interview = await api.get(`${base}/interview`);
  expect(interview.status).toBe(200);
  expect(interview.body).toMatchObject({ applicationId, appointments: [] });

  // The interview is booked: the appointment, for the interview, is listed on it and reached through the graph.
  const person = await api.post("/persons", { name: { firstName: "Rosa", lastName: "Walker" } });
  const booked = await api.post("/scheduling/appointments", {
    personId: person.body.id,
    startAt: "2026-12-01T15:00:00.000Z",
    endAt: "2026-12-01T15:30:00.000Z",
    appointmentType: "Eligibility interview",
    subjectType: "interview",
    subjectId: interview.body.id,
  });
  expect(booked.status).toBe(201);
  await waitFor(async () => (await api.get(`${base}/interview`)).body.appointments.length === 1, "the appointment on the interview");
  expect((await api.get(`${base}/interview`)).body.appointments).toEqual([booked.body.id]);
  const [scheduled] = await eventsOf(api, booked.body.id, "scheduling.appointment.scheduled");
  const [linked] = await eventsOf(api, applicationId, "intake.interview.updated");
  expect(linked!.causationid).toBe(scheduled!.id);
  // Moving it books it again: it stays listed once.
  expect(
    (
      await api.patch(`/scheduling/appointments/${booked.body.id}`, {
        startAt: "2026-12-02T15:00:00.000Z",
        endAt: "2026-12-02T15:30:00.000Z",
      })
    ).status,
  ).toBe(200);
  const graph = await api.graphql(
    `query ($id: ID!) { application(id: $id) { interview { appointments scheduledAppointments { id startAt } } } }`,
    { id: applicationId },
  );
  expect(graph.errors).toBeUndefined();
  await waitFor(async () => (await eventsOf(api, booked.body.id, "scheduling.appointment.scheduled")).length === 2, "the second booking");
  expect(graph.data.application.interview.scheduledAppointments).toEqual([{ id: booked.body.id, startAt: expect.any(String) }]);

  // A SNAP review completes only once its interview is held: holding the appointment completes the interview.
  expectValidationError(await api.post(`${base}/complete-review`, undefined, worker.headers), "interview");
  expect((await api.post(`/scheduling/appointments/${booked.body.id}/hold`, undefined, worker.headers)).status).toBe(200);
  await waitFor(async () => (await api.get(`${base}/interview`)).body.completedAt !== null, "the interview to be complete");

  const reviewed = await api.post(`${base}/complete-review`, undefined, worker.headers);
  expect(reviewed.status).toBe(200);
  expect(reviewed.body.status).toBe("under_review");
  expect(await eventsOf(api, applicationId, "intake.application.review_completed")).toHaveLength(1);
});
