export { documentManagementDomain } from "./domain";
export { documentType, retentionTriggers } from "./document-type";
export { seededDocumentTypes } from "../config/document-types";
export { documentManagementEvents } from "../domain/events";
