import { defineMachine, type Clause } from "@pap/kernel/state-machine";
import type { Determination } from "@pap/db";
import type { DeterminationStatus } from "../contract/determination";

/** A determination as its machine sees it: the stored row and how many of its decisions are still pending (read under its lock). */
export type DeterminationFacts = Determination & { status: DeterminationStatus; undecided: number };

type Guards = "everyDecisionMade";

const system: Clause<Guards> = { actors: ["system"] };

/** The states in which a determination still takes decisions and actions. */
const openStatuses = ["pending", "in_progress"] as const satisfies readonly DeterminationStatus[];
export const isOpenDetermination = (status: string) => (openStatuses as readonly string[]).includes(status);

/** The events the determination's actions emit; their subject is the application, as the catalog has it. */
const aboutApplication = (determination: Determination) => ({
  subject: determination.applicationId,
  data: { applicationId: determination.applicationId, determinationId: determination.id },
});

/**
 * A determination's lifecycle (SPEC §3.5, state-machines §4). The spec creates it `pending`; the
 * first decision made moves it to `in_progress` (operations/determinations.ts, not an action). The spec
 * does not give the actions' from-states: each is allowed while the determination is open, pending
 * or in progress. Only the system acts: the reactions to intake's events and the adapter's results.
 */
export const determinationMachine = defineMachine<DeterminationFacts, DeterminationStatus, string, Guards, object>({
  resource: "determination",
  initial: "pending",
  states: {
    pending: { description: "Created at submission; no decision made yet." },
    in_progress: { description: "At least one decision is made." },
    completed: { description: "Every decision is made." },
    withdrawn: { description: "The application was withdrawn before the determination completed." },
  },
  guards: {
    everyDecisionMade: {
      test: (determination) => determination.undecided === 0,
      refusal: "every decision must be approved, denied or ineligible first",
    },
  },
  actions: {
    "flag-expedited": {
      description: "Marks the application as qualifying for expedited processing; the state is unchanged.",
      from: openStatuses,
      who: [system],
      effects: () => ({ expeditedFlagged: true }),
      emits: (determination) => ({ name: "application.expedited", ...aboutApplication(determination) }),
    },
    complete: {
      description: "Completes the determination once every decision is made (409 while one is pending).",
      from: openStatuses,
      to: "completed",
      who: [{ actors: ["system"], guards: ["everyDecisionMade"] }],
      effects: (_determination, { now }) => ({ completedAt: now }),
      emits: (determination) => ({ name: "application.determination_completed", ...aboutApplication(determination) }),
    },
    withdraw: {
      description: "Withdraws the determination with its application; decisions already made are kept.",
      from: openStatuses,
      to: "withdrawn",
      who: [system],
      effects: (_determination, { now }) => ({ withdrawnAt: now }),
      emits: (determination) => ({ name: "determination.withdrawn", ...aboutApplication(determination) }),
    },
  },
});
