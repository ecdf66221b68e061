import { DAY_MS } from "@pap/core";

/** A condition on a new task's fields; every field named must equal the value given. */
export type TaskCondition = Partial<Record<"taskType" | "programType" | "isExpedited" | "subjectType", string | boolean>>;

/**
 * A service-level clock a task can carry. It runs from the task's creation for `durationMs`, pauses
 * while the task is in a state whose clock the task machine says is paused (waiting on the client or
 * a verification, so the agency is not charged for that time), turns `warning` once
 * `warningThresholdPercent` of its running time has elapsed, `breached` at the deadline, and
 * `completed` when the task closes in time.
 */
export type SlaType = {
  code: string;
  name: string;
  durationMs: number;
  warningThresholdPercent: number;
  /** New tasks that match get this clock whether or not the client asked for it (SPEC §2.6: both apply). */
  autoAssignWhen?: TaskCondition;
};

/**
 * The federal timeliness clocks (7 CFR § 273.2(g) and (i), 42 CFR § 435.912). The baseline
 * configuration attaches none automatically: clients name them when they create a task, and a
 * deployment that wants a rule adds `autoAssignWhen` here.
 */
export const seededSlaTypes: readonly SlaType[] = [
  { code: "snap_expedited", name: "SNAP Expedited", durationMs: 7 * DAY_MS, warningThresholdPercent: 75 },
  { code: "snap_standard", name: "SNAP Standard", durationMs: 30 * DAY_MS, warningThresholdPercent: 75 },
  { code: "medicaid_standard", name: "Medicaid Standard", durationMs: 45 * DAY_MS, warningThresholdPercent: 75 },
  { code: "medicaid_disability", name: "Medicaid Disability", durationMs: 90 * DAY_MS, warningThresholdPercent: 75 },
];

export const slaTypeCodes = seededSlaTypes.map((type) => type.code) as [string, ...string[]];
