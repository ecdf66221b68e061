import { validationFailed } from "@pap/core";
import { defineMachine, type Clause } from "@pap/kernel/state-machine";
import type { Application } from "@pap/db";
import { z } from "zod";
import type { ApplicationStatus } from "../contract/application";

/** What the application's actions borrow from the domain, gathered under the application's lock before planning. */
export type ApplicationEnv = {
  /** Every member of the application, in the order they were added (submit's event names them). */
  memberIds: readonly string[];
  /** What each member applies for (submit's event names it: eligibility decides per member and program). */
  members: readonly { memberId: string; programs: readonly string[] }[];
  /** What the application still lacks for filing, as 422 details (empty: nothing, or the check is off). */
  filingGaps: readonly { field: string; message: string }[];
  /** What the application still lacks before it may be decided, as 422 details (a SNAP interview neither held nor waived). */
  decisionGaps: readonly { field: string; message: string }[];
};

/** The application's clock: running from filing until it waits on a supervisor or ends (state-machines §2). */
export type ApplicationStateInfo = { clock: "stopped" | "running" };

type Guards = "callerIsOwner";

const staff = ["case_worker", "supervisor"] as const;
const ownApplicant: Clause<Guards> = { actors: ["applicant"], guards: ["callerIsOwner"] };
const caseworker: Clause<Guards> = { actors: staff };
const supervisor: Clause<Guards> = { actors: ["supervisor"] };
const system: Clause<Guards> = { actors: ["system"] };

/** Refuses (422) an action that leads to a decision while the application lacks what a decision needs. */
function requireDecidable(env: ApplicationEnv): void {
  if (env.decisionGaps.length) throw validationFailed([...env.decisionGaps], "The application cannot be decided yet.");
}

const withdrawalReason = z.string().trim().min(1, "must not be empty (leave it out to give none)").max(2000);

/** The event each action emits (the machine's `emits` name them from here; live feeds read which ones move an application). */
export const actionEvents = {
  submit: "application.submitted",
  open: "application.opened",
  "complete-review": "application.review_completed",
  "submit-for-approval": "determination.approval_needed",
  "approve-determination": "application.closed",
  "reject-determination": "determination.rejected",
  close: "application.closed",
  withdraw: "application.withdrawn",
} as const;

/**
 * The application lifecycle (the intake contract's machine). A `supervisor` includes county and state
 * administrators, who inherit it; `case_worker` clauses admit supervisors through the hierarchy too.
 */
export const applicationMachine = defineMachine<Application, ApplicationStatus, string, Guards, ApplicationEnv, ApplicationStateInfo>({
  resource: "application",
  initial: "draft",
  states: {
    draft: { clock: "stopped", description: "Being filled in; not filed, no clock." },
    submitted: { clock: "running", description: "Filed: the processing clock runs." },
    under_review: { clock: "running", description: "A caseworker is reviewing it (the 30- or 45-day deadline)." },
    pending_approval: { clock: "stopped", description: "Waiting for a supervisor to sign off the determination." },
    withdrawn: { clock: "stopped", description: "Withdrawn by the household or on its behalf." },
    closed: { clock: "stopped", description: "Decided and closed." },
  },
  guards: {
    callerIsOwner: {
      test: (application, caller) => application.ownerId !== null && application.ownerId === caller.id,
      refusal: "an applicant may act only on their own application",
    },
  },
  actions: {
    submit: {
      description:
        "Files the application: it must meet the filing minimum (422, one detail per missing item). Eligibility screens a SNAP application for expedited service after filing (isExpedited stays null until it answers).",
      from: ["draft"],
      to: "submitted",
      who: [ownApplicant, caseworker],
      effects: (_application, { now, env }) => {
        if (env.filingGaps.length)
          throw validationFailed([...env.filingGaps], "The application lacks what it needs to be accepted for filing.");
        return { submittedAt: now };
      },
      emits: (application, { env }) => ({
        name: actionEvents.submit,
        data: {
          programs: application.programs,
          channel: application.channel,
          memberIds: env.memberIds,
          members: env.members,
          isExpedited: application.isExpedited,
          county: application.county,
        },
      }),
    },
    open: {
      description: "Starts the review (when its review task is claimed).",
      from: ["submitted"],
      to: "under_review",
      who: [system],
      emits: (application) => ({ name: actionEvents.open, data: { programs: application.programs } }),
    },
    "complete-review": {
      description:
        "Records that the caseworker's review is complete, which asks eligibility for the decisions; the application stays under review. A SNAP application needs its interview held or waived first (422 naming `interview`).",
      from: ["under_review"],
      who: [caseworker],
      effects: (_application, { env }) => {
        requireDecidable(env);
        return {};
      },
      emits: () => ({ name: actionEvents["complete-review"] }),
    },
    "submit-for-approval": {
      description: "Sends the determination to a supervisor for sign-off.",
      from: ["under_review"],
      to: "pending_approval",
      who: [system],
      emits: () => ({ name: actionEvents["submit-for-approval"] }),
    },
    "approve-determination": {
      description:
        "A supervisor signs off the determination: the application closes. A SNAP application needs its interview held or waived (422 naming `interview`).",
      from: ["pending_approval"],
      to: "closed",
      who: [supervisor],
      effects: (_application, { now, env }) => {
        requireDecidable(env);
        return { closedAt: now };
      },
      emits: () => ({ name: actionEvents["approve-determination"] }),
    },
    "reject-determination": {
      description: "A supervisor sends the determination back: the application returns to review.",
      from: ["pending_approval"],
      to: "under_review",
      who: [supervisor],
      emits: () => ({ name: actionEvents["reject-determination"] }),
    },
    close: {
      description: "Closes the application under review.",
      from: ["under_review"],
      to: "closed",
      who: [caseworker, system],
      effects: (_application, { now }) => ({ closedAt: now }),
      emits: () => ({ name: actionEvents.close }),
    },
    withdraw: {
      description: "Withdraws a filed application, with the reason when one is given (the body is optional).",
      from: ["submitted", "under_review"],
      to: "withdrawn",
      who: [ownApplicant, caseworker],
      // SPEC §3.4 makes the body optional: a household may withdraw without saying why.
      body: z.strictObject({ reason: withdrawalReason.nullish() }),
      effects: (_application, { now }) => ({ withdrawnAt: now }),
      emits: (_application, { body }) => ({ name: actionEvents.withdraw, data: { reason: body.reason ?? null } }),
    },
  },
});

/**
 * The events of the actions that move an application into or out of `status`, and of every action
 * that moves one at all: a live list of one state tells an application's arrival and departure by
 * the event itself, whatever its state is by the time the event is read.
 */
export function movesOf(status: ApplicationStatus): { touching: ReadonlySet<string>; moving: ReadonlySet<string> } {
  const moves = Object.entries(applicationMachine.actions).filter(([, action]) => action.to !== undefined);
  const eventOf = ([name]: [string, unknown]) => actionEvents[name as keyof typeof actionEvents];
  return {
    touching: new Set(
      moves.filter(([, action]) => action.to === status || (action.from.includes(status) && action.to !== status)).map(eventOf),
    ),
    moving: new Set(moves.map(eventOf)),
  };
}
