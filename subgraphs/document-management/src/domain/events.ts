import { crudDrafts, crudEventTypes, defineDomainEvents } from "@pap/events";

/** The document-management domain's events (events.md §3); subject = the document type's id. */
export const documentManagementEvents = defineDomainEvents("document_management", "/document-management", {
  ...crudEventTypes("document type", "document_type"),
});

export const documentTypeChanges = crudDrafts(documentManagementEvents, "document_type");
