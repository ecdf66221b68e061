import { changesBetween, crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";
import { applicationRecords } from "../contract/records";

/** Each household record's events: `intake.<record>.created|updated|deleted`, the record's id in their data. */
const recordEventTypes = Object.fromEntries(
  applicationRecords.flatMap(({ event, resource, eventSubject }) => {
    const subject = eventSubject === "member" ? "the member" : "the application";
    return [
      [`${event}.created`, `A ${resource.name} record was added to an application; the subject is ${subject}, data the new record.`],
      [`${event}.updated`, `An application's ${resource.name} record was changed; the subject is ${subject}, data: id and the changes.`],
      [`${event}.deleted`, `An application's ${resource.name} record was removed; the subject is ${subject}, data: id.`],
    ];
  }),
);

/** The intake domain's events: an application's own (subject = the application), and its members' (subject = the application too). */
export const intakeEvents = defineDomainEvents("intake", "/intake", {
  ...crudEventTypes("application", "application"),
  "application_member.created": "A member was added to an application; the subject is the application, data the new member.",
  "application_member.updated": "An application's member was changed; the subject is the application, data: memberId and the changes.",
  "application_member.deleted": "A member was removed from an application; the subject is the application, data: memberId.",
  "application.submitted":
    "An application was filed; data: programs, channel, memberIds (every member), members (each member's memberId and the programs they apply for: none for a non-applying member), isExpedited (null: eligibility's expedited screening answers after filing), county (the household's FIPS code; null: state level).",
  "application.county_changed":
    "The household's county changed: its primary applicant's primary address now names another county, or none (state level); data: county and previousCounty (FIPS codes, null for state level). Its tasks and determination follow it.",
  "application.opened": "A caseworker's review of the application began (its review task was claimed); data: programs.",
  "application.review_completed": "The caseworker's review of the application is complete.",
  "application.closed": "The application was closed (closed under review, or its determination approved).",
  "application.withdrawn": "The application was withdrawn; data: reason (null when none was given).",
  "determination.approval_needed": "The application's determination waits for a supervisor's sign-off; the subject is the application.",
  "determination.rejected": "A supervisor sent the application's determination back to review; the subject is the application.",
  ...recordEventTypes,
  "verification.created": "A verification obligation was created for an application; the subject is the verification, data the new record.",
  "verification.updated": "A verification's descriptive fields were changed; data: the changes.",
  "verification.deleted": "A verification was removed; there is no data.",
  "verification.satisfied": "A verification was satisfied.",
  "verification.inconclusive": "A verification's electronic check was inconclusive: a document is asked for instead.",
  "verification.waived": "A caseworker waived a verification; data: reason.",
  "verification.cannot_verify": "A caseworker recorded that a verification cannot be done by any means; data: reason.",
});

export const applicationChanges = crudDrafts(intakeEvents, "application");
export const verificationChanges = crudDrafts(intakeEvents, "verification");

type IntakeEventName = Parameters<typeof intakeEvents.draft>[0];

/** A household record's events, by its kind's event object. */
export const recordChanges = (event: string) => ({
  created: (subject: string, snapshot: Record<string, unknown>) =>
    intakeEvents.draft(`${event}.created` as IntakeEventName, subject, snapshot),
  updated: (subject: string, id: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
    intakeEvents.draft(`${event}.updated` as IntakeEventName, subject, { id, changes: changesBetween(before, after) }),
  deleted: (subject: string, id: string) => intakeEvents.draft(`${event}.deleted` as IntakeEventName, subject, { id }),
});

/** The household moved to another county (or to state level, null). */
export const countyChanged = (applicationId: string, county: string | null, previousCounty: string | null) =>
  intakeEvents.draft("application.county_changed", applicationId, { county, previousCounty });

/** A member's events name the application as their subject (intake's reactions read it), and the member in their data. */
export const memberChanges = {
  created: (applicationId: string, snapshot: Record<string, unknown>) =>
    intakeEvents.draft("application_member.created", applicationId, snapshot),
  updated: (applicationId: string, memberId: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
    intakeEvents.draft("application_member.updated", applicationId, { memberId, changes: changesBetween(before, after) }),
  deleted: (applicationId: string, memberId: string) => intakeEvents.draft("application_member.deleted", applicationId, { memberId }),
};
