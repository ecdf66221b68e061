export { documentManagementDomain } from "./domain";
export { documentType, retentionTriggers } from "./document-type";
export { document, documentVersion, lifecycleStates } from "./document";
export { documentLink, linkSubjectTypes } from "./document-link";
export { documentLifecycle } from "../domain/lifecycle-machine";
export { retentionDeadlineOf } from "../domain/retention";
export { seededDocumentTypes } from "../config/document-types";
export { documentManagementEvents } from "../domain/events";
