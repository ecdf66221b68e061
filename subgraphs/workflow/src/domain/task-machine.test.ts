import { readFileSync } from "node:fs";
import path from "node:path";
import { actionTable, mermaidDiagram, planTransition } from "@pap/kernel/state-machine";
import type { Task } from "@pap/db";
import { needsCallerAccount, taskMachine, withAccount, type TaskEnv } from "./task-machine";

const now = new Date("2026-11-23T09:00:00.000Z");
const worker = { id: "6f1c2a8e-0d5b-4c1e-9a77-3b2d4e5f6a70", roles: ["case_worker"] as const };
const env: TaskEnv = {
  routedQueueId: async () => "routed-queue",
  requireQueue: async () => undefined,
  requireActiveUser: async () => undefined,
};

const task = (overrides: Partial<Task> = {}): Task =>
  ({
    id: "9b2f0c3e-1111-4a2b-8c3d-000000000001",
    name: "Review",
    status: "pending",
    assignedToId: null,
    isExpedited: false,
    priority: 2,
    queueId: "custom",
    escalatedAt: null,
    ...overrides,
  }) as Task;

describe("the task machine", () => {
  it("lets the worker a supervisor assigned claim the pending task, and nobody else", async () => {
    const assigned = task({ assignedToId: worker.id });
    await expect(planTransition(taskMachine, "claim", assigned, worker, {}, env, now)).resolves.toMatchObject({ to: "in_progress" });
    await expect(
      planTransition(taskMachine, "claim", assigned, { id: "0c0c0c0c-0000-4000-8000-000000000000", roles: ["case_worker"] }, {}, env, now),
    ).rejects.toMatchObject({
      status: 409,
      message: "Cannot claim: the task is assigned to someone else.",
    });
  });

  it("refuses a claim from a credential that names no user account", async () => {
    await expect(
      planTransition(taskMachine, "claim", task(), { id: "service-x", roles: ["case_worker"] }, {}, env, now),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("refuses a claim from a caller whose account was not found active (no id once looked up), saying so", async () => {
    const nobody = withAccount(worker, null);
    expect(nobody).toEqual({ roles: ["case_worker"] });
    await expect(planTransition(taskMachine, "claim", task(), nobody, {}, env, now)).rejects.toMatchObject({
      status: 409,
      message: "Cannot claim: the caller's credential names no active user account to assign the task to.",
    });
    await expect(planTransition(taskMachine, "claim", task(), withAccount(worker, { id: worker.id }), {}, env, now)).resolves.toMatchObject(
      { changes: { assignedToId: worker.id } },
    );
  });

  it("looks the caller's account up only for an action, from a state, whose clause for their roles judges who they are", () => {
    const supervisor = { id: "s", roles: ["supervisor"] as const };
    const system = { id: "system", roles: ["system"] as const };
    expect(needsCallerAccount("pending", worker, ["claim"])).toBe(true);
    expect(needsCallerAccount("pending", { id: "a", roles: ["state_admin"] }, ["claim"])).toBe(true);
    expect(needsCallerAccount("in_progress", worker, ["claim"])).toBe(false);
    expect(needsCallerAccount("pending", system, ["claim"])).toBe(false);
    expect(needsCallerAccount("in_progress", worker, ["complete", "release"])).toBe(true);
    expect(needsCallerAccount("in_progress", system, ["complete"])).toBe(false);
    expect(needsCallerAccount("pending", supervisor, ["assign", "set-priority", "cancel"])).toBe(false);
    expect(needsCallerAccount("pending", worker)).toBe(true);
    expect(needsCallerAccount("completed", worker)).toBe(false);
  });

  it("asks the environment whether assign's assignedToId names an active account, after the queue", async () => {
    const supervisor = { id: "s", roles: ["supervisor"] as const };
    const asked: string[] = [];
    const checking: TaskEnv = {
      ...env,
      requireQueue: async (queueId) => void asked.push(`queue ${queueId}`),
      requireActiveUser: async (userId, field) => void asked.push(`${field} ${userId}`),
    };
    await planTransition(
      taskMachine,
      "assign",
      task(),
      supervisor,
      { assignedToId: worker.id, queueId: "0c0c0c0c-0000-4000-8000-000000000001" },
      checking,
      now,
    );
    expect(asked).toEqual(["queue 0c0c0c0c-0000-4000-8000-000000000001", `assignedToId ${worker.id}`]);
  });

  it("records an SLA breach as sla_breached and other deadline escalations as escalated, keeping the first escalatedAt", async () => {
    const system = { id: "system", roles: ["system"] as const };
    const earlier = new Date("2026-11-20T00:00:00.000Z");
    const breach = await planTransition(
      taskMachine,
      "sla-escalate",
      task({ status: "escalated", escalatedAt: earlier }),
      system,
      { reason: "sla_deadline_exceeded" },
      env,
      now,
    );
    expect(breach.emissions).toEqual([{ name: "task.sla_breached", data: { reason: "sla_deadline_exceeded" } }]);
    expect(breach.changes.escalatedAt).toEqual(earlier);
    const warning = await planTransition(taskMachine, "sla-escalate", task(), system, { reason: "sla_deadline_approaching" }, env, now);
    expect(warning.emissions).toEqual([{ name: "task.escalated", data: { reason: "sla_deadline_approaching" } }]);
    expect(warning.changes).toMatchObject({ escalatedAt: now, priority: 3 });
  });

  it("requeues a released task at routine priority, unassigned", async () => {
    const plan = await planTransition(
      taskMachine,
      "release",
      task({ status: "in_progress", assignedToId: worker.id, isExpedited: true }),
      worker,
      { reason: "out sick" },
      env,
      now,
    );
    expect(plan.changes).toEqual({ assignedToId: null, queueId: "routed-queue", priority: 1, status: "pending" });
  });

  it("keeps the queue when assign names none", async () => {
    const supervisor = { id: "s", roles: ["supervisor"] as const };
    const plan = await planTransition(taskMachine, "assign", task(), supervisor, { assignedToId: worker.id }, env, now);
    expect(plan.changes).toEqual({ assignedToId: worker.id });
    expect(plan.emissions).toEqual([{ name: "task.assigned", data: { assignedToId: worker.id, queueId: "custom" } }]);
  });
});

describe("the workflow page's lifecycle section", () => {
  it("is the diagram and table generated from the machine", () => {
    const page = readFileSync(path.join(__dirname, "../../../../docs/domains/workflow.md"), "utf8");
    const section = page.split("<!-- task-machine:start -->\n")[1]?.split("\n<!-- task-machine:end -->")[0];
    const generated = `\`\`\`mermaid\n${mermaidDiagram(taskMachine)}\n\`\`\`\n\n${actionTable(taskMachine)}`;
    // On failure, paste the generated text between the page's task-machine markers.
    expect(section).toBe(generated);
  });
});
