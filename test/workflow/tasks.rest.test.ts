// /workflow/queues and /workflow/tasks CRUD over real HTTP against PostgreSQL (SPEC §2.6, §3.3, §4.4;
// configuration.md §3-§5; state-machines.md §1): the seeded queues, queue rules (unique names,
// configured queues and queues holding open work cannot be deleted), task creation defaults (routing,
// priority, SLA clocks), what PATCH may and may not change, the CRUD events, and the task list's
// default order, filters and sorts. The task actions are in actions.rest.test.ts.
//
// A manual clock makes every timestamp exact: each write happens one second after the previous one.
import { randomUUID } from "node:crypto";
import { DAY_MS, ManualClock } from "@pap/core";
import { bearer, workerAccount, type Account } from "../support/auth";
import { useTestPlatform } from "../support/platform";
import {
  detailFields,
  expectErrorEnvelope,
  expectListEnvelope,
  expectValidationError,
  ISO_DATE_TIME,
  listPath,
  MISSING_ID,
  UUID_PATTERN,
} from "../support/expectations";
import { eventsOf } from "../support/event-log";
import { created, newTask } from "../support/creators";

const clock = new ManualClock("2026-11-23T09:00:00Z");
const { api, url } = useTestPlatform("workflow_tasks_rest", { clock });

const QUEUES = "/workflow/queues";
const TASKS = "/workflow/tasks";
const SNAP_INTAKE = "ae5ed10f-657d-55f3-b53c-b381ec583a1e";
const GENERAL_INTAKE = "f46c5c87-b1fe-55c2-9166-873c2748d4f4";
/** The state administrator every request carries unless it names another caller (test/support/auth.ts). */
const ADMIN_ID = "00000000-0000-4000-8000-00000000ad01";

/** A step of the manual clock: the instant the next write is stamped with. */
const tick = () => clock.advance(1000).toISOString();

/** A marker only one test's tasks carry, so list assertions see exactly those tasks. */
const marker = () => `t${randomUUID().replace(/-/g, "").slice(0, 12)}`;

/** A case worker with a real, active account (claiming needs one). */
const worker = () => workerAccount(api, ["case_worker"]);

/** Each write a second after the last, so creation order is time order. */
async function createTask(body: Record<string, unknown>): Promise<any> {
  tick();
  return newTask(api, body);
}

async function createQueue(body: Record<string, unknown> = { name: `queue-${marker()}` }): Promise<any> {
  tick();
  return created(api, QUEUES, body);
}

