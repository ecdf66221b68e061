import { changesBetween, crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The intake domain's events: an application's own (subject = the application), and its members' (subject = the application too). */
export const intakeEvents = defineDomainEvents("intake", "/intake", {
  ...crudEventTypes("application", "application"),
  "application_member.created": "A member was added to an application; the subject is the application, data the new member.",
  "application_member.updated": "An application's member was changed; the subject is the application, data: memberId and the changes.",
  "application_member.deleted": "A member was removed from an application; the subject is the application, data: memberId.",
});

export const applicationChanges = crudDrafts(intakeEvents, "application");

/** A member's events name the application as their subject (intake's reactions read it), and the member in their data. */
export const memberChanges = {
  created: (applicationId: string, snapshot: Record<string, unknown>) => intakeEvents.draft("application_member.created", applicationId, snapshot),
  updated: (applicationId: string, memberId: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
    intakeEvents.draft("application_member.updated", applicationId, { memberId, changes: changesBetween(before, after) }),
  deleted: (applicationId: string, memberId: string) => intakeEvents.draft("application_member.deleted", applicationId, { memberId }),
};
