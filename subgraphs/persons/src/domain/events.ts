import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The persons domain's events; subject = the person's id. */
export const personEvents = defineDomainEvents("persons", "/persons", { ...crudEventTypes("person", "person record") });

export const personChanges = crudDrafts(personEvents, "person");