async function act(taskId: string, action: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  tick();
  const response = await api.post(`${TASKS}/${taskId}/${action}`, body, headers);
  if (response.status !== 200) throw new Error(`${action} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The tasks a q selects, in the order of `sort` (the list's default when not given). */
async function listTasks(q: string, params: { sort?: string; headers?: Record<string, string> } = {}): Promise<any[]> {
  const response = await api.raw("GET", listPath(TASKS, { q, sort: params.sort, limit: 100 }), undefined, params.headers);
  expect(response.status).toBe(200);
  return response.body.items;
}

const ids = (tasks: Array<{ id: string }>) => tasks.map((task) => task.id);

describe("queues", () => {
  it("lists the seeded routing queues as configuration-managed (source system)", async () => {
    const items = expectListEnvelope(await api.get(listPath(QUEUES, { q: "source:system" })), {
      total: 2,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    // Sorted by name by default.
    expect(items).toEqual([
      {
        id: GENERAL_INTAKE,
        name: "general-intake",
        description: expect.any(String),
        county: null,
        source: "system",
        createdAt: expect.stringMatching(ISO_DATE_TIME),
        updatedAt: expect.stringMatching(ISO_DATE_TIME),
      },
      {
        id: SNAP_INTAKE,
        name: "snap-intake",
        description: expect.any(String),
        county: null,
        source: "system",
        createdAt: expect.stringMatching(ISO_DATE_TIME),
        updatedAt: expect.stringMatching(ISO_DATE_TIME),
      },
    ]);
    expect((await api.get(`${QUEUES}/${SNAP_INTAKE}`)).body).toEqual(items[1]);
  });

  it("creates a user queue: 201, Location, source user, and a workflow.queue.created event", async () => {
    const name = `appeals-${marker()}`;
    const at = tick();
    const response = await api.post(QUEUES, { name, description: "Fair hearing requests" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      name,
      description: "Fair hearing requests",
      county: null,
      source: "user",
      createdAt: at,
      updatedAt: at,
    });
    expect(new URL(response.headers.get("location") ?? "", url()).toString()).toBe(`${url()}${QUEUES}/${response.body.id}`);
    expect((await api.get(`${QUEUES}/${response.body.id}`)).body).toEqual(response.body);

    const events = await eventsOf(api, response.body.id);
    expect(events).toEqual([
      expect.objectContaining({
        type: "workflow.queue.created",
        source: "/workflow",
        time: at,
        authid: ADMIN_ID,
        authtype: "user",
        data: response.body,
      }),
    ]);
  });

  it("ignores a source sent on create (a client sending back what it read): only configuration makes system queues", async () => {
    const name = `q-${marker()}`;
    const response = await api.post(QUEUES, { name, source: "system" });
    expect(response.status).toBe(201);
    expect(response.body.source).toBe("user");
  });

  it("accepts a queue sent back as it was read, on create and on update", async () => {
    const read = (await api.post(QUEUES, { name: `q-${marker()}`, description: "as read" })).body;
    const copy = await api.post(QUEUES, { ...read, name: `q-${marker()}` });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ description: "as read", source: "user" });
    expect(copy.body.id).not.toBe(read.id);
    const updated = await api.patch(`${QUEUES}/${read.id}`, { ...read, description: "changed" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: read.id, name: read.name, description: "changed", source: "user" });
  });

  it("refuses a second queue with a taken name with 409 CONFLICT naming name, on create and on rename", async () => {
    const first = await createQueue();
    const second = await createQueue();
    const duplicate = expectErrorEnvelope(await api.post(QUEUES, { name: first.name }), 409, "CONFLICT");
    expect(detailFields(duplicate)).toEqual(["name"]);
    expectErrorEnvelope(await api.post(QUEUES, { name: "snap-intake" }), 409, "CONFLICT");
    expectErrorEnvelope(await api.patch(`${QUEUES}/${second.id}`, { name: first.name }), 409, "CONFLICT");
    expect((await api.get(`${QUEUES}/${second.id}`)).body).toEqual(second);
    expect((await api.get(listPath(QUEUES, { q: `name:${first.name}` }))).body.total).toBe(1);
  });

  it("rejects a queue without a name with 422", async () => {
    expectValidationError(await api.post(QUEUES, { description: "no name" }), "name");
    expectValidationError(await api.post(QUEUES, { name: "" }), "name");
  });

  it("PATCH changes the queue's name and description and records workflow.queue.updated with the changes", async () => {
    const queue = await createQueue({ name: `renewals-${marker()}`, description: "Renewals" });
    const name = `recertifications-${marker()}`;
    const at = tick();
    const response = await api.patch(`${QUEUES}/${queue.id}`, { name, description: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...queue, name, description: null, updatedAt: at });
    const [, updated] = await eventsOf(api, queue.id);
    expect(updated).toEqual(expect.objectContaining({ type: "workflow.queue.updated", time: at }));
    expect(updated.data.changes).toEqual(
      expect.arrayContaining([
        { field: "name", before: queue.name, after: name },
        { field: "description", before: "Renewals", after: null },
      ]),
    );
    expect(updated.data.changes).toHaveLength(2);
  });

  it("DELETE removes a user queue (204, then 404) and records workflow.queue.deleted", async () => {
    const queue = await createQueue();
    tick();
    const response = await api.delete(`${QUEUES}/${queue.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expectErrorEnvelope(await api.get(`${QUEUES}/${queue.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`${QUEUES}/${queue.id}`), 404, "NOT_FOUND");
    expect((await eventsOf(api, queue.id)).map((event) => event.type)).toEqual(["workflow.queue.created", "workflow.queue.deleted"]);
  });

  it.each([
    ["snap-intake", SNAP_INTAKE],
    ["general-intake", GENERAL_INTAKE],
  ])("refuses to delete the configured queue %s with 409 CONFIG_MANAGED, and keeps it", async (_name, id) => {
    const before = (await api.get(`${QUEUES}/${id}`)).body;
    expectErrorEnvelope(await api.delete(`${QUEUES}/${id}`), 409, "CONFIG_MANAGED");
    expect((await api.get(`${QUEUES}/${id}`)).body).toEqual(before);
  });

  it("refuses to delete a user queue an open task waits in (409 CONFLICT), and deletes it once the task is closed", async () => {
    const queue = await createQueue();
    const task = await createTask({ name: "Waiting in a user queue", queueId: queue.id });
    expect(task.queueId).toBe(queue.id);
    const refused = expectErrorEnvelope(await api.delete(`${QUEUES}/${queue.id}`), 409, "CONFLICT");
    expect(detailFields(refused)).toEqual(["queueId"]);
    expect((await api.get(`${QUEUES}/${queue.id}`)).status).toBe(200);

    await act(task.id, "cancel", { reason: "duplicate" });
    expect((await api.delete(`${QUEUES}/${queue.id}`)).status).toBe(204);
  });

  it("answers 404 for a queue that does not exist", async () => {
    expectErrorEnvelope(await api.get(`${QUEUES}/${MISSING_ID}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.patch(`${QUEUES}/${MISSING_ID}`, { description: "x" }), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`${QUEUES}/${MISSING_ID}`), 404, "NOT_FOUND");
  });

  it("lets a case worker read queues but not create, change or delete them (403)", async () => {
    const { headers } = await worker();
    const queue = await createQueue();
    expect((await api.raw("GET", `${QUEUES}/${queue.id}`, undefined, headers)).status).toBe(200);
    expectErrorEnvelope(await api.post(QUEUES, { name: `q-${marker()}` }, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.patch(`${QUEUES}/${queue.id}`, { description: "x" }, headers), 403, "FORBIDDEN");
    expectErrorEnvelope(await api.delete(`${QUEUES}/${queue.id}`, headers), 403, "FORBIDDEN");
    expect((await api.get(`${QUEUES}/${queue.id}`)).body).toEqual(queue);
  });
});

