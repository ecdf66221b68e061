// Timers as the scheduling contract has them (issue 32), through the real platform on a manual clock
// and New York's calendar: setting and cancelling a timer records scheduling.timer.requested and
// .cancelled with the request's terms; a request posted to the log from outside becomes a durable
// timer whose callback is recorded once (across a restart and competing processes too), counted in
// business time past Thanksgiving; a posted cancellation cancels it; a request that cannot be
// carried out is refused at the door.
import { randomUUID } from "node:crypto";
import { HOUR_MS, ManualClock } from "@pap/core";
import { eventsOf } from "../support/event-log";
import { newTask } from "../support/creators";
import { expectErrorEnvelope } from "../support/expectations";
import { createTestDatabase, httpClient, startTestPlatform, testDatabaseEngine, useTestPlatform } from "../support/platform";

process.env.PLATFORM_TIME_ZONE = "America/New_York";

// Wednesday 2027-11-24, 10:00 in New York: Thanksgiving is tomorrow.
const START = "2027-11-24T15:00:00.000Z";
const clock = new ManualClock(START);
const { api, db, settle } = useTestPlatform("scheduling_timers", { clock });

/** The platform's timer events and the callbacks about a subject, oldest first. */
const typesOf = async (subject: string) => (await eventsOf(api, subject)).map((event) => event.type as string);
const callbacksOf = async (subject: string, timerId: string) =>
  (await eventsOf(api, subject, "workflow.creation_deadline")).filter((event) => event.data?.timerId === timerId);

/** A `scheduling.timer.requested` or `.cancelled` as another service posts it, dated now on the clock. */
const posted = (type: "requested" | "cancelled", subject: string, data: Record<string, unknown>, time = clock.now()) => ({
  id: randomUUID(),
  specversion: "1.0",
  type: `scheduling.timer.${type}`,
  source: "/scheduling",
  subject,
  time: time.toISOString(),
  datacontenttype: "application/json",
  data,
});

/** Moves the clock (forward only) and waits for every due timer and reaction. */
async function moveTo(to: string) {
  clock.set(to);
  await settle();
}

let deadlineTask: string;
let partnerTask: string;
let cancelledTask: string;
beforeAll(async () => {
  // Everything below is set up at the start, so each test's moment is a fixed date of the calendar.
  deadlineTask = (await newTask(api, { name: "Review SNAP application", programType: "snap" })).id;
  partnerTask = (await newTask(api, { name: "Review SNAP application", programType: "snap" })).id;
  cancelledTask = (await newTask(api, { name: "Review SNAP application", programType: "snap" })).id;
  const request = posted("requested", partnerTask, {
    timerId: `partner.follow-up.${partnerTask}`,
    fireAfter: "PT24H",
    calendarType: "business",
    callback: { event: "workflow.creation_deadline", data: { note: "asked by the partner" } },
  });
  expect((await api.post("/platform/events", request)).status).toBe(201);
  const doomed = { timerId: `partner.follow-up.${cancelledTask}`, fireAfter: "PT1H", callback: { event: "workflow.creation_deadline" } };
  expect((await api.post("/platform/events", posted("requested", cancelledTask, doomed))).status).toBe(201);
  await settle();
  expect((await api.post("/platform/events", posted("cancelled", cancelledTask, { timerId: doomed.timerId }))).status).toBe(201);
  await settle();
});

describe("a timer the platform sets", () => {
  it("is recorded as scheduling.timer.requested with the reference's fields and the instant it falls due", async () => {
    const [requested, ...more] = await eventsOf(api, deadlineTask, "scheduling.timer.requested");
    expect(more).toEqual([]);
    expect(requested).toMatchObject({
      source: "/scheduling",
      subject: deadlineTask,
      data: {
        timerId: `workflow.creation_deadline.${deadlineTask}`,
        fireAfter: "PT72H",
        calendarType: "business",
        callback: { event: "workflow.creation_deadline", data: {} },
        // Wednesday's 14 hours, Friday, Monday, and Tuesday to 10:00: Thanksgiving and the weekend do not count.
        dueAt: "2027-11-30T15:00:00.000Z",
        applied: true,
      },
    });
  });

  it("is recorded as scheduling.timer.cancelled when the task's end cancels it", async () => {
    const task = (await newTask(api, { name: "Review SNAP application", programType: "snap" })).id;
    expect((await api.delete(`/workflow/tasks/${task}`)).status).toBe(204);
    const [cancelled] = await eventsOf(api, task, "scheduling.timer.cancelled");
    expect(cancelled).toMatchObject({ source: "/scheduling", data: { timerId: `workflow.creation_deadline.${task}` } });
  });
});

