import { defineMachine, type Clause } from "@pap/kernel/state-machine";
import type { Document } from "@pap/db";
import { z } from "zod";
import type { LifecycleState } from "../contract/document";
import { retentionDeadlineOf } from "./retention";

type Guards = "notOnHold" | "onHold";
export type DocumentInLifecycle = Document & { status: LifecycleState };
/** What the machine's effects need beyond the record: the document type's retention. */
export type LifecycleEnv = { retentionYears: number };

const reason = z.strictObject({ reason: z.string().trim().min(1, "is required").max(2000) });
const system: Clause<Guards> = { actors: ["system"] };
/** Records managers: county administrators (and state administrators, who inherit) and the system. */
const recordsManager: Clause<Guards> = { actors: ["county_admin", "system"], guards: ["notOnHold"] };

/**
 * The records lifecycle of a document (SPEC §3.1, state-machines §6): filed `active`; `retained` when its
 * type's retention trigger fires, with the deadline `retentionYears` later; `pending_disposition` when
 * the deadline passes; `destroyed` when a records manager approves, its bytes then removed for good. A
 * legal hold blocks every advance: the moves wait until it is released.
 */
export const documentLifecycle = defineMachine<DocumentInLifecycle, LifecycleState, string, Guards, LifecycleEnv>({
  resource: "document",
  initial: "active",
  states: {
    active: { description: "Filed; its retention has not started." },
    retained: { description: "Its retention trigger fired: kept until the retention deadline." },
    pending_disposition: { description: "Past its deadline: waiting for a records manager to approve its destruction." },
    destroyed: { description: "Its content is destroyed; the record and its versions' metadata stay readable." },
  },
  guards: {
    notOnHold: { test: (document) => !document.legalHold, refusal: "the document is under legal hold" },
    onHold: { test: (document) => document.legalHold, refusal: "the document is not under legal hold" },
  },
  actions: {
    retain: {
      description: "Starts the retention clock: the type's trigger fired (at `retainedAt`).",
      from: ["active"],
      to: "retained",
      who: [{ ...system, guards: ["notOnHold"] }],
      effects: (document, { env, now }) => ({ retentionDeadline: retentionDeadlineOf(document.retainedAt ?? now, env.retentionYears) }),
      emits: (document) => ({
        name: "document.retained",
        data: { retentionDeadline: document.retentionDeadline?.toISOString().slice(0, 10), retainedAt: document.retainedAt },
      }),
    },
    "mark-pending-disposition": {
      description: "The retention deadline passed: the document waits for its disposition.",
      from: ["retained"],
      to: "pending_disposition",
      who: [{ ...system, guards: ["notOnHold"] }],
      emits: (document) => ({
        name: "document.pending_disposition",
        data: { retentionDeadline: document.retentionDeadline?.toISOString().slice(0, 10) },
      }),
    },
    "place-legal-hold": {
      description: "Places a legal hold, with the reason: the document advances no further until it is released.",
      from: ["active", "retained", "pending_disposition"],
      who: [recordsManager],
      body: reason,
      effects: (_document, { body }) => ({ legalHold: true, legalHoldReason: body.reason }),
      emits: (document, { body, caller }) => ({
        name: "document.legal_hold_placed",
        data: { reason: body.reason, placedBy: caller.id ?? null, lifecycleState: document.status },
      }),
    },
    "release-legal-hold": {
      description: "Releases the legal hold, with the reason; whatever the hold held back then follows.",
      from: ["active", "retained", "pending_disposition"],
      who: [{ actors: recordsManager.actors, guards: ["onHold"] }],
      body: reason,
      effects: () => ({ legalHold: false, legalHoldReason: null }),
      emits: (document, { body, caller }) => ({
        name: "document.legal_hold_released",
        data: { reason: body.reason, releasedBy: caller.id ?? null, lifecycleState: document.status },
      }),
    },
    "approve-disposition": {
      description: "Approves the destruction of the document's content: every version's bytes are removed for good.",
      from: ["pending_disposition"],
      to: "destroyed",
      who: [recordsManager],
      effects: (_document, { caller, now }) => ({ dispositionApprovedBy: caller.id ?? "system", dispositionApprovedAt: now }),
      emits: (document) => ({
        name: "document.destroyed",
        data: { dispositionApprovedBy: document.dispositionApprovedBy, dispositionApprovedAt: document.dispositionApprovedAt },
      }),
    },
  },
});
