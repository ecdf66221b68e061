import { z } from "zod";
import { defineListSpec, validationFailed } from "@pap/kernel";

export const caseStatuses = ["active", "closed"] as const;

const isoDate = z.iso.date({ message: "must be a date (YYYY-MM-DD)" });
const member = z.strictObject({
  personId: z.uuid({ message: "must be a uuid" }),
  relationship: z.string().min(1, "must not be empty").max(100),
});

const caseFields = {
  status: z.enum(caseStatuses),
  effectiveStartDate: isoDate.nullable(),
  effectiveEndDate: isoDate.nullable(),
  primaryApplicantId: z.uuid({ message: "must be a uuid" }),
  members: z.array(member).max(100),
  assignedToId: z.uuid({ message: "must be a uuid" }).nullable(),
};

/** POST body: the primary applicant is required; everything else has a sensible default. */
export const caseCreateBody = z.strictObject({
  ...caseFields,
  status: caseFields.status.optional(),
  effectiveStartDate: caseFields.effectiveStartDate.optional(),
  effectiveEndDate: caseFields.effectiveEndDate.optional(),
  members: caseFields.members.optional(),
  assignedToId: caseFields.assignedToId.optional(),
});

/** PATCH body: any subset; `members`, when given, replaces the whole list. */
export const caseUpdateBody = z.strictObject(caseFields).partial();

export type CaseCreate = z.infer<typeof caseCreateBody>;
export type CaseUpdate = z.infer<typeof caseUpdateBody>;

type CaseDates = { status: (typeof caseStatuses)[number]; effectiveStartDate: string | null; effectiveEndDate: string | null };

/**
 * Rules on a case's dates, applied to the record as it will be stored: an active case has no end
 * date; a closed case ends on the day it is closed unless told otherwise; the end never precedes the
 * start.
 */
export function settleCaseDates(next: CaseDates, today: string): CaseDates {
  if (next.status === "active" && next.effectiveEndDate) {
    throw validationFailed([{ field: "effectiveEndDate", message: "must be empty while the case is active" }]);
  }
  const effectiveEndDate = next.status === "closed" ? (next.effectiveEndDate ?? today) : null;
  if (next.effectiveStartDate && effectiveEndDate && effectiveEndDate < next.effectiveStartDate) {
    throw validationFailed([{ field: "effectiveEndDate", message: "must not be before effectiveStartDate" }]);
  }
  return { ...next, effectiveEndDate };
}

/** A person is a member of a case at most once. */
export function checkMembers(members: readonly { personId: string }[]): void {
  const seen = new Set<string>();
  members.forEach((member, index) => {
    if (seen.has(member.personId)) throw validationFailed([{ field: `members.${index}.personId`, message: "appears more than once" }]);
    seen.add(member.personId);
  });
}

export const caseListSpec = defineListSpec({
  resource: "cases",
  fields: {
    id: { kind: "uuid" },
    status: { kind: "enum", values: caseStatuses },
    effectiveStartDate: { kind: "date", nullable: true },
    effectiveEndDate: { kind: "date", nullable: true },
    primaryApplicantId: { kind: "uuid" },
    assignedToId: { kind: "uuid", nullable: true },
    "members.personId": { kind: "uuid", column: "personId", relation: { name: "members", many: true } },
    "members.relationship": { kind: "string", column: "relationship", relation: { name: "members", many: true } },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
  },
  fullText: ["id", "status", "members.relationship"],
  sortable: ["createdAt", "updatedAt", "effectiveStartDate", "effectiveEndDate", "status"],
  defaultSort: "-updatedAt",
});
