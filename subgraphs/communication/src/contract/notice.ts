import { defineResource, namespaceMap, type CreateBody } from "@pap/kernel/resource";
import { z } from "zod";
import { noticeLanguages, noticePrograms, noticeStatuses, noticeSubjectTypes, noticeTypes } from "../domain/vocabulary";

const recipient = z.object({
  recipientId: z.string(),
  kind: z.enum(["member", "authorized_representative"]),
  name: z.string(),
  channels: z.array(z.enum(["email", "paper"])),
});

/**
 * A notice to a household, declared once: what it is (its type and language), which application it is
 * for and what about, who receives it by which channel, how far its delivery has got, and the rendered
 * document filed in document management.
 */
export const notice = defineResource({
  name: "Notice",
  plural: "notices",
  model: "Notice",
  description:
    "A notice to a household: rendered to PDF from its type's template in its language, filed as a document of the application, and delivered to each recipient by email or on paper.",
  fields: {
    id: { kind: "uuid" },
    type: {
      kind: "enum",
      values: noticeTypes,
      enumName: "NoticeType",
      write: "create",
      required: true,
      search: true,
      sort: true,
      description:
        "What the notice is: a request for documents (one per verification category), a notice of eligibility, of denial or of action, a notice of missed interview, or an appointment reminder.",
    },
    program: {
      kind: "enum",
      values: noticePrograms,
      enumName: "NoticeProgram",
      nullable: true,
      write: "create",
      search: true,
      description: "The program a decision notice is about (one notice per program decided); null for the other notices.",
    },
    status: {
      kind: "enum",
      values: noticeStatuses,
      enumName: "NoticeStatus",
      sort: true,
      search: true,
      description:
        "queued: waiting for a delivery (an email to be accepted, a paper copy to be printed); sent: every copy went out; failed: a copy could not be sent; returned: the mail came back undelivered.",
    },
    language: {
      kind: "enum",
      values: noticeLanguages,
      enumName: "NoticeLanguage",
      write: "create",
      description:
        "The language it is written in; by default the primary applicant's preferred written language when a template exists in it, else English.",
    },
    applicationId: { kind: "uuid", write: "create", required: true, description: "The application the notice is for." },
    subjectType: {
      kind: "enum",
      values: noticeSubjectTypes,
      enumName: "NoticeSubjectType",
      nullable: true,
      write: "create",
      description: "What the notice is about beyond its application, when something: a verification, a determination, an appointment.",
    },
    subjectId: { kind: "uuid", nullable: true, write: "create", description: "The record named by subjectType." },
    recipients: {
      kind: "jsonValue",
      shape: z.array(recipient),
      description:
        "Who receives it: the household's members who asked for notices (and always the primary applicant), and the authorized representatives who receive notices; each with the channels their preference chose.",
    },
    documentId: {
      kind: "uuid",
      nullable: true,
      description:
        "The rendered notice, a document of the application in document management (retention, holds and audited downloads apply).",
    },
    metadata: {
      kind: "json",
      write: "create",
      input: namespaceMap,
      description:
        "Per domain an object of its own, echoed in the notice's events at data.metadata.<domain> (intake's `verificationId` on a document request).",
    },
    county: {
      kind: "string",
      nullable: true,
      description: "The county the notice belongs to, a five-digit FIPS code: its application's; null: state level.",
    },
    deliveries: {
      kind: "reference",
      target: "NoticeDelivery",
      list: true,
      description: "Each recipient's copy by each channel, with every attempt at it.",
    },
    document: { kind: "reference", target: "Document", nullable: true, description: "The rendered notice in document management." },
    sentAt: { kind: "datetime", nullable: true, sort: true, description: "When its last copy went out." },
    failedAt: { kind: "datetime", nullable: true },
    returnedAt: { kind: "datetime", nullable: true },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  storedOnly: ["origin"],
  list: { defaultSort: "-createdAt" },
});

export type NoticeCreate = CreateBody<typeof notice>;

/** One recipient's copy of a notice by one channel (read-only: the delivery outbox and the print queue move it). */
export const noticeDelivery = defineResource({
  name: "NoticeDelivery",
  plural: "noticeDeliveries",
  model: "NoticeDelivery",
  description: "One recipient's copy of a notice by one channel, and every attempt at delivering it.",
  fields: {
    id: { kind: "uuid" },
    noticeId: { kind: "uuid" },
    recipientId: { kind: "string", description: "The member or authorized representative it goes to." },
    channel: {
      kind: "enum",
      values: ["email", "paper"],
      enumName: "NoticeChannel",
      description: "email: sent through the mail server; paper: printed from the print queue and mailed.",
    },
    status: {
      kind: "enum",
      values: ["pending", "sent", "failed"],
      enumName: "NoticeDeliveryStatus",
      description: "pending: to be sent or printed; sent: accepted by the mail server, or printed; failed: given up after its attempts.",
    },
    attempts: { kind: "integer", description: "How many times it was tried." },
    nextAttemptAt: { kind: "datetime", description: "When an email still pending is next tried." },
    lastError: { kind: "string", nullable: true, description: "Why the last attempt failed (never the recipient's address)." },
    sentAt: { kind: "datetime", nullable: true },
    attemptLog: {
      kind: "jsonValue",
      resolvedBy: "schema",
      visibility: "graph",
      shape: z.array(z.object({ at: z.string(), outcome: z.string(), detail: z.string().nullable() })),
      description: "Every attempt, oldest first: when, its outcome (sent, failed, printed) and what the server answered.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime" },
  },
  storedOnly: ["leaseUntil", "destination"],
  list: { defaultSort: "createdAt" },
});
