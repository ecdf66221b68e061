import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";
import { program } from "./application";
import * as shapes from "./shapes";

export const memberRoles = [
  "primary_applicant",
  "household_member",
  "non_applying_member",
  "authorized_representative",
  "absent_parent",
] as const;

/** One of the member's sub-objects: written whole, checked by its shape, shown as written. */
const section = (shape: z.ZodType, description?: string) =>
  ({ kind: "json", nullable: true, write: "always", input: shape, shape, ...(description && { description }) }) as const;
const optionalFlag = { kind: "boolean", nullable: true, write: "always" } as const;

const personMatch = z.object({
  matchStatus: z.enum(["confirmed", "review_required", "no_match"]),
  candidates: z.array(z.object({ personId: z.uuid(), confidenceScore: z.number().min(0).max(1) })),
});
const programDeterminations = z.array(
  z.object({ program: z.string(), outcome: z.enum(["approved", "denied"]), determinedAt: z.iso.datetime() }),
);

/**
 * A household member of an application, declared once (resources.md §3.3): roles and programs, the
 * thirteen sub-objects, the person they are (once matched or confirmed); what matching and the
 * programs' decisions find is read-only.
 */
export const member = defineResource({
  name: "ApplicationMember",
  plural: "applicationMembers",
  model: "ApplicationMember",
  description: "A person on an application: who they are in the household, and what they report.",
  fields: {
    id: { kind: "uuid" },
    applicationId: { kind: "uuid" },
    roles: {
      kind: "enum",
      values: memberRoles,
      enumName: "ApplicationMemberRole",
      list: true,
      write: "always",
      required: true,
      input: z.array(z.enum(memberRoles, { message: `must be one of: ${memberRoles.join(", ")}` })).min(1, "must name at least one role"),
    },
    programsAppliedFor: { ...program, list: true, write: "always" },
    purchasesAndPreparesFood: optionalFlag,
    isMigrantFarmWorker: optionalFlag,
    hasThirdPartyLiabilityClaim: optionalFlag,
    personId: {
      kind: "uuid",
      nullable: true,
      write: "always",
      description: "The person this member is: set when matching confirms one, or by a caseworker.",
    },
    person: {
      kind: "reference",
      target: "Person",
      nullable: true,
      description: "The person this member is (null until matched or confirmed).",
    },
    personalInformation: section(shapes.personalInformation),
    contact: section(shapes.memberContact, "Name, addresses, phones, email; the primary address decides the county."),
    residency: section(shapes.residency),
    citizenship: section(shapes.citizenship),
    retroactiveMedicalCoverage: section(shapes.retroactiveMedicalCoverage),
    disability: section(shapes.disability),
    studentStatus: section(shapes.studentStatus),
    pregnancy: section(shapes.pregnancy),
    fosterCare: section(shapes.fosterCare),
    military: section(shapes.military),
    institutionalStatus: section(shapes.institutionalStatus),
    priorConvictions: section(shapes.priorConvictions),
    tribalStatus: section(shapes.tribalStatus),
    personMatch: { kind: "json", nullable: true, shape: personMatch, description: "What person matching found (null until it runs)." },
    programDeterminations: { kind: "jsonValue", shape: programDeterminations, description: "The programs' decisions, as they arrive." },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "createdAt" },
});

export type MemberCreate = CreateBody<typeof member>;
export type MemberUpdate = UpdateBody<typeof member>;
