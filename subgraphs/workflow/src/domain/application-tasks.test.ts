import { isAllowedFrom } from "@pap/kernel/state-machine";
import { endingSteps } from "../config/application-tasks";
import { builtInWorkflowConfig } from "../config/deployment";
import { taskStatuses } from "../contract/task";
import { applicationTaskReactions, followingTaskOf, reactionTypeOf, reviewTaskOf, stepsToEnd, submittedData } from "./application-tasks";
import { routedQueue } from "./routing";
import { taskMachine } from "./task-machine";

const baseline = builtInWorkflowConfig();
const clocks = baseline.applicationClocks;
const queueOf = (facts: Parameters<typeof routedQueue>[0]) =>
  routedQueue(
    facts,
    baseline.routing,
    baseline.queues.map((queue) => ({ ...queue, county: queue.county ?? null })),
  )?.name;
const APPLICATION = "6f1f7c1e-3c1a-4d7e-9a55-0c0b8f6e2a11";
const systemMay = (action: string) =>
  taskMachine.actions[action]!.who.some((clause) => clause.actors.includes("system") && !clause.guards?.length);

describe("the review task of a filed application", () => {
  it("describes the application's review, pending its claim", () => {
    const { body } = reviewTaskOf(APPLICATION, { programs: ["snap"] }, clocks);
    expect(body).toEqual({
      taskType: "application_review",
      name: "Application review",
      subjectType: "application",
      subjectId: APPLICATION,
      programType: "snap",
      isExpedited: false,
      slaInfo: [{ slaTypeCode: "snap_standard" }],
    });
  });

  it.each([
    [["snap"], "snap-intake"],
    [["medicaid"], "general-intake"],
    [["snap", "medicaid"], "general-intake"],
    [["tanf"], "general-intake"],
  ])("routes %j to %s, and routing the task again by its programType agrees", (programs, queue) => {
    const { body, routing } = reviewTaskOf(APPLICATION, { programs }, clocks);
    expect(queueOf(routing)).toBe(queue);
    expect(queueOf({ programType: (body.programType as string | null) ?? null })).toBe(queue);
  });

  it("is expedited, on the 7-day SNAP clock, when the SNAP screening says so", () => {
    const { body } = reviewTaskOf(APPLICATION, { programs: ["snap", "medicaid"], isExpedited: true }, clocks);
    expect(body).toEqual(
      expect.objectContaining({
        isExpedited: true,
        programType: null,
        slaInfo: [{ slaTypeCode: "snap_expedited" }, { slaTypeCode: "medicaid_standard" }],
      }),
    );
  });

  it("starts no clock for programs without a configured type, and only configured types otherwise", () => {
    expect(reviewTaskOf(APPLICATION, { programs: ["chip", "tanf"], isExpedited: null }, clocks).body.slaInfo).toEqual([]);
    const codes = new Set(baseline.slaTypes.map((type) => type.code));
    for (const programs of [["snap"], ["medicaid"], ["snap", "medicaid"]]) {
      for (const isExpedited of [true, false]) {
        for (const entry of reviewTaskOf(APPLICATION, { programs, isExpedited }, clocks).body.slaInfo ?? [])
          expect(codes.has(entry.slaTypeCode)).toBe(true);
      }
    }
  });

  it("reads only programs and isExpedited of the event's data, and needs programs", () => {
    expect(submittedData.safeParse({ programs: ["snap"], channel: "online", memberIds: [], isExpedited: null }).success).toBe(true);
    expect(submittedData.safeParse({ programs: [] }).success).toBe(false);
    expect(submittedData.safeParse(undefined).success).toBe(false);
  });
});

describe("ending an application's task by its status", () => {
  it("cancels unstarted work, completes started work, approves reviewed work, with the ending named", () => {
    expect(stepsToEnd("pending", "application_withdrawn")).toEqual([{ action: "cancel", body: { reason: "application_withdrawn" } }]);
    expect(stepsToEnd("escalated", "application_closed")).toEqual([{ action: "cancel", body: { reason: "application_closed" } }]);
    expect(stepsToEnd("in_progress", "application_closed")).toEqual([{ action: "complete", body: { outcome: "application_closed" } }]);
    expect(stepsToEnd("pending_review", "application_closed")).toEqual([{ action: "approve", body: { outcome: "application_closed" } }]);
    expect(stepsToEnd("awaiting_verification", "application_closed")).toEqual([
      { action: "auto-resume", body: {} },
      { action: "complete", body: { outcome: "application_closed" } },
    ]);
  });

  it("leaves closed tasks, and a task waiting on the client, alone", () => {
    expect(stepsToEnd("completed", "application_closed")).toEqual([]);
    expect(stepsToEnd("cancelled", "application_closed")).toEqual([]);
    expect(stepsToEnd("awaiting_client", "application_closed")).toEqual([]);
  });

  it.each(taskStatuses)("from %s, every step is one the machine lets the system take, in turn", (status) => {
    let state: string = status;
    for (const step of endingSteps[status]) {
      expect(isAllowedFrom(taskMachine, step.action, state)).toBe(true);
      expect(systemMay(step.action)).toBe(true);
      state = taskMachine.actions[step.action]!.to ?? state;
    }
    if (endingSteps[status].length > 0) expect(["completed", "cancelled"]).toContain(state);
  });
});

describe("the reactions", () => {
  it("names each intake event once, prefixed or not", () => {
    expect(reactionTypeOf("intake.application.closed")).toBe("intake.application.closed");
    expect(reactionTypeOf("gov.example.intake.application.closed")).toBe("intake.application.closed");
    expect(reactionTypeOf("intake.application.opened")).toBeUndefined();
  });

  it("moves tasks only with actions the system may take", () => {
    for (const reaction of Object.values(applicationTaskReactions)) {
      for (const move of reaction.moves) if ("action" in move) expect(systemMay(move.action)).toBe(true);
    }
  });

  it("opens an approval task following the review's program and urgency, without clocks", () => {
    expect(followingTaskOf("approval", APPLICATION, { programType: "snap", isExpedited: true })).toEqual({
      taskType: "determination_approval",
      name: "Determination approval",
      subjectType: "application",
      subjectId: APPLICATION,
      programType: "snap",
      isExpedited: true,
    });
    expect(followingTaskOf("approval", APPLICATION, null)).toEqual(expect.objectContaining({ programType: null, isExpedited: false }));
  });
});
