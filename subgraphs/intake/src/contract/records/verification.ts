import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { enumCheck, recordBase, requiredChoice } from "./fields";

export const verificationCategories = ["citizenship", "identity", "immigration", "income", "residency"] as const;
export const verificationStatuses = ["pending", "inconclusive", "satisfied", "waived", "cannot_verify"] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

const electronicEvidence = z.object({
  type: z.literal("electronic"),
  source: z.string(),
  result: enumCheck(["conclusive", "inconclusive"]),
  serviceCallId: z.string().optional(),
  receivedAt: z.iso.datetime(),
});
const documentEvidence = z.object({
  type: z.literal("document"),
  documentId: z.string(),
  receivedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable().optional(),
  reviewedBy: z.string().nullable().optional(),
});
const electronicCheck = z.object({
  serviceCallId: z.string(),
  serviceType: z.string(),
  status: z.string(),
  result: z.string().nullable().optional(),
  failureReason: z.string().nullable().optional(),
  checkedAt: z.iso.datetime().nullable().optional(),
});
const documentRequest = z.object({
  noticeId: z.string(),
  type: z.string(),
  sentAt: z.iso.datetime(),
  dueAt: z.iso.datetime().nullable().optional(),
  channel: z.string().nullable().optional(),
});

/**
 * An obligation to verify something the application says (resources.md §3.5): about a member, an
 * income record, or the household (no source). Created by submission for the programs applied for,
 * or by a caseworker; its status moves only by its actions (domain/verification-machine.ts).
 */
export const verification = defineResource({
  name: "Verification",
  plural: "verifications",
  model: "Verification",
  description: "Something the application says that must be verified, and how far that has got.",
  fields: {
    ...recordBase,
    sourceId: { kind: "uuid", nullable: true, write: "always", description: "The member or income record verified; null: the household." },
    sourceType: {
      kind: "enum",
      values: ["member", "income"],
      enumName: "VerificationSourceType",
      nullable: true,
      write: "always",
      input: enumCheck(["member", "income"]),
    },
    category: requiredChoice(verificationCategories, "VerificationCategory"),
    verificationType: {
      kind: "enum",
      values: ["document", "electronic"],
      enumName: "VerificationType",
      nullable: true,
      write: "always",
      input: enumCheck(["document", "electronic"]),
      sort: true,
    },
    status: { kind: "enum", values: verificationStatuses, enumName: "VerificationStatus", sort: true, search: true },
    evidence: {
      kind: "jsonValue",
      shape: z.array(z.union([electronicEvidence, documentEvidence])),
      description: "What was received: electronic results and documents.",
    },
    documentRequests: { kind: "jsonValue", shape: z.array(documentRequest), description: "Notices sent asking for documents." },
    electronicChecks: {
      kind: "jsonValue",
      shape: z.array(electronicCheck),
      description:
        "The calls to outside services made to verify it (data exchange), each as intake last heard of it: serviceCallId, serviceType, status (pending, completed, failed, timed_out), result, failureReason, checkedAt. A failed or timed-out check leaves the verification open, its reason here.",
    },
    satisfiedAt: { kind: "datetime", nullable: true },
    waivedAt: { kind: "datetime", nullable: true },
    closedAt: { kind: "datetime", nullable: true },
  },
  list: { defaultSort: "createdAt" },
});
