import { defineDomainEvents } from "@pap/events";

/**
 * The eligibility domain's events (events.md §3). A determination's actions name the application as
 * their subject, as the catalog has them; a decision's, the decision.
 */
export const eligibilityEvents = defineDomainEvents("eligibility", "/eligibility", {
  "determination.created": "A determination was created for a submitted application; the subject is the determination, data the new record.",
  "decision.created": "A pending decision was created for one member and program; the subject is the decision, data the new record.",
  "application.expedited": "The application qualifies for expedited processing; the subject is the application, data: applicationId, determinationId.",
  "application.decision_completed":
    "A decision was made; the subject is the decision, data: determinationId, memberId, program, status (approved, denied, ineligible), path, denialReasonCode.",
  "application.determination_completed": "Every decision of the application's determination is made; the subject is the application, data: applicationId, determinationId.",
  "determination.withdrawn": "The determination was withdrawn with its application; the subject is the application, data: applicationId, determinationId.",
});