describe("POST /workflow/tasks", () => {
  it("creates a pending task with defaults: routed to snap-intake at normal priority, no clocks, nothing set yet", async () => {
    const at = tick();
    const response = await api.post(TASKS, { name: "Review SNAP application", programType: "snap" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      name: "Review SNAP application",
      description: null,
      status: "pending",
      taskType: null,
      subjectType: null,
      subjectId: null,
      programType: "snap",
      county: null,
      isExpedited: false,
      queueId: SNAP_INTAKE,
      priority: 3,
      startedAt: null,
      completedAt: null,
      escalatedAt: null,
      cancelledAt: null,
      blockedAt: null,
      assignedToId: null,
      outcome: null,
      completionNotes: null,
      slaInfo: [],
      slaDeadline: null,
      createdAt: at,
      updatedAt: at,
    });
    expect(new URL(response.headers.get("location") ?? "", url()).toString()).toBe(`${url()}${TASKS}/${response.body.id}`);
    expect((await api.get(`${TASKS}/${response.body.id}`)).body).toEqual(response.body);
  });

  it.each([
    ["medicaid", "medicaid", GENERAL_INTAKE],
    ["tanf", "tanf", GENERAL_INTAKE],
    ["no program", undefined, GENERAL_INTAKE],
    ["snap", "snap", SNAP_INTAKE],
  ])("routes a task of %s to its queue", async (_label, programType, queueId) => {
    const task = await createTask({ name: "Route me", ...(programType && { programType }) });
    expect(task.queueId).toBe(queueId);
  });

  it("gives an expedited task priority 1", async () => {
    const task = await createTask({ name: "Expedited SNAP", programType: "snap", isExpedited: true });
    expect(task).toEqual(expect.objectContaining({ isExpedited: true, priority: 1, queueId: SNAP_INTAKE }));
  });

  it("keeps a queueId, priority and assignee given on create", async () => {
    const queue = await createQueue();
    const assignee = (await worker()).id;
    const task = await createTask({
      name: "Placed by hand",
      programType: "snap",
      queueId: queue.id,
      priority: 2,
      assignedToId: assignee,
      status: "pending",
    });
    expect(task).toEqual(expect.objectContaining({ status: "pending", queueId: queue.id, priority: 2, assignedToId: assignee }));
  });

  it("starts the SLA clocks named in slaInfo at creation, each due createdAt + its duration; slaDeadline is the earliest", async () => {
    const task = await createTask({
      name: "Clocked",
      programType: "snap",
      slaInfo: [{ slaTypeCode: "snap_standard" }, { slaTypeCode: "snap_expedited" }],
    });
    const created = Date.parse(task.createdAt);
    const due = (days: number) => new Date(created + days * DAY_MS).toISOString();
    expect(task.slaInfo).toEqual([
      { slaTypeCode: "snap_standard", status: "active", clockStartedAt: task.createdAt, deadline: due(30) },
      { slaTypeCode: "snap_expedited", status: "active", clockStartedAt: task.createdAt, deadline: due(7) },
    ]);
    expect(task.slaDeadline).toBe(due(7));
  });

  it.each([
    ["medicaid_standard", 45],
    ["medicaid_disability", 90],
  ])("a %s clock is due %i days after creation", async (slaTypeCode, days) => {
    const task = await createTask({ name: "Clocked", programType: "medicaid", slaInfo: [{ slaTypeCode }] });
    const deadline = new Date(Date.parse(task.createdAt) + days * DAY_MS).toISOString();
    expect(task.slaInfo).toEqual([{ slaTypeCode, status: "active", clockStartedAt: task.createdAt, deadline }]);
    expect(task.slaDeadline).toBe(deadline);
  });

  it.each([
    ["a configured task type by its configured name", { taskType: "application_review" }, "Application review"],
    ["another task type in words", { taskType: "document_review", programType: "snap" }, "Document review"],
    ["a hyphenated task type in words", { taskType: "home-visit" }, "Home visit"],
    ["no task type as Untitled task", {}, "Untitled task"],
  ])("names a task created without a name (SPEC §2.6: every field optional): %s", async (_label, body, name) => {
    const response = await api.post(TASKS, body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name, status: "pending", ...body });
    const [created] = (await api.get(listPath("/platform/events", { subject: response.body.id, type: "workflow.task.created" }))).body
      .items;
    expect(created.data.name).toBe(name);
  });

  it("creates a task without a name in the graph too", async () => {
    const response = await api.graphql(`mutation { createTask(input: { taskType: "interview" }) { name taskType status } }`);
    expect(response).toEqual({ data: { createTask: { name: "Interview", taskType: "interview", status: "pending" } } });
  });

  describe("422 VALIDATION_ERROR naming the field, and nothing created", () => {
    it.each([
      ["an empty name", { name: "" }, "name"],
      ["a null name", { name: null }, "name"],
      ["a name over 200 characters", { name: "x".repeat(201) }, "name"],
      ["priority 0", { name: "x", priority: 0 }, "priority"],
      ["priority 5", { name: "x", priority: 5 }, "priority"],
      ["a fractional priority", { name: "x", priority: 2.5 }, "priority"],
      ["an unknown slaTypeCode", { name: "x", slaInfo: [{ slaTypeCode: "snap_turbo" }] }, "slaInfo.0.slaTypeCode"],
      ["an unknown programType", { name: "x", programType: "wic" }, "programType"],
      ["a queueId that is not a uuid", { name: "x", queueId: "snap-intake" }, "queueId"],
      ["a queueId naming no queue", { name: "x", queueId: MISSING_ID }, "queueId"],
      ["an assignedToId that is not a uuid", { name: "x", assignedToId: "worker-1" }, "assignedToId"],
      ["an assignedToId naming no user account", { name: "x", assignedToId: MISSING_ID }, "assignedToId"],
      ["status in_progress", { name: "x", status: "in_progress" }, "status"],
      ["status completed", { name: "x", status: "completed" }, "status"],
      ["an unknown field", { name: "x", owner: "me" }, "owner"],
    ])("rejects %s", async (_label, body, field) => {
      const subjectId = randomUUID();
      expectValidationError(await api.post(TASKS, { subjectId, ...body }), field);
      expect((await api.get(listPath(TASKS, { q: `subjectId:${subjectId}` }))).body.total).toBe(0);
    });
  });

  it("ignores what only the task's lifecycle sets (outcome, completedAt, slaDeadline …): a task sent back as it was read is created", async () => {
    const read = await createTask({ name: "Template", programType: "snap", slaInfo: [{ slaTypeCode: "snap_standard" }] });
    expect(read.slaInfo[0]).toEqual(expect.objectContaining({ status: "active", deadline: expect.any(String) }));
    const { id: _id, status: _status, ...sentBack } = read;
    const response = await api.post(TASKS, {
      ...sentBack,
      name: "Copy",
      outcome: "approved",
      completedAt: "2026-11-23T09:00:00Z",
      slaDeadline: "2026-12-01T09:00:00Z",
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(expect.objectContaining({ name: "Copy", status: "pending", outcome: null, completedAt: null }));
    // Its clocks start anew: the copy's own deadline, not the one sent.
    expect(response.body.slaInfo).toEqual([expect.objectContaining({ slaTypeCode: "snap_standard", status: "active" })]);
    expect(response.body.slaDeadline).not.toBe("2026-12-01T09:00:00Z");
  });

  it("refuses an assignedToId naming an account that is no longer active (422), and nothing is created", async () => {
    const gone = await worker();
    expect((await api.delete(`/identity-access/users/${gone.id}`)).status).toBe(204);
    const subjectId = randomUUID();
    const envelope = expectErrorEnvelope(
      await api.post(TASKS, { name: "For a leaver", subjectId, assignedToId: gone.id }),
      422,
      "VALIDATION_ERROR",
    );
    expect(envelope.details).toEqual([{ field: "assignedToId", message: expect.stringContaining("inactive") }]);
    expect((await api.get(listPath(TASKS, { q: `subjectId:${subjectId}` }))).body.total).toBe(0);
  });

  it("records workflow.task.created carrying the new task, by the caller", async () => {
    const task = await createTask({ name: "Evented", programType: "medicaid", slaInfo: [{ slaTypeCode: "medicaid_standard" }] });
    // Beside it, the scheduling domain's records of the task's timers (test/scheduling/timers.test.ts).
    const [created, ...rest] = (await eventsOf(api, task.id)).filter((event) => event.source === "/workflow");
    expect(rest).toEqual([]);
    expect(created).toEqual(
      expect.objectContaining({
        type: "workflow.task.created",
        source: "/workflow",
        subject: task.id,
        time: task.createdAt,
        authid: ADMIN_ID,
        authtype: "user",
        data: task,
      }),
    );
  });
});

describe("GET /workflow/tasks/{taskId}", () => {
  it("answers 404 NOT_FOUND for an unknown id and for a non-uuid id", async () => {
    const envelope = expectErrorEnvelope(await api.get(`${TASKS}/${MISSING_ID}`), 404, "NOT_FOUND");
    expect(envelope.message).toContain(MISSING_ID);
    expectErrorEnvelope(await api.get(`${TASKS}/task-1`), 404, "NOT_FOUND");
  });
});

describe("PATCH /workflow/tasks/{taskId}", () => {
  it("changes descriptive fields (200, updatedAt bumped) and records workflow.task.updated with data.changes", async () => {
    const task = await createTask({ name: "Before", programType: "snap" });
    const subjectId = randomUUID();
    const at = tick();
    const response = await api.patch(`${TASKS}/${task.id}`, {
      name: "After",
      description: "Check income",
      taskType: "income_review",
      subjectType: "case",
      subjectId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...task,
      name: "After",
      description: "Check income",
      taskType: "income_review",
      subjectType: "case",
      subjectId,
      updatedAt: at,
    });
    expect((await api.get(`${TASKS}/${task.id}`)).body).toEqual(response.body);

    const updated = await eventsOf(api, task.id, "workflow.task.updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]).toEqual(
      expect.objectContaining({ source: "/workflow", subject: task.id, time: at, authid: ADMIN_ID, authtype: "user" }),
    );
    expect(updated[0].data.changes).toEqual(
      expect.arrayContaining([
        { field: "name", before: "Before", after: "After" },
        { field: "description", before: null, after: "Check income" },
        { field: "taskType", before: null, after: "income_review" },
        { field: "subjectType", before: null, after: "case" },
        { field: "subjectId", before: null, after: subjectId },
      ]),
    );
    expect(updated[0].data.changes).toHaveLength(5);
  });

  it("lets a case worker change a task's description", async () => {
    const { headers } = await worker();
    const task = await createTask({ name: "Worker edits" });
    const response = await api.patch(`${TASKS}/${task.id}`, { description: "Called the client" }, headers);
    expect(response.status).toBe(200);
    expect(response.body.description).toBe("Called the client");
  });

  it("isExpedited true raises the priority to 1 (and the event lists both changes)", async () => {
    const task = await createTask({ name: "Becomes expedited", programType: "snap" });
    expect(task.priority).toBe(3);
    const response = await api.patch(`${TASKS}/${task.id}`, { isExpedited: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ isExpedited: true, priority: 1, queueId: SNAP_INTAKE }));
    const [updated] = await eventsOf(api, task.id, "workflow.task.updated");
    expect(updated.data.changes).toEqual(
      expect.arrayContaining([
        { field: "isExpedited", before: false, after: true },
        { field: "priority", before: 3, after: 1 },
      ]),
    );
  });

  it("a programType change routes the task to the queue of its new program", async () => {
    const task = await createTask({ name: "Changes program", programType: "snap" });
    expect(task.queueId).toBe(SNAP_INTAKE);
    const response = await api.patch(`${TASKS}/${task.id}`, { programType: "medicaid" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ programType: "medicaid", queueId: GENERAL_INTAKE, priority: 3 }));
  });

  it.each([
    ["status", { status: "completed" }],
    ["assignedToId", { assignedToId: randomUUID() }],
    ["priority", { priority: 1 }],
    ["queueId", { queueId: GENERAL_INTAKE }],
    ["outcome", { outcome: "done" }],
    ["completedAt", { completedAt: "2026-11-23T10:00:00Z" }],
    ["slaInfo", { slaInfo: [{ slaTypeCode: "snap_standard" }] }],
  ])(
    "ignores %s (changed only through actions or the SLA engine): the rest of the patch applies and the field stays as it was",
    async (field, patch) => {
      const task = await createTask({ name: "Governed", programType: "snap" });
      const response = await api.patch(`${TASKS}/${task.id}`, { description: "also this", ...patch });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expect.objectContaining({ description: "also this", [field]: task[field] }));
      const [updated] = await eventsOf(api, task.id, "workflow.task.updated");
      expect((updated!.data as { changes: { field: string }[] }).changes.map((change) => change.field)).toEqual(["description"]);
    },
  );

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["a subjectId that is not a uuid", { subjectId: "case-1" }, "subjectId"],
    ["an unknown field", { color: "red" }, "color"],
  ])("rejects %s with 422", async (_label, patch, field) => {
    const task = await createTask({ name: "Invalid patch" });
    expectValidationError(await api.patch(`${TASKS}/${task.id}`, patch), field);
    expect((await api.get(`${TASKS}/${task.id}`)).body).toEqual(task);
  });

  it("answers 404 for a task that does not exist", async () => {
    expectErrorEnvelope(await api.patch(`${TASKS}/${MISSING_ID}`, { name: "x" }), 404, "NOT_FOUND");
  });
});

