// The workflow's reactions to an application's lifecycle in intake (state-machines.md §1, the
// workflow's intake subscriptions; events.md §4), over real HTTP against PostgreSQL: a filing opens
// one review task, routed by the application's programs and prioritized by its expedited screening,
// caused by the filing's event; a withdrawn or closed application ends its open review task by the
// task's status; a determination needing approval, or rejected, moves the review and its approval task.
//
// The first part drives intake's own actions. The second publishes intake's events through
// /platform/events, which reaches every state of the task without depending on which intake action
// leads there, and shows a duplicate or malformed event does no harm. Tests wait for the reactions
// (the platform's `settle`: every consumer caught up with the log), never for a set time.
import { randomUUID } from "node:crypto";
import { workerAccount, type Account } from "../support/auth";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";
import { newApplication } from "../support/creators";
import { idsOf } from "../support/trace-context";

// The filing minimum (a primary applicant's name and address, a signature) is intake's to test; here
// an application is filed with programs alone. Read when submit runs, so it must be set before that.
process.env.INTAKE_FILING_MINIMUM = "off";

const { api, settle } = useTestPlatform("workflow_application_reactions");

const APPLICATIONS = "/intake/applications";
const TASKS = "/workflow/tasks";
const SNAP_INTAKE = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
const GENERAL_INTAKE = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";

/** Too much income and cash for expedited SNAP service, as the eligibility adapter screens it. */
const notExpedited = { totalMoneyExpectedThisMonth: 2400, totalCashOnHand: 300 };

const onlineApplication = (body: Json) => newApplication(api, { channel: "online", ...body });

/** Files an application through intake (with a primary applicant, whom eligibility decides about) and waits for the reactions. */
async function submitted(body: Json): Promise<Json> {
  const application = await onlineApplication(body);
  await expectStatus(
    api.post(`${APPLICATIONS}/${application.id}/members`, { roles: ["primary_applicant"] }),
    201,
    "add the primary applicant",
  );
  const filed = await expectStatus(api.post(`${APPLICATIONS}/${application.id}/submit`, {}), 200, "submit");
  await settle();
  return filed;
}

/** The application's tasks of one type (oldest first). */
async function tasksOf(applicationId: string, taskType = "application_review"): Promise<Json[]> {
  const body = await expectStatus(
    api.get(listPath(TASKS, { q: `subjectId:${applicationId} taskType:${taskType}`, sort: "createdAt", limit: 100 })),
    200,
    "list tasks",
  );
  return body.items;
}

async function theReviewTask(applicationId: string): Promise<Json> {
  const tasks = await tasksOf(applicationId);
  expect(tasks).toHaveLength(1);
  return tasks[0]!;
}

/** A subject's events (oldest first), of one type when given. */
async function theEvent(subject: string, type: string): Promise<Json> {
  const events = await eventsOf(api, subject, type);
  expect(events).toHaveLength(1);
  return events[0]!;
}

/** A task action; as the suite's administrator (a supervisor) unless a caller is given. */
const act = (taskId: string, action: string, body: Json = {}, caller?: Account) =>
  expectStatus(api.post(`${TASKS}/${taskId}/${action}`, body, caller?.headers), 200, `${action} task`);

let worker: Account;
beforeAll(async () => {
  worker = await workerAccount(api, ["case_worker"]);
});

