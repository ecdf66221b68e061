// The interview's lifecycle end to end (issue 32): a SNAP application's interview is booked, missed,
// rescheduled and held, each move an appointment action with its event; the review task waits on the
// household after the miss; the review completes only once the interview is held; reminders fire at
// their offsets before a scheduled appointment, follow it when it moves and stop when it ends. The
// platform runs on a manual clock: the reminders' timers fire when the test moves it, never by waiting.
import { ManualClock } from "@pap/core";
import { workerAccount, type Account } from "../support/auth";
import { expectErrorEnvelope, expectStatus, expectValidationError, type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";

// Filing needs only programs here: the interview is what these tests are about.
process.env.INTAKE_FILING_MINIMUM = "off";

const clock = new ManualClock("2026-11-25T09:00:00.000Z");
const { api, settle } = useTestPlatform("interview_lifecycle", { clock });

const interviewRequired = {
  field: "interview",
  message: "a SNAP application is approved only after its interview is held (7 CFR 273.2(e)) or waived",
};

let worker: Account;
beforeAll(async () => {
  worker = await workerAccount(api);
});

/** A filed SNAP application whose review task a caseworker has claimed: its interview record exists. */
async function claimedApplication(): Promise<{ applicationId: string; taskId: string; interviewId: string }> {
  const application = await expectStatus(api.post("/intake/applications", { programs: ["snap"], channel: "online" }), 201, "create");
  await expectStatus(api.post(`/intake/applications/${application.id}/members`, { roles: ["primary_applicant"] }), 201, "member");
  await expectStatus(api.post(`/intake/applications/${application.id}/submit`, {}), 200, "submit");
  await settle();
  const [task] = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${application.id}` }))).body.items;
  await expectStatus(api.post(`/workflow/tasks/${task.id}/claim`, undefined, worker.headers), 200, "claim");
  await settle();
  const interview = await expectStatus(api.get(`/intake/applications/${application.id}/interview`), 200, "the interview record");
  return { applicationId: application.id, taskId: task.id, interviewId: interview.id };
}

const book = async (subjectId: string | null, startAt: string, endAt: string): Promise<Json> => {
  const person = await expectStatus(api.post("/persons", { name: { firstName: "Rosa", lastName: "Walker" } }), 201, "person");
  return expectStatus(
    api.post(
      "/scheduling/appointments",
      { personId: person.id, startAt, endAt, appointmentType: "SNAP interview", ...(subjectId && { subjectType: "interview", subjectId }) },
      worker.headers,
    ),
    201,
    "book",
  );
};

const act = (appointmentId: string, action: string, body?: unknown) =>
  api.post(`/scheduling/appointments/${appointmentId}/${action}`, body, worker.headers);

it("submission → claim → interview booked → missed (review waits on the client) → rescheduled → held → the review completes, refused before", async () => {
  const { applicationId, taskId, interviewId } = await claimedApplication();
  const base = `/intake/applications/${applicationId}`;
  const booked = await book(interviewId, "2026-11-30T15:00:00.000Z", "2026-11-30T15:30:00.000Z");
  await settle();
  expect((await api.get(`${base}/interview`)).body).toMatchObject({ appointments: [booked.id], completedAt: null });

  // Before the interview the review cannot complete: 422 naming the missing prerequisite.
  const refused = expectErrorEnvelope(await api.post(`${base}/complete-review`, undefined, worker.headers), 422, "VALIDATION_ERROR");
  expect(refused.details).toEqual([interviewRequired]);

  // The household does not come.
  const missed = await expectStatus(act(booked.id, "no-show"), 200, "no-show");
  expect(missed).toMatchObject({ id: booked.id, status: "no_show" });
  await settle();
  const [noShow] = await eventsOf(api, booked.id, "scheduling.appointment.no_show");
  expect(noShow.data).toEqual({
    appointmentId: booked.id,
    personId: booked.personId,
    appointmentType: "SNAP interview",
    startAt: "2026-11-30T15:00:00.000Z",
    endAt: "2026-11-30T15:30:00.000Z",
    assignedToId: null,
    subjectType: "interview",
    subjectId: interviewId,
    applicationId,
  });
  expect((await api.get(`/workflow/tasks/${taskId}`)).body.status).toBe("awaiting_client");
  const [waiting] = await eventsOf(api, taskId, "workflow.task.awaiting_client");
  expect(waiting.causationid).toBe(noShow.id);

  // It is rescheduled: a new appointment, linked both ways; the missed one ends canceled.
  const moved = await expectStatus(
    act(booked.id, "reschedule", { startAt: "2026-12-02T15:00:00Z", endAt: "2026-12-02T15:30:00Z", reason: "Missed the first one" }),
    200,
    "reschedule",
  );
  expect(moved).toMatchObject({ id: booked.id, status: "canceled", rescheduledToId: expect.any(String) });
  const replacement = (await api.get(`/scheduling/appointments/${moved.rescheduledToId}`)).body;
  expect(replacement).toMatchObject({
    status: "scheduled",
    rescheduledFromId: booked.id,
    rescheduledToId: null,
    personId: booked.personId,
    appointmentType: "SNAP interview",
    subjectType: "interview",
    subjectId: interviewId,
    startAt: "2026-12-02T15:00:00.000Z",
    endAt: "2026-12-02T15:30:00.000Z",
  });
  const [rescheduled] = await eventsOf(api, booked.id, "scheduling.appointment.rescheduled");
  expect(rescheduled.data).toMatchObject({
    appointmentId: booked.id,
    rescheduledToId: replacement.id,
    newStartAt: "2026-12-02T15:00:00.000Z",
    applicationId,
    reason: "Missed the first one",
  });
  const [scheduled] = await eventsOf(api, replacement.id, "scheduling.appointment.scheduled");
  expect(scheduled.data).toMatchObject({ appointmentId: replacement.id, subjectType: "interview", subjectId: interviewId, applicationId });
  await settle();
  expect((await api.get(`${base}/interview`)).body.appointments).toEqual([booked.id, replacement.id]);
  // The old one has ended: it cannot be held, and the review still waits for the interview.
  expectErrorEnvelope(await act(booked.id, "hold"), 409, "CONFLICT");
  expectValidationError(await api.post(`${base}/complete-review`, undefined, worker.headers), "interview");

  // The household comes to the new one: the interview is complete, and the review may complete.
  await expectStatus(act(replacement.id, "hold"), 200, "hold");
  await settle();
  const [held] = await eventsOf(api, replacement.id, "scheduling.appointment.held");
  expect(held.data).toMatchObject({ appointmentId: replacement.id, subjectId: interviewId, applicationId });
  const interview = (await api.get(`${base}/interview`)).body;
  expect(interview.completedAt).toBe(held.time);
  await expectStatus(api.post(`${base}/complete-review`, undefined, worker.headers), 200, "complete review");
  expect(await eventsOf(api, applicationId, "intake.application.review_completed")).toHaveLength(1);
});

it("a waived interview lets the review complete without one", async () => {
  const { applicationId } = await claimedApplication();
  const base = `/intake/applications/${applicationId}`;
  expectValidationError(await api.post(`${base}/complete-review`, undefined, worker.headers), "interview");
  await expectStatus(
    api.patch(`${base}/interview`, { waiverGranted: true, waiverReason: "Elderly household, no earned income" }),
    200,
    "waive",
  );
  await expectStatus(api.post(`${base}/complete-review`, undefined, worker.headers), 200, "complete review");
});

it("a missed appointment that is no interview moves no task, and an ended appointment takes no action", async () => {
  const plain = await book(null, "2026-11-27T10:00:00.000Z", "2026-11-27T10:30:00.000Z");
  await expectStatus(act(plain.id, "no-show"), 200, "no-show");
  const [noShow] = await eventsOf(api, plain.id, "scheduling.appointment.no_show");
  expect(noShow.data).not.toHaveProperty("applicationId");
  for (const action of ["hold", "no-show", "cancel"]) {
    const refused = expectErrorEnvelope(await act(plain.id, action), 409, "CONFLICT");
    expect(refused.message).toBe(`Cannot ${action}: the appointment is no_show.`);
  }
  expectValidationError(await act(plain.id, "reschedule", { startAt: "2026-11-28T10:00:00Z", endAt: "2026-11-28T09:00:00Z" }), "endAt");
  expectErrorEnvelope(await act("00000000-0000-4000-8000-000000000000", "hold"), 404, "NOT_FOUND");
});

it("reminds at each offset before a scheduled appointment, follows it when it moves, and stops once it has ended", async () => {
  // What each reminder said: the offset, and the start it reminded of.
  const reminders = async (appointmentId: string) =>
    (await eventsOf(api, appointmentId, "scheduling.appointment.reminder_due")).map((event) => [
      event.data.remindBefore,
      event.data.startAt,
    ]);
  const booked = await book(null, "2026-12-10T15:00:00.000Z", "2026-12-10T15:30:00.000Z");

  // Two days before (APPOINTMENT_REMINDER_OFFSETS defaults to P2D,PT2H), not a moment sooner.
  clock.set("2026-12-08T14:59:00.000Z");
  await settle();
  expect(await reminders(booked.id)).toEqual([]);
  clock.set("2026-12-08T15:00:00.000Z");
  await settle();
  expect(await reminders(booked.id)).toEqual([["P2D", "2026-12-10T15:00:00.000Z"]]);
  const [first] = await eventsOf(api, booked.id, "scheduling.appointment.reminder_due");
  expect(first.data).toMatchObject({ appointmentId: booked.id, personId: booked.personId, timerId: expect.any(String) });
  expect(first.time).toBe("2026-12-08T15:00:00.000Z");

  // Moved a day later: the two-hour reminder moves with it, and the two-day one is owed again for the new start.
  await expectStatus(
    api.patch(`/scheduling/appointments/${booked.id}`, { startAt: "2026-12-11T15:00:00Z", endAt: "2026-12-11T15:30:00Z" }, worker.headers),
    200,
    "move",
  );
  clock.set("2026-12-10T13:00:00.000Z");
  await settle();
  expect(await reminders(booked.id)).toEqual([
    ["P2D", "2026-12-10T15:00:00.000Z"],
    ["P2D", "2026-12-11T15:00:00.000Z"],
  ]);
  clock.set("2026-12-11T13:00:00.000Z");
  await settle();
  expect(await reminders(booked.id)).toEqual([
    ["P2D", "2026-12-10T15:00:00.000Z"],
    ["P2D", "2026-12-11T15:00:00.000Z"],
    ["PT2H", "2026-12-11T15:00:00.000Z"],
  ]);

  // Rescheduled: the old appointment reminds no more; the new one does. Canceled through the graph: it reminds no more either.
  const later = await book(null, "2026-12-20T15:00:00.000Z", "2026-12-20T15:30:00.000Z");
  const moved = await expectStatus(
    act(later.id, "reschedule", { startAt: "2026-12-22T15:00:00Z", endAt: "2026-12-22T15:30:00Z" }),
    200,
    "reschedule",
  );
  const canceled = await api.graphql(
    'mutation ($id: ID!) { cancelAppointment(id: $id, reason: "The household moved away") { id status } }',
    {
      id: moved.rescheduledToId,
    },
  );
  expect(canceled.errors).toBeUndefined();
  expect(canceled.data.cancelAppointment).toEqual({ id: moved.rescheduledToId, status: "canceled" });
  const [cancelEvent] = await eventsOf(api, moved.rescheduledToId, "scheduling.appointment.canceled");
  expect(cancelEvent.data.reason).toBe("The household moved away");
  clock.set("2026-12-23T00:00:00.000Z");
  await settle();
  expect(await reminders(later.id)).toEqual([]);
  expect(await reminders(moved.rescheduledToId)).toEqual([]);
});
