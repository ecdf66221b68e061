import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/**
 * The document-management domain's events (events.md, document management catalog). The subject is
 * the document type, the document, or the version the event is about.
 */
export const documentManagementEvents = defineDomainEvents("document_management", "/document-management", {
  ...crudEventTypes("document type", "document_type"),
  "document.created":
    "A document was filed with its first version; subject: the document; data: documentId, latestVersionId, documentVersionId, documentTypeId, title, metadata.",
  "document.updated": "A document's title or date changed; data: before and after.",
  "document.metadata_changed":
    "One metadata namespace of a document was replaced or removed; data: domain, before, after, metadata (every namespace as it now is).",
  "document_version.uploaded":
    "A version was uploaded (the first with its document, and every later one); subject: the version; data: documentId, documentVersionId, versionNumber, contentHash, sizeBytes, metadata (the document's namespaces).",
  "document_version.accessed":
    "A version's content was asked for (also when it answered 410); subject: the version; data: documentId, documentVersionId, actorId, outcome (delivered, redirected, gone).",
  "document.linked": "A document was tied to an application, a case, a verification or a task; subject: the document; data: the link.",
  "document.retained": "The document's retention trigger fired: it is kept until its deadline; data: retentionDeadline, retainedAt.",
  "document.pending_disposition":
    "The document's retention deadline passed: it waits for a records manager's approval; data: retentionDeadline.",
  "document.legal_hold_placed": "A records manager placed a legal hold; data: reason, placedBy, lifecycleState.",
  "document.legal_hold_released": "A records manager released the legal hold; data: reason, releasedBy, lifecycleState.",
  "document.destroyed":
    "A records manager approved the disposition: every version's content is destroyed; data: dispositionApprovedBy, dispositionApprovedAt.",
  retention_trigger_due: "Timer: the date on a `document_date` document's face is reached; the subject is the document, data: timerId.",
  retention_deadline_due: "Timer: a retained document's retention deadline is reached; the subject is the document, data: timerId.",
});

/** A document's two timers each have one id: setting one again moves it. */
export const retentionTriggerTimerId = (documentId: string) => `document-management.retention-trigger.${documentId}`;
export const retentionDeadlineTimerId = (documentId: string) => `document-management.retention-deadline.${documentId}`;

export const documentTypeChanges = crudDrafts(documentManagementEvents, "document_type");
