import type { Notice } from "@pap/db";
import { defineDomainEvents } from "@pap/events";

/** The communication domain's events; subject = the notice's id, data.metadata = the notice's namespaces, echoed. */
export const noticeEvents = defineDomainEvents("communication", "/communication", {
  "notice.queued":
    "A notice was issued: rendered in its language, filed as a document of the application, and a copy queued for each recipient and channel; data: noticeId, type, applicationId, subjectType, subjectId, language, documentId, channels, metadata.",
  "notice.sent":
    "Every copy of a notice went out (each email accepted by the mail server, each paper copy printed); data: type, noticeId, applicationId, subjectType, subjectId, sentAt, channels, metadata.",
  "notice.failed":
    "A notice could not be delivered: a copy was given up after its attempts, or it had no recipient with an address; data: type, noticeId, applicationId, reason, metadata.",
  "notice.returned":
    "A notice's mail came back undelivered (recorded by a caseworker); data: type, noticeId, applicationId, reason, metadata.",
  "notice.resent":
    "A failed or returned notice was queued again to every recipient as the household now stands; data: type, noticeId, applicationId, metadata.",
});

/** What every event of a notice says of it (each adds its own facts): the notice, its application and subject, its metadata echoed. */
export const noticeEventData = (notice: Notice) => ({
  noticeId: notice.id,
  type: notice.type,
  applicationId: notice.applicationId,
  ...(notice.program && { program: notice.program }),
  subjectType: notice.subjectType,
  subjectId: notice.subjectId,
  metadata: notice.metadata ?? {},
});
