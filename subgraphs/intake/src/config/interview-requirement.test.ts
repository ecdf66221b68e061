import type { Application } from "@pap/db";
import { planTransition } from "@pap/kernel/state-machine";
import { applicationMachine } from "../domain/application-machine";
import { missingInterview, missingInterviewDetail, snapInterviewRequired } from "./interview-requirement";

const pending = { completedAt: null, waiverGranted: null };

describe("the SNAP interview requirement", () => {
  it("holds a SNAP application back until its interview is held or waived, naming the interview", () => {
    expect(missingInterview({ programs: ["snap"], interview: null }, true)).toEqual([missingInterviewDetail]);
    expect(missingInterview({ programs: ["medicaid", "snap"], interview: pending }, true)).toEqual([missingInterviewDetail]);
    expect(missingInterview({ programs: ["snap"], interview: { ...pending, waiverGranted: false } }, true)).toEqual([
      missingInterviewDetail,
    ]);
    expect(missingInterview({ programs: ["snap"], interview: { ...pending, completedAt: new Date() } }, true)).toEqual([]);
    expect(missingInterview({ programs: ["snap"], interview: { ...pending, waiverGranted: true } }, true)).toEqual([]);
  });

  it("asks nothing of an application without SNAP, or of a deployment that waives the interview", () => {
    expect(missingInterview({ programs: ["medicaid"], interview: null }, true)).toEqual([]);
    expect(missingInterview({ programs: ["snap"], interview: null }, false)).toEqual([]);
  });

  it("is on unless SNAP_INTERVIEW_REQUIRED=false", () => {
    expect(snapInterviewRequired({})).toBe(true);
    expect(snapInterviewRequired({ SNAP_INTERVIEW_REQUIRED: "false" })).toBe(false);
    expect(() => snapInterviewRequired({ SNAP_INTERVIEW_REQUIRED: "maybe" })).toThrow(/true or false/);
  });
});

describe("the application actions that lead to a decision", () => {
  const application = { id: "a1a1a1a1-0000-4000-8000-000000000001", status: "under_review", programs: ["snap"] } as unknown as Application;
  const env = { memberIds: [], members: [], filingGaps: [], decisionGaps: [missingInterviewDetail] };
  const worker = { id: "w", roles: ["case_worker"] as const };
  const supervisor = { id: "s", roles: ["supervisor"] as const };
  const now = new Date("2026-12-01T09:00:00Z");

  it("refuse while the interview is missing (422 naming it), after the state and the role", async () => {
    await expect(planTransition(applicationMachine, "complete-review", application, worker, {}, env, now)).rejects.toMatchObject({
      status: 422,
      details: [missingInterviewDetail],
    });
    const pending = { ...application, status: "pending_approval" } as Application;
    await expect(planTransition(applicationMachine, "approve-determination", pending, supervisor, {}, env, now)).rejects.toMatchObject({
      status: 422,
    });
    await expect(planTransition(applicationMachine, "approve-determination", pending, worker, {}, env, now)).rejects.toMatchObject({
      status: 403,
    });
    await expect(planTransition(applicationMachine, "complete-review", pending, worker, {}, env, now)).rejects.toMatchObject({
      status: 409,
    });
  });

  it("go ahead once nothing is missing; closing or withdrawing never waits for the interview", async () => {
    const ready = { ...env, decisionGaps: [] };
    await expect(planTransition(applicationMachine, "complete-review", application, worker, {}, ready, now)).resolves.toMatchObject({
      emissions: [{ name: "application.review_completed" }],
    });
    await expect(planTransition(applicationMachine, "close", application, worker, {}, env, now)).resolves.toMatchObject({ to: "closed" });
    await expect(planTransition(applicationMachine, "withdraw", application, worker, {}, env, now)).resolves.toMatchObject({
      to: "withdrawn",
    });
  });
});
