import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";
import * as shapes from "./shapes";

export const applicationStatuses = ["draft", "submitted", "under_review", "pending_approval", "withdrawn", "closed"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationPrograms = ["snap", "medicaid", "chip", "tanf"] as const;
export const applicationChannels = ["online", "in_person", "phone", "mail"] as const;

/** The states in which an application and its records may still be changed (SPEC §3.4). */
export const changeableStatuses: readonly ApplicationStatus[] = ["draft", "under_review"];

export const program = { kind: "enum", values: applicationPrograms, enumName: "ApplicationProgram" } as const;
const instant = { kind: "datetime", nullable: true } as const;
const optionalFlag = { kind: "boolean", nullable: true, write: "always" } as const;

/**
 * An application, declared once (resources.md §3.2). It is created a draft; its status, expedited
 * flag and instants are set by its lifecycle. `programs` is the current name of what the earlier
 * contract called `programsAppliedFor`, which a body may still use.
 */
export const application = defineResource({
  name: "Application",
  plural: "applications",
  model: "Application",
  description: "An application for benefits filed by a household, with the records it carries.",
  fields: {
    id: { kind: "uuid", search: true },
    status: { kind: "enum", values: applicationStatuses, enumName: "ApplicationStatus", search: true, sort: true },
    programs: {
      ...program,
      list: true,
      write: "always",
      required: true,
      aliases: ["programsAppliedFor"],
      input: z
        .array(z.enum(applicationPrograms, { message: `must be one of: ${applicationPrograms.join(", ")}` }))
        .min(1, "must name at least one program"),
      description: "The programs applied for (snap, medicaid, chip, tanf).",
    },
    channel: {
      kind: "enum",
      values: applicationChannels,
      enumName: "ApplicationChannel",
      nullable: true,
      write: "always",
      description: "How the application arrived.",
    },
    ebt: { kind: "json", nullable: true, write: "always", input: shapes.ebt, shape: shapes.ebt, description: "EBT card preferences." },
    registerToVote: optionalFlag,
    deniesIevsConsent: optionalFlag,
    expeditedSnap: {
      kind: "json",
      nullable: true,
      write: "always",
      input: shapes.expeditedSnap,
      shape: shapes.expeditedSnap,
      description: "What the expedited SNAP screening reads at submission.",
    },
    utilities: {
      kind: "json",
      nullable: true,
      write: "always",
      input: shapes.utilities,
      shape: shapes.utilities,
      description: "Heating and cooling: selects the utility allowance.",
    },
    isExpedited: { kind: "boolean", nullable: true, description: "Null until the expedited screening at submission." },
    county: {
      kind: "string",
      nullable: true,
      description:
        "The county the household belongs to, as a five-digit FIPS code: the one its primary applicant's primary address names; null (state level) while none is known.",
    },
    submittedAt: { ...instant, sort: true },
    withdrawnAt: instant,
    closedAt: instant,
    members: {
      kind: "reference",
      target: "ApplicationMember",
      list: true,
      description: "The household members on the application, in the order they were added.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  // Who created it decides who else may read it; the primary applicant's name is kept for lists.
  storedOnly: ["ownerId"],
  list: {
    defaultSort: "-updatedAt",
    extra: {
      "primaryApplicant.name.firstName": { kind: "string", column: "applicantFirstName", nullable: true, search: true, sort: true },
      "primaryApplicant.name.lastName": { kind: "string", column: "applicantLastName", nullable: true, search: true, sort: true },
    },
  },
});

export type ApplicationCreate = CreateBody<typeof application>;
export type ApplicationUpdate = UpdateBody<typeof application>;
