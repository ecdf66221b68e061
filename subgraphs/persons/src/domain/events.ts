import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";
import type { MatchResolution } from "./matching";

/** The persons domain's events; subject = the person's id. */
export const personEvents = defineDomainEvents("persons", "/persons", { ...crudEventTypes("person", "person record") });

export const personChanges = crudDrafts(personEvents, "person");

/**
 * Person matching's outcome keeps the contract's name (client management's domain part), but comes
 * from this domain, which does the matching: its source is `/persons`.
 */
export const personMatchEvents = defineDomainEvents("client_management", "/persons", {
  "person.match_resolved":
    "An applying member of a submitted application was matched against the persons; the subject is the member, data: matchType (confirmed, review_required, no_match) and candidates ({ personId, confidenceScore }).",
});

export const personMatchResolved = (memberId: string, resolution: MatchResolution) =>
  personMatchEvents.draft("person.match_resolved", memberId, { matchType: resolution.matchType, candidates: resolution.candidates });

/** Every event type the persons domain emits, as the platform's catalog registers them. */
export const personsDomainEvents = { declarations: [...personEvents.declarations, ...personMatchEvents.declarations] };
