import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The case-management domain's events; subject = the case's id. */
export const caseEvents = defineDomainEvents("case_management", "/case-management", {
  ...crudEventTypes("case", "case"),
  "case.application_linked":
    "An application closed with an approved program opened the case or added its household to it; data: caseId, applicationId, members (each household member's memberId and the personId they are on the case as).",
});

export const caseChanges = crudDrafts(caseEvents, "case");

/** What intake needs to link its members to the persons the case holds them as (its `intake.case-links` reaction). */
export type ApplicationLinked = { caseId: string; applicationId: string; members: { memberId: string; personId: string }[] };

export const applicationLinked = (data: ApplicationLinked) => caseEvents.draft("case.application_linked", data.caseId, data);