describe("DELETE /workflow/tasks/{taskId}", () => {
  it("deletes the task (204, then 404) and its event history reads created, updated, deleted", async () => {
    const task = await createTask({ name: "Short-lived" });
    tick();
    await api.patch(`${TASKS}/${task.id}`, { name: "Shorter-lived" });
    const at = tick();
    const response = await api.delete(`${TASKS}/${task.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expectErrorEnvelope(await api.get(`${TASKS}/${task.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.delete(`${TASKS}/${task.id}`), 404, "NOT_FOUND");

    const events = (await eventsOf(api, task.id)).filter((event) => event.source === "/workflow");
    expect(events.map((event) => event.type)).toEqual(["workflow.task.created", "workflow.task.updated", "workflow.task.deleted"]);
    expect(events[0].data).toEqual(task);
    expect(events[1].data.changes).toEqual([{ field: "name", before: "Short-lived", after: "Shorter-lived" }]);
    expect(events[2]).toEqual(expect.objectContaining({ subject: task.id, time: at, authid: ADMIN_ID, authtype: "user" }));
    expect(events[2].data).toBeUndefined();
  });

  it("refuses a case worker (deleting needs a supervisor) with 403", async () => {
    const { headers } = await worker();
    const task = await createTask({ name: "Kept" });
    expectErrorEnvelope(await api.delete(`${TASKS}/${task.id}`, headers), 403, "FORBIDDEN");
    expect((await api.get(`${TASKS}/${task.id}`)).status).toBe(200);
  });
});

describe("GET /workflow/tasks", () => {
  it("sorts by priority, then newest first, by default", async () => {
    const taskType = marker();
    const normalOld = await createTask({ name: "normal, older", taskType });
    const expedited = await createTask({ name: "expedited", taskType, isExpedited: true });
    const normalNew = await createTask({ name: "normal, newer", taskType });
    const high = await createTask({ name: "high", taskType, priority: 2 });
    const low = await createTask({ name: "low", taskType, priority: 4 });
    const items = expectListEnvelope(await api.get(listPath(TASKS, { q: `taskType:${taskType}` })), {
      total: 5,
      limit: 25,
      offset: 0,
      hasNext: false,
    });
    expect(ids(items)).toEqual(ids([expedited, high, normalNew, normalOld, low]));
    expect(items[0]).toEqual(expedited);
  });

  describe("q filters", () => {
    const taskType = marker();
    let me: Account;
    let other: Account;
    const made: Record<string, any> = {};

    beforeAll(async () => {
      [me, other] = [await worker(), await worker()];
      made.snapPending = await createTask({
        name: "snap pending",
        taskType,
        programType: "snap",
        slaInfo: [{ slaTypeCode: "snap_standard" }],
      });
      made.medicaidPending = await createTask({
        name: "medicaid pending",
        taskType,
        programType: "medicaid",
        slaInfo: [{ slaTypeCode: "medicaid_standard" }],
      });
      made.mine = await createTask({ name: "mine", taskType, programType: "snap", slaInfo: [{ slaTypeCode: "snap_expedited" }] });
      made.theirs = await createTask({ name: "theirs", taskType, programType: "medicaid" });
      made.mine = await act(made.mine.id, "claim", {}, me.headers);
      made.theirs = await act(made.theirs.id, "claim", {}, other.headers);
      made.waiting = await createTask({ name: "waiting", taskType, programType: "snap", slaInfo: [{ slaTypeCode: "snap_expedited" }] });
      made.waiting = await act(made.waiting.id, "claim", {}, me.headers);
      made.waiting = await act(made.waiting.id, "await-client", {}, me.headers);
      made.cancelled = await createTask({ name: "cancelled", taskType, programType: "snap", slaInfo: [{ slaTypeCode: "snap_standard" }] });
      made.cancelled = await act(made.cancelled.id, "cancel", { reason: "duplicate" });
    });

    const names = (tasks: Array<{ name: string }>) => tasks.map((task) => task.name).sort();

    it("status:", async () => {
      expect(names(await listTasks(`taskType:${taskType} status:in_progress`))).toEqual(["mine", "theirs"]);
      expect(names(await listTasks(`taskType:${taskType} status:pending`))).toEqual(["medicaid pending", "snap pending"]);
      expect(names(await listTasks(`taskType:${taskType} status:awaiting_client,cancelled`))).toEqual(["cancelled", "waiting"]);
      expect(names(await listTasks(`taskType:${taskType} -status:pending`))).toEqual(["cancelled", "mine", "theirs", "waiting"]);
    });

    it("programType:", async () => {
      expect(names(await listTasks(`taskType:${taskType} programType:medicaid`))).toEqual(["medicaid pending", "theirs"]);
      expect(names(await listTasks(`taskType:${taskType} programType:snap status:pending`))).toEqual(["snap pending"]);
    });

    it("assignedToId:me means the worker whose token asks", async () => {
      const mine = await listTasks(`taskType:${taskType} assignedToId:me`, { headers: me.headers });
      expect(names(mine)).toEqual(["mine", "waiting"]);
      expect(mine.every((task) => task.assignedToId === me.id)).toBe(true);
      expect(names(await listTasks(`taskType:${taskType} assignedToId:me`, { headers: other.headers }))).toEqual(["theirs"]);
      expect(names(await listTasks(`taskType:${taskType} -assignedToId:*`))).toEqual(["cancelled", "medicaid pending", "snap pending"]);
    });

    it("slaInfo.status: finds tasks by the state of their clocks", async () => {
      expect(names(await listTasks(`taskType:${taskType} slaInfo.status:active`))).toEqual(["medicaid pending", "mine", "snap pending"]);
      expect(names(await listTasks(`taskType:${taskType} slaInfo.status:paused`))).toEqual(["waiting"]);
      expect(names(await listTasks(`taskType:${taskType} slaInfo.status:completed`))).toEqual(["cancelled"]);
    });

    it("sort=slaDeadline orders by the earliest running deadline, -slaDeadline the other way", async () => {
      const running = await listTasks(`taskType:${taskType} slaDeadline:*`, { sort: "slaDeadline" });
      // Paused and stopped clocks have no running deadline.
      expect(running.map((task) => task.name)).toEqual(["mine", "snap pending", "medicaid pending"]);
      const deadlines = running.map((task) => Date.parse(task.slaDeadline));
      expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
      expect((await listTasks(`taskType:${taskType} slaDeadline:*`, { sort: "-slaDeadline" })).map((task) => task.name)).toEqual([
        "medicaid pending",
        "snap pending",
        "mine",
      ]);
    });
  });

  it.each(["name", "-name", "assignedToId", "programType"])("sort=%s (not sortable) is 400 FIELD_NOT_SORTABLE", async (sort) => {
    const envelope = expectErrorEnvelope(await api.get(listPath(TASKS, { sort })), 400, "FIELD_NOT_SORTABLE");
    expect(detailFields(envelope)).toEqual(["sort"]);
  });

  it("a case worker may list tasks; an applicant may not (403)", async () => {
    expect((await api.raw("GET", TASKS, undefined, (await worker()).headers)).status).toBe(200);
    expectErrorEnvelope(await api.raw("GET", TASKS, undefined, await bearer(["applicant"], { personId: randomUUID() })), 403, "FORBIDDEN");
  });
});