describe("a timer requested from outside", () => {
  it("refuses a request it could not carry out, naming each problem", async () => {
    const subject = randomUUID();
    const response = await api.post(
      "/platform/events",
      posted("requested", subject, {
        timerId: "partner.bad",
        fireAfter: "P1M",
        fireAt: "2027-12-01T00:00:00Z",
        calendarType: "business",
        callback: { event: "partner.made_up" },
      }),
    );
    expectErrorEnvelope(response, 422, "VALIDATION_ERROR");
    expect(response.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      "data.callback.event",
      "data.fireAfter",
      "data.fireAfter",
    ]);
    expect(await eventsOf(api, subject)).toEqual([]);
  });

  it("is cancelled by a posted scheduling.timer.cancelled: its callback never comes", async () => {
    await moveTo("2027-11-24T17:00:00.000Z");
    expect(await callbacksOf(cancelledTask, `partner.follow-up.${cancelledTask}`)).toEqual([]);
  });

  it("fires its callback once at the business time asked, past Thanksgiving, with the callback's data and the timer's id", async () => {
    // 24 calendar hours on, Thanksgiving 10:00: not yet.
    await moveTo("2027-11-25T15:00:00.000Z");
    expect(await callbacksOf(partnerTask, `partner.follow-up.${partnerTask}`)).toEqual([]);
    await moveTo("2027-11-26T15:00:00.000Z");
    const [callback, ...more] = await callbacksOf(partnerTask, `partner.follow-up.${partnerTask}`);
    expect(more).toEqual([]);
    expect(callback).toMatchObject({
      source: "/workflow",
      subject: partnerTask,
      time: "2027-11-26T15:00:00.000Z",
      data: { note: "asked by the partner", timerId: `partner.follow-up.${partnerTask}` },
    });
    // The partner's deadline escalated the task, once.
    expect((await typesOf(partnerTask)).filter((type) => type === "workflow.task.escalated")).toHaveLength(1);
  });

  it("lets the workflow's own creation deadline fall due once, on the Tuesday after Thanksgiving", async () => {
    await moveTo("2027-11-30T14:59:59.000Z");
    expect((await api.get(`/workflow/tasks/${deadlineTask}`)).body.status).toBe("pending");
    await moveTo("2027-11-30T15:00:00.000Z");
    expect((await api.get(`/workflow/tasks/${deadlineTask}`)).body.status).toBe("escalated");
    // The scheduling domain leaves the platform's own requests alone, even read again from the start of
    // the log after they fired: one callback, however long the clock runs.
    await db().eventConsumer.update({ where: { name: "scheduling.timer-requests" }, data: { position: 0n } });
    await settle();
    await moveTo("2027-12-31T15:00:00.000Z");
    expect(await callbacksOf(deadlineTask, `workflow.creation_deadline.${deadlineTask}`)).toHaveLength(1);
  });
});

// Two processes on one database: an embedded store is one process's alone.
const onPostgres = testDatabaseEngine() === "postgres" ? it : it.skip;

onPostgres(
  "fires a posted request once across a restart, with two processes competing for it",
  async () => {
    const url = await createTestDatabase("scheduling_timers_restart");
    const at = new Date(START).getTime();
    const start = (platformClock: ManualClock) =>
      startTestPlatform("scheduling_timers_restart", { database: { kind: "postgres", url, poolSize: 5 }, clock: platformClock });
    const first = await start(new ManualClock(START));
    const firstApi = httpClient(first.url);
    const task = (await newTask(firstApi, { name: "Review SNAP application", programType: "snap" })).id;
    const request = posted(
      "requested",
      task,
      { timerId: `partner.once.${task}`, fireAfter: "PT2H", callback: { event: "workflow.creation_deadline" } },
      new Date(START),
    );
    expect((await firstApi.post("/platform/events", request)).status).toBe(201);
    await first.settle();
    await first.close();

    // Back as two processes, after the timer fell due while nothing ran.
    const clocks = [new ManualClock(new Date(at + 3 * HOUR_MS)), new ManualClock(new Date(at + 3 * HOUR_MS))];
    const a = await start(clocks[0]!);
    const b = await start(clocks[1]!);
    try {
      await Promise.all([a.settle(), b.settle()]);
      await a.settle();
      const callbacks = (await eventsOf(httpClient(a.url), task, "workflow.creation_deadline")).filter(
        (event) => event.data?.timerId === `partner.once.${task}`,
      );
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0].time).toBe(new Date(at + 3 * HOUR_MS).toISOString());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  },
  90_000,
);
