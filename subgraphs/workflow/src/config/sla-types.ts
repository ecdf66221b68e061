import type { BenefitProgram } from "@pap/core";
import type { TaskStatus } from "../contract/task-status";

/** A condition on a new task's fields; every field named must equal the value given. */
export type TaskCondition = { taskType?: string; programType?: BenefitProgram; isExpedited?: boolean; subjectType?: string };

/**
 * A service-level clock a task can carry. It runs from the task's creation for `durationMs`, pauses
 * while the task is in one of the `pauseWhen` states (waiting on the client or a verification by
 * default, so the agency is not charged for that time), turns `warning` once
 * `warningThresholdPercent` of its running time has elapsed, `breached` at the deadline, and
 * `completed` when the task closes in time.
 */
export type SlaType = {
  code: string;
  name: string;
  durationMs: number;
  warningThresholdPercent: number;
  pauseWhen: readonly TaskStatus[];
  /** New tasks that match get this clock whether or not the client asked for it (SPEC §2.6: both apply). */
  autoAssignWhen?: TaskCondition;
};

export type DurationUnit = "minutes" | "hours" | "days";

/** An SLA type as the deployment's file writes it (configuration §4: a duration's amount and unit). */
export type SlaTypeEntry = {
  code: string;
  name: string;
  duration: { amount: number; unit: DurationUnit };
  warningThresholdPercent: number;
  pauseWhen?: TaskStatus[];
  autoAssignWhen?: TaskCondition;
};

/**
 * The federal timeliness clocks (7 CFR § 273.2(g) and (i), 42 CFR § 435.912). The baseline
 * configuration attaches none automatically: clients name them when they create a task, the
 * application's review task gets its programs' (`applicationClocks`), and a deployment that wants a
 * rule adds `autoAssignWhen`.
 */
export const builtInSlaTypes: SlaTypeEntry[] = [
  { code: "snap_expedited", name: "SNAP Expedited", duration: { amount: 7, unit: "days" }, warningThresholdPercent: 75 },
  { code: "snap_standard", name: "SNAP Standard", duration: { amount: 30, unit: "days" }, warningThresholdPercent: 75 },
  { code: "medicaid_standard", name: "Medicaid Standard", duration: { amount: 45, unit: "days" }, warningThresholdPercent: 75 },
  { code: "medicaid_disability", name: "Medicaid Disability", duration: { amount: 90, unit: "days" }, warningThresholdPercent: 75 },
];
