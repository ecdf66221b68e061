import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/**
 * The document-management domain's events (events.md, document management catalog). The subject is
 * the document type, the document, or the version the event is about.
 */
export const documentManagementEvents = defineDomainEvents("document_management", "/document-management", {
  ...crudEventTypes("document type", "document_type"),
  "document.created": "A document was filed with its first version; subject: the document; data: documentId, latestVersionId, documentVersionId, documentTypeId, title, metadata.",
  "document.updated": "A document's title or date changed; data: before and after.",
  "document.metadata_changed": "One metadata namespace of a document was replaced or removed; data: domain, before, after, metadata (every namespace as it now is).",
  "document_version.uploaded":
    "A version was uploaded (the first with its document, and every later one); subject: the version; data: documentId, documentVersionId, versionNumber, contentHash, sizeBytes, metadata (the document's namespaces).",
  "document_version.accessed": "A version's content was asked for (also when it answered 410); subject: the version; data: documentId, documentVersionId, actorId, outcome (delivered, redirected, gone).",
});

export const documentTypeChanges = crudDrafts(documentManagementEvents, "document_type");
