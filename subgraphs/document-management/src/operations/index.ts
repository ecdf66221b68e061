/**
 * What other domains may do with documents in their own transactions (`@pap/document-management/operations`):
 * file a document they produced (the communication domain's rendered notices), with its events.
 */
export { createDocument, type DocumentFiling } from "./documents";
export { NOTICE_DOCUMENT_TYPE_ID } from "../config/document-types";