describe("through intake's lifecycle", () => {
  it("a filed SNAP application gets exactly one review task: pending, in snap-intake, routine priority, on the 30-day SNAP clock from the filing", async () => {
    const application = await submitted({ programs: ["snap"], expeditedSnap: notExpedited });
    const task = await theReviewTask(application.id);
    const filing = await theEvent(application.id, "intake.application.submitted");
    expect(task).toEqual(
      expect.objectContaining({
        name: "Application review",
        taskType: "application_review",
        status: "pending",
        subjectType: "application",
        subjectId: application.id,
        programType: "snap",
        isExpedited: false,
        queueId: SNAP_INTAKE,
        priority: 3,
        assignedToId: null,
        slaInfo: [expect.objectContaining({ slaTypeCode: "snap_standard", status: "active", clockStartedAt: filing.time })],
      }),
    );
    expect(new Date(task.slaDeadline).getTime() - new Date(filing.time).getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it("the task's created event is caused by the filing: causationid, the same trace, the system as actor", async () => {
    const application = await submitted({ programs: ["snap"] });
    const task = await theReviewTask(application.id);
    const filing = await theEvent(application.id, "intake.application.submitted");
    const created = await theEvent(task.id, "workflow.task.created");
    expect(created).toEqual(expect.objectContaining({ causationid: filing.id, authtype: "system", source: "/workflow" }));
    expect(idsOf(created.traceparent).traceId).toBe(idsOf(filing.traceparent).traceId);
  });

  it("an expedited SNAP application's review task is expedited: priority 1, on the 7-day clock, still in snap-intake", async () => {
    const application = await submitted({ programs: ["snap"], expeditedSnap: { totalMoneyExpectedThisMonth: 50, totalCashOnHand: 20 } });
    // Filed unscreened; eligibility's adapter screens it and the task follows.
    expect(application.isExpedited).toBeNull();
    expect((await api.get(`${APPLICATIONS}/${application.id}`)).body.isExpedited).toBe(true);
    const task = await theReviewTask(application.id);
    const filing = await theEvent(application.id, "intake.application.submitted");
    expect(task).toEqual(
      expect.objectContaining({
        isExpedited: true,
        priority: 1,
        queueId: SNAP_INTAKE,
        slaInfo: [expect.objectContaining({ slaTypeCode: "snap_expedited", status: "active", clockStartedAt: filing.time })],
      }),
    );
    // The expedited clock counts from the filing, not from the screening.
    expect(new Date(task.slaDeadline).getTime() - new Date(filing.time).getTime()).toBe(7 * 24 * 3600 * 1000);
    const expedited = await theEvent(application.id, "eligibility.application.expedited");
    const updated = (await eventsOf(api, task.id, "workflow.task.updated")).find((event) => event.causationid === expedited.id);
    expect(updated?.data.changes).toEqual(
      expect.arrayContaining([
        { field: "isExpedited", before: false, after: true },
        { field: "priority", before: 3, after: 1 },
      ]),
    );
  });

  it("a Medicaid-only application's review task goes to general-intake, on the 45-day Medicaid clock", async () => {
    const application = await submitted({ programs: ["medicaid"] });
    const task = await theReviewTask(application.id);
    expect(task).toEqual(
      expect.objectContaining({
        programType: "medicaid",
        queueId: GENERAL_INTAKE,
        priority: 3,
        slaInfo: [expect.objectContaining({ slaTypeCode: "medicaid_standard" })],
      }),
    );
  });

  it("an application for SNAP and Medicaid is not SNAP-only work: general-intake, both programs' clocks", async () => {
    const application = await submitted({ programs: ["snap", "medicaid"], expeditedSnap: notExpedited });
    const task = await theReviewTask(application.id);
    expect(task.queueId).toBe(GENERAL_INTAKE);
    expect(task.programType).toBeNull();
    expect(task.slaInfo.map((entry: Json) => entry.slaTypeCode).sort()).toEqual(["medicaid_standard", "snap_standard"]);
  });

  it("a withdrawn application's pending review task is cancelled by the system, caused by the withdrawal", async () => {
    const application = await submitted({ programs: ["snap"] });
    await expectStatus(api.post(`${APPLICATIONS}/${application.id}/withdraw`, { reason: "Moved out of state" }), 200, "withdraw");
    await settle();
    const task = await theReviewTask(application.id);
    expect(task).toEqual(expect.objectContaining({ status: "cancelled", cancelledAt: expect.any(String) }));
    expect(task.slaInfo).toEqual([expect.objectContaining({ status: "completed" })]);
    const withdrawal = await theEvent(application.id, "intake.application.withdrawn");
    expect(await theEvent(task.id, "workflow.task.cancelled")).toEqual(
      expect.objectContaining({ data: { reason: "application_withdrawn" }, causationid: withdrawal.id, authtype: "system" }),
    );
  });

  it("a review task claimed by a case worker is completed by the system when the application is closed", async () => {
    const application = await submitted({ programs: ["medicaid"] });
    const claimed = await act((await theReviewTask(application.id)).id, "claim", {}, worker);
    expect(claimed).toEqual(expect.objectContaining({ status: "in_progress", assignedToId: worker.id }));
    await settle();
    // The claim opens the application (intake's reaction to workflow.task.claimed): it is under review, which close needs.
    expect((await expectStatus(api.get(`${APPLICATIONS}/${application.id}`), 200, "read application")).status).toBe("under_review");
    await expectStatus(api.post(`${APPLICATIONS}/${application.id}/close`, {}, worker.headers), 200, "close");
    await settle();
    const task = await theReviewTask(application.id);
    expect(task).toEqual(expect.objectContaining({ status: "completed", outcome: "application_closed", assignedToId: worker.id }));
    const closing = await theEvent(application.id, "intake.application.closed");
    expect(await theEvent(task.id, "workflow.task.completed")).toEqual(
      expect.objectContaining({ data: { outcome: "application_closed" }, causationid: closing.id }),
    );
  });
});

describe("intake's events as published", () => {
  /** Records one of intake's events as intake would (POST /platform/events) and waits for the reactions. */
  async function publish(type: string, subject: string, data?: Json): Promise<Json> {
    const event = {
      id: randomUUID(),
      specversion: "1.0",
      type,
      source: "/intake",
      subject,
      time: new Date().toISOString(),
      datacontenttype: "application/json",
      ...(data !== undefined && { data }),
    };
    await expectStatus(api.post("/platform/events", event), 201, `publish ${type}`);
    await settle();
    return event;
  }

  const file = (applicationId: string, data: Json = {}) =>
    publish("intake.application.submitted", applicationId, {
      programs: ["snap"],
      channel: "online",
      memberIds: [],
      isExpedited: false,
      ...data,
    });

  /** A filed application's review task, driven through the task's actions into `state`. */
  async function reviewIn(state: string): Promise<{ applicationId: string; task: Json }> {
    const applicationId = randomUUID();
    await file(applicationId);
    let task = await theReviewTask(applicationId);
    if (state === "pending") return { applicationId, task };
    if (state === "escalated") return { applicationId, task: await act(task.id, "escalate", { reason: "Needs a supervisor" }) };
    task = await act(task.id, "claim", {}, worker);
    if (state === "pending_review") task = await act(task.id, "submit-for-review", {}, worker);
    if (state === "awaiting_client") task = await act(task.id, "await-client", {}, worker);
    if (state === "awaiting_verification") task = await act(task.id, "await-verification", {}, worker);
    expect(task.status).toBe(state);
    return { applicationId, task };
  }

  it("a filing delivered twice still gives one review task", async () => {
    const applicationId = randomUUID();
    await file(applicationId);
    const first = await theReviewTask(applicationId);
    await file(applicationId, { isExpedited: true });
    expect(await theReviewTask(applicationId)).toEqual(first);
  });

  it("a filing without programs opens no task and holds nothing up: the next filing gets its task", async () => {
    const broken = randomUUID();
    await publish("intake.application.submitted", broken, { channel: "online" });
    expect(await tasksOf(broken)).toEqual([]);
    const next = randomUUID();
    await file(next);
    await theReviewTask(next);
  });

  it.each([
    ["pending", "cancelled", { outcome: null }, ["workflow.task.cancelled"]],
    ["escalated", "cancelled", { outcome: null }, ["workflow.task.cancelled"]],
    ["in_progress", "completed", { outcome: "application_closed" }, ["workflow.task.completed"]],
    ["pending_review", "completed", { outcome: "application_closed" }, ["workflow.task.approved"]],
    ["awaiting_verification", "completed", { outcome: "application_closed" }, ["workflow.task.resumed", "workflow.task.completed"]],
  ])("closing the application ends a review task in %s: %s", async (state, status, fields, types) => {
    const { applicationId, task } = await reviewIn(state);
    const before = (await eventsOf(api, task.id)).length;
    const closing = await publish("intake.application.closed", applicationId);
    const after = await theReviewTask(applicationId);
    expect(after).toEqual(expect.objectContaining({ status, ...fields }));
    const caused = (await eventsOf(api, task.id)).slice(before);
    const workflow = caused.filter((event) => event.source === "/workflow");
    expect(workflow.map((event) => event.type)).toEqual(types);
    // The task's pending timers end with it, cancelled by the same reaction (a wait ended first sets its clocks' again).
    const timers = caused.filter((event) => event.source !== "/workflow").map((event) => event.type);
    expect(timers.at(-1)).toBe("scheduling.timer.cancelled");
    expect(timers.every((type) => type.startsWith("scheduling.timer."))).toBe(true);
    for (const event of caused) expect(event).toEqual(expect.objectContaining({ causationid: closing.id, authtype: "system" }));
    if (status === "cancelled") expect(workflow.at(-1)!.data).toEqual({ reason: "application_closed" });
  });

  it("leaves a task waiting on the client as it is (the system has no action that ends it truthfully)", async () => {
    const { applicationId, task } = await reviewIn("awaiting_client");
    await publish("intake.application.closed", applicationId);
    expect(await theReviewTask(applicationId)).toEqual(task);
  });

  it("a task already closed is left alone: no event", async () => {
    const { applicationId, task } = await reviewIn("pending");
    await act(task.id, "cancel", { reason: "Duplicate" });
    const before = await eventsOf(api, task.id);
    await publish("intake.application.withdrawn", applicationId, { reason: "No longer needed" });
    expect(await eventsOf(api, task.id)).toEqual(before);
  });

  it("a withdrawal completes a claimed review task with the withdrawal as its outcome", async () => {
    const { applicationId } = await reviewIn("in_progress");
    await publish("intake.application.withdrawn", applicationId, { reason: "Found work" });
    expect(await theReviewTask(applicationId)).toEqual(expect.objectContaining({ status: "completed", outcome: "application_withdrawn" }));
  });

  it("a determination needing approval sends the review to review and opens an approval task; a rejection returns it; closing ends both", async () => {
    const { applicationId, task } = await reviewIn("in_progress");
    const needed = await publish("intake.determination.approval_needed", applicationId);
    expect((await theReviewTask(applicationId)).status).toBe("pending_review");
    const [approval] = await tasksOf(applicationId, "determination_approval");
    expect(approval).toEqual(
      expect.objectContaining({
        name: "Determination approval",
        status: "pending",
        subjectType: "application",
        subjectId: applicationId,
        queueId: SNAP_INTAKE,
        priority: 3,
        slaInfo: [],
      }),
    );
    expect(await theEvent(approval!.id, "workflow.task.created")).toEqual(expect.objectContaining({ causationid: needed.id }));

    // A supervisor takes the approval, then rejects the determination in intake.
    const supervisor = await workerAccount(api, ["supervisor"]);
    await act(approval!.id, "claim", {}, supervisor);
    await publish("intake.determination.rejected", applicationId);
    const returned = await theReviewTask(applicationId);
    expect(returned).toEqual(expect.objectContaining({ status: "in_progress", assignedToId: worker.id }));
    expect(await theEvent(task.id, "workflow.task.returned_to_worker")).toEqual(
      expect.objectContaining({ data: { reason: "determination_rejected" } }),
    );
    expect((await tasksOf(applicationId, "determination_approval"))[0]).toEqual(
      expect.objectContaining({ status: "completed", outcome: "determination_rejected" }),
    );

    // Approval needed again: a new approval task (the first is closed), and this time the application closes.
    await publish("intake.determination.approval_needed", applicationId);
    const approvals = await tasksOf(applicationId, "determination_approval");
    expect(approvals.map((each) => each.status)).toEqual(["completed", "pending"]);
    await publish("intake.determination.approval_needed", applicationId);
    expect(await tasksOf(applicationId, "determination_approval")).toHaveLength(2);
    await publish("intake.application.closed", applicationId);
    expect(await theReviewTask(applicationId)).toEqual(expect.objectContaining({ status: "completed", outcome: "application_closed" }));
    expect((await tasksOf(applicationId, "determination_approval")).map((each) => [each.status, each.outcome])).toEqual([
      ["completed", "determination_rejected"],
      ["cancelled", null],
    ]);
  });
});
