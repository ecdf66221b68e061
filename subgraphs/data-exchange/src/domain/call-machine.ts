import { defineMachine, type Clause } from "@pap/kernel/state-machine";
import type { ExternalServiceCall } from "@pap/db";
import { z } from "zod";
import { callResults, failureReasons, type CallStatus } from "./vocabulary";

const system: Clause<never> = { actors: ["system"] };

const completion = z.strictObject({ result: z.enum(callResults), serviceResult: z.record(z.string(), z.unknown()) });
const failure = z.strictObject({ failureReason: z.enum(failureReasons), error: z.string().max(500).optional() });

/** What every event of a call says (events.md, data exchange): its service, its resource, and the metadata namespaces as they are now. */
export const callEventData = (call: Pick<ExternalServiceCall, "serviceType" | "requestingResourceId" | "metadata">) => ({
  serviceType: call.serviceType,
  requestingResourceId: call.requestingResourceId,
  metadata: call.metadata ?? {},
});

/**
 * A service call's lifecycle (state-machines §7): `pending` from submission until the agency answers
 * (`completed`, with its result), fails for good (`failed`, with the reason), or its service's window
 * runs out first (`timed_out`). Only the platform moves it; each move is final.
 */
export const callMachine = defineMachine<ExternalServiceCall & { status: CallStatus }, CallStatus, string, never, object>({
  resource: "serviceCall",
  initial: "pending",
  states: {
    pending: { description: "Submitted; the agency has not answered yet." },
    completed: { description: "The agency answered: conclusive, inconclusive or partial." },
    failed: { description: "The agency could not be asked, or refused: connection, service or authentication error." },
    timed_out: { description: "No answer within the service's window." },
  },
  guards: {},
  actions: {
    complete: {
      description: "Records the agency's answer.",
      from: ["pending"],
      to: "completed",
      who: [system],
      body: completion,
      effects: (_call, { now, body }) => ({
        result: body.result,
        serviceResult: body.serviceResult,
        completedAt: now,
        nextAttemptAt: null,
        leaseUntil: null,
      }),
      emits: (call) => ({
        name: "call.completed",
        data: { ...callEventData(call), result: call.result, serviceResult: call.serviceResult },
      }),
    },
    fail: {
      description: "Records that the call failed for good, with the reason.",
      from: ["pending"],
      to: "failed",
      who: [system],
      body: failure,
      effects: (_call, { now, body }) => ({
        failureReason: body.failureReason,
        lastError: body.error ?? null,
        completedAt: now,
        nextAttemptAt: null,
        leaseUntil: null,
      }),
      emits: (call) => ({ name: "call.failed", data: { ...callEventData(call), failureReason: call.failureReason } }),
    },
    "time-out": {
      description: "Records that the service's window passed without an answer.",
      from: ["pending"],
      to: "timed_out",
      who: [system],
      effects: (_call, { now }) => ({ completedAt: now, nextAttemptAt: null, leaseUntil: null }),
      emits: (call) => ({ name: "call.timed_out", data: callEventData(call) }),
    },
  },
});
