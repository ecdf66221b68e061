import { defineDomainEvents } from "@pap/events";

/**
 * The eligibility domain's events (events.md §3). A determination's actions name the application as
 * their subject, as the catalog has them; a decision's, the decision.
 */
export const eligibilityEvents = defineDomainEvents("eligibility", "/eligibility", {
  "determination.created":
    "A determination was created for a submitted application; the subject is the determination, data the new record.",
  "decision.created": "A pending decision was created for one member and program; the subject is the decision, data the new record.",
  "application.expedited":
    "The application qualifies for expedited processing; the subject is the application, data: applicationId, determinationId.",
  "application.decision_completed":
    "A decision was made; the subject is the decision, data: determinationId, memberId, program, status (approved, denied, ineligible), path, denialReasonCode.",
  "application.determination_completed":
    "Every decision of the application's determination is made; the subject is the application, data: applicationId, determinationId.",
  "determination.withdrawn":
    "The determination was withdrawn with its application; the subject is the application, data: applicationId, determinationId.",
  "determination.county_changed":
    "The determination followed its application to another county (or to state level); the subject is the application, data: applicationId, determinationId, county, previousCounty.",
  "determination.screened":
    "The eligibility adapter's expedited screening answered; the subject is the application, data: applicationId, determinationId, expedited, explanation (the adapter's, or null).",
  "determination.screening_failed":
    "The expedited screening could not be had from the eligibility adapter yet and will be tried again; the subject is the application, data: applicationId, determinationId, reason, attempts, nextAttemptAt.",
  "decision.evaluation_failed":
    "The eligibility adapter could not decide a pending decision yet and it will be tried again; the subject is the decision, data: determinationId, memberId, program, reason, attempts, nextAttemptAt.",
  "decision.checks_completed":
    "Every electronic check of a Medicaid decision has ended (answered, failed or timed out); the subject is the decision, data: determinationId, memberId, program, electronicChecks. The ex parte evaluation follows.",
  evaluation_retry_due:
    "Timer: time to ask the eligibility adapter again; the subject is the determination, data: timerId, stage (screening, ex-parte or determination).",
});

/** What eligibility asks its adapter: the expedited screening at submission, Medicaid ex parte once its checks are in, the decisions after review. */
export const evaluationStages = ["screening", "ex-parte", "determination"] as const;
export type EvaluationStage = (typeof evaluationStages)[number];

/** A determination's retry timer of one stage has one id: a failure again moves it, an answer cancels it. */
export const retryTimerId = (stage: EvaluationStage, determinationId: string) => `eligibility.${stage}.${determinationId}`;
