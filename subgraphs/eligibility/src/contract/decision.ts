import { benefitPrograms } from "@pap/core";
import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";

export const decisionStatuses = ["pending", "approved", "denied", "ineligible"] as const;
export type DecisionStatus = (typeof decisionStatuses)[number];
export const decisionPaths = ["auto", "manual"] as const;
export const eligibilityPrograms = benefitPrograms;
export type EligibilityProgram = (typeof eligibilityPrograms)[number];

/** A decision's states after which nothing changes it. */
export const terminalDecisionStatuses: readonly DecisionStatus[] = ["approved", "denied", "ineligible"];

const electronicCheck = z.object({
  serviceCallId: z.string().optional(),
  serviceType: z.string(),
  status: z.string().optional(),
  result: z.string().nullable(),
  checkedAt: z.iso.datetime().nullable(),
});

/**
 * One member's decision for one program within a determination (SPEC §2.10). Created `pending` with
 * its determination; approved, denied or marked ineligible by its actions (domain/decision-machine.ts).
 */
export const decision = defineResource({
  name: "Decision",
  plural: "decisions",
  model: "Decision",
  description: "Whether one household member is eligible for one program, once decided, and how it was decided.",
  fields: {
    id: { kind: "uuid", search: true },
    determinationId: { kind: "uuid", description: "The determination this decision belongs to." },
    applicationId: { kind: "uuid", search: true, description: "The application determined." },
    memberId: { kind: "uuid", search: true, description: "The household member (an application member's id)." },
    program: { kind: "enum", values: eligibilityPrograms, enumName: "EligibilityProgram", search: true, sort: true },
    status: { kind: "enum", values: decisionStatuses, enumName: "DecisionStatus", search: true, sort: true },
    path: {
      kind: "enum",
      values: decisionPaths,
      enumName: "DecisionPath",
      nullable: true,
      description: "How it was decided: by the rules alone (auto) or by a caseworker (manual).",
    },
    decidedAt: { kind: "datetime", nullable: true, sort: true },
    denialReasonCode: {
      kind: "string",
      nullable: true,
      search: true,
      description: "The program's code for why it was denied or found ineligible.",
    },
    electronicChecks: {
      kind: "jsonValue",
      shape: z.array(electronicCheck),
      description:
        "Summaries of the electronic checks the decision rests on (a Medicaid decision's data-exchange calls): serviceCallId, serviceType, status (pending, completed, failed, timed_out), result (conclusive, inconclusive, partial, or error for a call that failed), checkedAt.",
    },
    explanation: {
      kind: "json",
      nullable: true,
      description: "What the eligibility adapter said of how it decided (rules applied, citations), as it said it.",
    },
    evaluationFailure: {
      kind: "json",
      nullable: true,
      description:
        "Why the eligibility adapter has not decided it yet (reason, failedAt, attempts, nextAttemptAt); null once it answers. It is tried again by itself.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "createdAt" },
});
