/** What other domains may use of notices in their own work (`@pap/communication/operations`). */
export { noticeTypes, documentRequestType } from "../domain/vocabulary";
