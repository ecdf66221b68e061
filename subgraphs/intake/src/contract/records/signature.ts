import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { enumCheck, recordBase, requiredChoice, requiredNested } from "./fields";

export const signaturePurposes = [
  "application",
  "authorized_representative_appointment",
  "authorized_representative_acceptance",
  "rights_and_responsibilities",
  "hipaa_consent",
  "other",
] as const;

const signer = z.strictObject({
  type: enumCheck(["member", "contact", "organization"]),
  id: z.uuid({ message: "must be a uuid" }),
  role: enumCheck(["applicant", "authorized_representative", "helper"]),
});

/** A signature on the application (resources.md §3.4): filing needs one of purpose `application`. */
export const signature = defineResource({
  name: "Signature",
  plural: "signatures",
  model: "Signature",
  description: "A signature given on the application, by whom and for what.",
  fields: {
    ...recordBase,
    signer: requiredNested(signer, "Who signed: a member, contact or organization of the same application, and in what role."),
    purpose: requiredChoice(signaturePurposes, "SignaturePurpose"),
    signedAt: { kind: "datetime", write: "always", required: true, sort: true },
    signatureMethod: requiredChoice(["electronic", "wet_signature", "verbal"], "SignatureMethod"),
  },
  list: { defaultSort: "createdAt" },
});
