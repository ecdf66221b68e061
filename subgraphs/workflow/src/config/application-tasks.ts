import type { BenefitProgram } from "@pap/core";
import type { TaskStatus } from "../contract/task-status";

/** The tasks the workflow opens for an application's lifecycle (state-machines.md §1, the workflow's intake subscriptions). */
export const applicationTaskKinds = {
  review: { taskType: "application_review", name: "Application review" },
  approval: { taskType: "determination_approval", name: "Determination approval" },
} as const;

export type ApplicationTaskKind = keyof typeof applicationTaskKinds;

/**
 * A clock an application's review task starts: the program's processing deadline, counted from the
 * filing. A rule without `expedited` applies either way.
 */
export type ApplicationClockRule = { program: BenefitProgram; expedited?: boolean; slaType: string };

/**
 * Each program's processing deadline (7 CFR § 273.2(g) and (i), 42 CFR § 435.912); programs with no
 * rule (CHIP, TANF, ACA in the built-in configuration) start no clock.
 */
export const builtInApplicationClocks: ApplicationClockRule[] = [
  { program: "snap", expedited: true, slaType: "snap_expedited" },
  { program: "snap", expedited: false, slaType: "snap_standard" },
  { program: "medicaid", slaType: "medicaid_standard" },
];

/** One task action the system takes; `outcome` or `reason` in its body is the ending's name. */
export type SystemStep = { action: string; says?: "outcome" | "reason" };

/**
 * How the system ends an application's open task when the application no longer needs it (closed,
 * withdrawn, its determination rejected), by the task's status: unstarted work is cancelled, started
 * work is completed, reviewed work approved, each with the ending as reason or outcome. A task waiting
 * on a verification is resumed first so it can be completed. A task waiting on the client has no
 * action the system may take but `auto-cancel`, whose reason says the client never answered, which
 * would be false: it is left for its worker (or its 30-day client timeout).
 */
export const endingSteps: Record<TaskStatus, readonly SystemStep[]> = {
  pending: [{ action: "cancel", says: "reason" }],
  escalated: [{ action: "cancel", says: "reason" }],
  in_progress: [{ action: "complete", says: "outcome" }],
  pending_review: [{ action: "approve", says: "outcome" }],
  awaiting_verification: [{ action: "auto-resume" }, { action: "complete", says: "outcome" }],
  awaiting_client: [],
  completed: [],
  cancelled: [],
};
