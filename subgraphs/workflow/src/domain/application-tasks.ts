import { z } from "zod";
import { applicationTaskKinds, endingSteps, type ApplicationClockRule, type ApplicationTaskKind } from "../config/application-tasks";
import { programTypes, type TaskCreate, type TaskStatus } from "../contract/task";
import type { SlaType } from "../config/sla-types";
import type { RoutingFacts } from "./routing";
import { slaTypeOf, type SlaEntry } from "./sla";

/**
 * Intake's events the workflow reacts to, named as intake declares them (the consumer adds the
 * deployment's prefix). The workflow does not import intake: the event types and their data are the
 * contract between the two domains.
 */
export const intakeEventTypes = [
  "intake.application.submitted",
  "intake.determination.approval_needed",
  "intake.determination.rejected",
  "intake.application.closed",
  "intake.application.withdrawn",
  // Eligibility's finding after filing, named as eligibility declares it: the application qualifies for expedited service.
  "eligibility.application.expedited",
  // The household moved to another county: its tasks, open or closed, belong there now (county scoping).
  "intake.application.county_changed",
] as const;
export type IntakeEventType = (typeof intakeEventTypes)[number];

/**
 * What happens to one of the application's tasks: ended by its status, moved by one action when its
 * status allows it, made expedited (priority and clocks, `expeditedClocks`) while it is open, or moved
 * to the county the event names, whatever its status.
 */
export type TaskMove = { kind: ApplicationTaskKind } & (
  | { end: string }
  | { action: string; body?: Record<string, unknown> }
  | { expedite: true }
  | { relocate: true }
);

/** A reaction: the application's tasks it moves, in order, then the task it opens (if one of that kind is not already there). */
export type ApplicationReaction = { moves: readonly TaskMove[]; opens?: ApplicationTaskKind };

/** The workflow's side of the application lifecycle (state-machines.md §1; events.md §4). */
export const applicationTaskReactions: Record<IntakeEventType, ApplicationReaction> = {
  "intake.application.submitted": { moves: [], opens: "review" },
  "intake.determination.approval_needed": { moves: [{ kind: "review", action: "submit-for-review" }], opens: "approval" },
  "intake.determination.rejected": {
    moves: [
      { kind: "review", action: "return-to-worker", body: { reason: "determination_rejected" } },
      { kind: "approval", end: "determination_rejected" },
    ],
  },
  "intake.application.closed": {
    moves: [
      { kind: "review", end: "application_closed" },
      { kind: "approval", end: "application_closed" },
    ],
  },
  "intake.application.withdrawn": {
    moves: [
      { kind: "review", end: "application_withdrawn" },
      { kind: "approval", end: "application_withdrawn" },
    ],
  },
  "eligibility.application.expedited": { moves: [{ kind: "review", expedite: true }] },
  "intake.application.county_changed": {
    moves: [
      { kind: "review", relocate: true },
      { kind: "approval", relocate: true },
    ],
  },
};

/** What the workflow reads of `intake.application.county_changed`: where the household belongs now. */
export const countyChangedData = z.object({ county: z.string().nullable() });

/** The reaction an event's type asks for. The type carries the deployment's prefix, whatever it ends with; no declared type ends another. */
export function reactionTypeOf(type: string): IntakeEventType | undefined {
  return intakeEventTypes.find((candidate) => type.endsWith(candidate));
}

/** The actions, with their bodies, that end a task in `status`: none for a task already closed, or one the system cannot end. */
export function stepsToEnd(status: TaskStatus, ending: string): { action: string; body: Record<string, unknown> }[] {
  return endingSteps[status].map((step) => ({ action: step.action, body: step.says ? { [step.says]: ending } : {} }));
}

/**
 * What the workflow reads of `intake.application.submitted`: the programs decide the queue and the
 * clocks, the SNAP screening's `isExpedited` the priority. Anything else intake sends is not read here.
 */
export const submittedData = z.object({
  programs: z.array(z.string()).min(1),
  isExpedited: z.boolean().nullish(),
  // The household's county: the application's tasks belong to it (county scoping).
  county: z.string().nullish(),
});
export type SubmittedData = z.infer<typeof submittedData>;

const isProgramType = (program: string): program is (typeof programTypes)[number] => (programTypes as readonly string[]).includes(program);

/**
 * The review task of a filed application and what routes it. Its programType is the application's
 * one program, or none for a household applying for several, so that routing the task again later
 * (release, de-escalate, reopen), which reads only programType, sends it where the application's
 * programs sent it first.
 */
export function reviewTaskOf(
  applicationId: string,
  data: SubmittedData,
  clockRules: readonly ApplicationClockRule[],
): { body: TaskCreate; routing: RoutingFacts } {
  const programs = [...new Set(data.programs)];
  const expedited = data.isExpedited === true;
  const only = programs.length === 1 ? programs[0]! : null;
  const programType = only !== null && isProgramType(only) ? only : null;
  const clocks = clockRules
    .filter((rule) => programs.includes(rule.program) && (rule.expedited === undefined || rule.expedited === expedited))
    .map((rule) => ({ slaTypeCode: rule.slaType }));
  const body = {
    ...applicationTaskKinds.review,
    subjectType: "application",
    subjectId: applicationId,
    programType,
    isExpedited: expedited,
    slaInfo: clocks,
  };
  return { body, routing: { programType, applicationPrograms: programs, isExpedited: expedited } };
}

/** A task of `kind` opened after the review task (an approval): it follows the review's program and urgency, and carries no clock of its own. */
export function followingTaskOf(
  kind: ApplicationTaskKind,
  applicationId: string,
  review: { programType: string | null; isExpedited: boolean } | null,
): TaskCreate {
  return {
    ...applicationTaskKinds[kind],
    subjectType: "application",
    subjectId: applicationId,
    // The review's column holds one of the programs (the task body checks it); anything else follows as none.
    programType: review?.programType && isProgramType(review.programType) ? review.programType : null,
    isExpedited: review?.isExpedited ?? false,
  };
}

/**
 * A review task's clocks once its application is found expedited after filing: each program's
 * standard clock becomes that program's expedited one (the application clocks), counted from the same
 * start with the same pauses, so the household's deadline comes from when it filed.
 */
export function expeditedClocks(
  entries: readonly SlaEntry[],
  types: readonly SlaType[],
  clockRules: readonly ApplicationClockRule[],
): SlaEntry[] {
  return entries.map((entry) => {
    const standard = clockRules.find((rule) => rule.expedited === false && rule.slaType === entry.slaTypeCode);
    const expedited = standard && clockRules.find((rule) => rule.program === standard.program && rule.expedited === true);
    if (!expedited || entry.status === "completed" || entry.status === "breached") return entry;
    const deadline = new Date(entry.clockStartedAt).getTime() + slaTypeOf(types, expedited.slaType).durationMs + entry.pausedMs;
    return { ...entry, slaTypeCode: expedited.slaType, deadline: new Date(deadline).toISOString() };
  });
}

/** The programs whose missed interview makes the review wait on the household (SNAP: the notice of missed interview, 7 CFR 273.2(e)(3)). */
export const waitsOnMissedInterview = (programs: readonly string[]) => programs.includes("snap");

/** What the review task's wait says of its cause. */
export const missedInterviewNotes = (appointmentId: string) => `The household missed its interview (appointment ${appointmentId}).`;
