import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The case-management domain's events; subject = the case's id. */
export const caseEvents = defineDomainEvents("case_management", "/case-management", { ...crudEventTypes("case", "case") });

export const caseChanges = crudDrafts(caseEvents, "case");
