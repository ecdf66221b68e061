import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";
import { dateOnly } from "./dates";

/** The case-management domain's events; subject = the case's id. */
export const caseEvents = defineDomainEvents("case_management", "/case-management", { ...crudEventTypes("case", "case") });

export const caseChanges = crudDrafts(caseEvents, "case");

type CaseRecord = {
  id: string;
  status: string;
  effectiveStartDate: Date | null;
  effectiveEndDate: Date | null;
  primaryApplicantId: string;
  assignedToId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The case as the API shows it (and as its events carry it). */
export function caseSnapshot(found: CaseRecord, members: readonly { personId: string; relationship: string }[]): Record<string, unknown> {
  return {
    id: found.id,
    status: found.status,
    effectiveStartDate: found.effectiveStartDate && dateOnly(found.effectiveStartDate),
    effectiveEndDate: found.effectiveEndDate && dateOnly(found.effectiveEndDate),
    primaryApplicantId: found.primaryApplicantId,
    members: members.map(({ personId, relationship }) => ({ personId, relationship })),
    assignedToId: found.assignedToId,
    createdAt: found.createdAt.toISOString(),
    updatedAt: found.updatedAt.toISOString(),
  };
}
