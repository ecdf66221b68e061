import { defineMachine, type Clause, type PartsAtParent } from "@pap/kernel/state-machine";
import type { Decision } from "@pap/db";
import { z } from "zod";
import { decisionPaths, type DecisionStatus } from "../contract/decision";

const system: Clause<never> = { actors: ["system"] };

const path = z.enum(decisionPaths, { message: `must be one of: ${decisionPaths.join(", ")}` });
const approval = z.strictObject({ path });
const refusal = z.strictObject({ path, denialReasonCode: z.string().trim().min(1, "is required").max(100) });

/** What every decision's action says of it (events.md: eligibility.application.decision_completed). */
const completed = (decision: Decision) => ({
  name: "application.decision_completed",
  data: {
    determinationId: decision.determinationId,
    memberId: decision.memberId,
    program: decision.program,
    status: decision.status,
    path: decision.path,
    ...(decision.denialReasonCode !== null && { denialReasonCode: decision.denialReasonCode }),
  },
});

/**
 * A decision's lifecycle (SPEC §3.5, state-machines §5): made once, from pending, by the system (the
 * adapter's result applied). Approving takes how it was decided; denying and finding ineligible take
 * the program's reason code too.
 */
export const decisionMachine = defineMachine<Decision & { status: DecisionStatus }, DecisionStatus, string, never, object>({
  resource: "decision",
  initial: "pending",
  states: {
    pending: { description: "Not decided yet." },
    approved: { description: "Eligible: approved." },
    denied: { description: "Denied, with the reason code." },
    ineligible: { description: "Found ineligible, with the reason code." },
  },
  guards: {},
  actions: {
    approve: {
      description: "Approves the decision, saying whether the rules decided it alone (auto) or a caseworker did (manual).",
      from: ["pending"],
      to: "approved",
      who: [system],
      body: approval,
      effects: (_decision, { now, body }) => ({ decidedAt: now, path: body.path }),
      emits: completed,
    },
    deny: {
      description: "Denies the decision, with how it was decided and the program's denial reason code.",
      from: ["pending"],
      to: "denied",
      who: [system],
      body: refusal,
      effects: (_decision, { now, body }) => ({ decidedAt: now, path: body.path, denialReasonCode: body.denialReasonCode }),
      emits: completed,
    },
    "mark-ineligible": {
      description: "Records that the member is not eligible for the program, with how it was decided and the reason code.",
      from: ["pending"],
      to: "ineligible",
      who: [system],
      body: refusal,
      effects: (_decision, { now, body }) => ({ decidedAt: now, path: body.path, denialReasonCode: body.denialReasonCode }),
      emits: completed,
    },
  },
});

/**
 * The specification's table writes approve and deny at the determination's path (§4.6), naming no
 * decision. There `decisionId` names it, or, left out, the determination's one pending decision is
 * decided (a single-member, single-program application has just one).
 */
export const decisionsAtDetermination = {
  partField: "decisionId",
  whenUnnamed: "only-open-part",
  actions: ["approve", "deny"],
} as const satisfies PartsAtParent;
