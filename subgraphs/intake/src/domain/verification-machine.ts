import { defineMachine, type Clause, type PartsAtParent } from "@pap/kernel/state-machine";
import type { Verification } from "@pap/db";
import { z } from "zod";
import type { VerificationStatus } from "../contract/records";

const reason = z.strictObject({ reason: z.string().trim().min(1, "is required").max(2000) });
const system: Clause<never> = { actors: ["system"] };
const caseworker: Clause<never> = { actors: ["case_worker", "supervisor"] };

/**
 * A verification's lifecycle (the intake contract's machine, state-machines §3). Electronic results
 * satisfy it or mark it inconclusive (the system's actions); a caseworker waives it or records that it
 * cannot be verified, with the reason. The contract emits nothing for mark-cannot-verify; the platform
 * logs every change of state, so it emits `verification.cannot_verify`.
 */
export const verificationMachine = defineMachine<Verification & { status: VerificationStatus }, VerificationStatus, string, never, object>({
  resource: "verification",
  initial: "pending",
  states: {
    pending: { description: "Waiting for evidence." },
    inconclusive: { description: "The electronic check was inconclusive: a document is asked for." },
    satisfied: { description: "Verified." },
    waived: { description: "Waived by a caseworker." },
    cannot_verify: { description: "Every way to verify it was tried." },
  },
  guards: {},
  actions: {
    satisfy: {
      description: "Records that the evidence verifies it.",
      from: ["pending", "inconclusive"],
      to: "satisfied",
      who: [system],
      effects: (_verification, { now }) => ({ satisfiedAt: now }),
      emits: () => ({ name: "verification.satisfied" }),
    },
    "mark-inconclusive": {
      description: "Records that the electronic check was inconclusive.",
      from: ["pending"],
      to: "inconclusive",
      who: [system],
      emits: () => ({ name: "verification.inconclusive" }),
    },
    waive: {
      description: "Waives the verification, with the reason.",
      from: ["pending", "inconclusive"],
      to: "waived",
      who: [caseworker],
      body: reason,
      effects: (_verification, { now }) => ({ waivedAt: now }),
      emits: (_verification, { body }) => ({ name: "verification.waived", data: { reason: body.reason } }),
    },
    "mark-cannot-verify": {
      description: "Records that it cannot be verified by any means, with the reason.",
      from: ["pending", "inconclusive"],
      to: "cannot_verify",
      who: [caseworker],
      body: reason,
      effects: (_verification, { now }) => ({ closedAt: now }),
      emits: (_verification, { body }) => ({ name: "verification.cannot_verify", data: { reason: body.reason } }),
    },
  },
});

/**
 * The specification's table writes the four actions at the application's path (§4.9). There the
 * verification is named by `verificationId`, never chosen for the caller: an application holds one
 * per member, income record and category, and acting on one by default would be a guess.
 */
export const verificationsAtApplication = { partField: "verificationId", whenUnnamed: "refuse" } as const satisfies PartsAtParent;
