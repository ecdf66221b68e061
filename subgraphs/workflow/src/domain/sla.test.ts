import { createCalendar, DAY_MS, HOUR_MS } from "@pap/core";
import { builtInWorkflowConfig } from "../config/deployment";
import type { SlaType } from "../config/sla-types";
import type { TaskStatus } from "../contract/task";
import {
  clockIn,
  evaluateClock,
  evaluateClocks,
  nextSlaMoments,
  slaDeadline,
  slaTypesForNewTask,
  startClocks,
  warningTime,
  type SlaEntry,
} from "./sla";

const types = builtInWorkflowConfig().slaTypes;
const t0 = new Date("2026-11-02T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const snap = (): SlaEntry => startClocks(["snap_standard"], types, t0)[0]!;
const type = types.find((candidate) => candidate.code === "snap_standard")!;
// How a state treats the clocks is the task machine's to say, and the type's pauseWhen.
const evaluate = (entry: SlaEntry, state: TaskStatus, ms: number) => evaluateClock(entry, type, clockIn(type, state), at(ms));

describe("starting clocks", () => {
  it("ends a clock of whole days that many local days on, at the same local time across a daylight-saving change", () => {
    // 2026-10-20 09:00 in New York (EDT); 30 days on is 2026-11-19 09:00 EST, 721 hours later.
    const start = new Date("2026-10-20T13:00:00.000Z");
    const [entry] = startClocks(["snap_standard"], types, start, createCalendar({ timeZone: "America/New_York" }));
    expect(entry!.deadline).toBe("2026-11-19T14:00:00.000Z");
    // Without the calendar, elapsed time.
    expect(startClocks(["snap_standard"], types, start)[0]!.deadline).toBe("2026-11-19T13:00:00.000Z");
  });
  it("starts each clock now with its type's duration", () => {
    expect(snap()).toEqual({
      slaTypeCode: "snap_standard",
      status: "active",
      clockStartedAt: t0.toISOString(),
      deadline: at(30 * DAY_MS).toISOString(),
      pausedAt: null,
      pausedMs: 0,
    });
  });

  it("merges the client's types with rule-assigned ones, each once", () => {
    const withRule: SlaType[] = [
      ...types.filter((each) => each.code !== "snap_expedited"),
      { ...types[0]!, autoAssignWhen: { programType: "snap", isExpedited: true } },
    ];
    expect(slaTypesForNewTask(["snap_standard"], { programType: "snap", isExpedited: true }, withRule)).toEqual([
      "snap_standard",
      "snap_expedited",
    ]);
    expect(slaTypesForNewTask(["snap_expedited"], { programType: "snap", isExpedited: true }, withRule)).toEqual(["snap_expedited"]);
    expect(slaTypesForNewTask([], { programType: "medicaid", isExpedited: true }, withRule)).toEqual([]);
  });

  it("assigns nothing by rule in the baseline configuration", () => {
    expect(slaTypesForNewTask([], { programType: "snap", isExpedited: true, taskType: "application_review" }, types)).toEqual([]);
  });
});

describe("a running clock", () => {
  it("is active before 75 % of its time, warning from then, breached at the deadline", () => {
    expect(evaluate(snap(), "in_progress", 22 * DAY_MS).status).toBe("active");
    expect(evaluate(snap(), "in_progress", 22.5 * DAY_MS).status).toBe("warning");
    expect(evaluate(snap(), "in_progress", 30 * DAY_MS - 1).status).toBe("warning");
    expect(evaluate(snap(), "in_progress", 30 * DAY_MS).status).toBe("breached");
  });

  it("completes when the task closes in time, and is breached when it closes late", () => {
    expect(evaluate(snap(), "completed", 29 * DAY_MS).status).toBe("completed");
    expect(evaluate(snap(), "cancelled", 31 * DAY_MS).status).toBe("breached");
  });

  it("never leaves completed or breached", () => {
    const breached = evaluate(snap(), "in_progress", 31 * DAY_MS);
    expect(evaluate(breached, "completed", 32 * DAY_MS)).toBe(breached);
    const completed = evaluate(snap(), "completed", DAY_MS);
    expect(evaluate(completed, "in_progress", 40 * DAY_MS)).toBe(completed);
  });
});

describe("pausing", () => {
  it("pauses while the task waits on the client, keeping the deadline until it resumes", () => {
    const paused = evaluate(snap(), "awaiting_client", 10 * DAY_MS);
    expect(paused).toEqual({ ...snap(), status: "paused", pausedAt: at(10 * DAY_MS).toISOString() });
    // Still paused later: nothing moves, not even past the original deadline.
    expect(evaluate(paused, "awaiting_client", 35 * DAY_MS)).toBe(paused);
  });

  it("pushes the deadline out by exactly the time paused on resume", () => {
    const paused = evaluate(snap(), "awaiting_verification", 10 * DAY_MS);
    const resumed = evaluate(paused, "in_progress", 14 * DAY_MS + 6 * HOUR_MS);
    expect(resumed).toEqual({
      ...snap(),
      status: "active",
      pausedAt: null,
      pausedMs: 4 * DAY_MS + 6 * HOUR_MS,
      deadline: at(34 * DAY_MS + 6 * HOUR_MS).toISOString(),
    });
  });

  it("adds up several pauses, and the warning moves with the deadline", () => {
    let entry = evaluate(snap(), "awaiting_client", DAY_MS);
    entry = evaluate(entry, "in_progress", 3 * DAY_MS); // 2 days
    entry = evaluate(entry, "awaiting_verification", 5 * DAY_MS);
    entry = evaluate(entry, "in_progress", 6 * DAY_MS); // 1 day
    expect(entry.pausedMs).toBe(3 * DAY_MS);
    expect(entry.deadline).toBe(at(33 * DAY_MS).toISOString());
    expect(warningTime(entry, type)).toBe(at(25.5 * DAY_MS).getTime());
    expect(evaluate(entry, "in_progress", 25 * DAY_MS).status).toBe("active");
    expect(evaluate(entry, "in_progress", 25.5 * DAY_MS).status).toBe("warning");
  });

  it("judges a clock that stops while paused against its pushed-out deadline", () => {
    const paused = evaluate(snap(), "awaiting_client", 20 * DAY_MS);
    // Cancelled at day 40 after 20 paused days: the deadline had moved to day 50.
    expect(evaluate(paused, "cancelled", 40 * DAY_MS)).toEqual(
      expect.objectContaining({ status: "completed", deadline: at(50 * DAY_MS).toISOString() }),
    );
  });
});

describe("slaDeadline and the next moments", () => {
  const two = () => startClocks(["snap_expedited", "snap_standard"], types, t0);

  it("is the earliest deadline among running clocks, and null when none runs", () => {
    expect(slaDeadline(two())).toEqual(at(7 * DAY_MS));
    const paused = two().map((entry) => evaluate(entry, "awaiting_client", DAY_MS));
    expect(slaDeadline(paused)).toBeNull();
    expect(slaDeadline([])).toBeNull();
  });

  it("skips a breached clock: the next running deadline counts", () => {
    const [expedited, standard] = two();
    const breached = { ...expedited!, status: "breached" as const };
    expect(slaDeadline([breached, standard!])).toEqual(at(30 * DAY_MS));
  });

  it("names the next warning (active clocks only) and the next breach", () => {
    const [expedited, standard] = two();
    expect(nextSlaMoments(two(), types)).toEqual({ warningAt: at(5.25 * DAY_MS), breachAt: at(7 * DAY_MS) });
    const warned = { ...expedited!, status: "warning" as const };
    expect(nextSlaMoments([warned, standard!], types)).toEqual({ warningAt: at(22.5 * DAY_MS), breachAt: at(7 * DAY_MS) });
  });
});

describe("a type's own pause rule", () => {
  it("pauses the clocks of the types that say so, and only those", () => {
    // A type that keeps counting while the client is asked (a state may hold its agency to that).
    const strict: SlaType = { ...type, code: "strict", pauseWhen: ["awaiting_verification"] };
    const both = [...startClocks(["snap_standard"], types, t0), ...startClocks(["strict"], [strict], t0)];
    const waiting = evaluateClocks(both, [...types, strict], "awaiting_client", at(DAY_MS));
    expect(waiting.map((entry) => entry.status)).toEqual(["paused", "active"]);
    expect(clockIn(strict, "completed")).toBe("stopped");
    expect(clockIn(type, "awaiting_verification")).toBe("paused");
  });
});
