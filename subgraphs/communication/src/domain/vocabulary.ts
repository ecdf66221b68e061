/** The verification categories a document request exists for (the reference's `document_request_<category>_verification`). */
export const documentRequestCategories = ["citizenship", "identity", "immigration", "income", "residency"] as const;
export type DocumentRequestCategory = (typeof documentRequestCategories)[number];

export const documentRequestType = (category: DocumentRequestCategory) => `document_request_${category}_verification` as const;

export const decisionNoticeTypes = ["notice_of_eligibility", "notice_of_denial", "notice_of_action"] as const;
export const interviewNoticeTypes = ["notice_of_missed_interview", "appointment_reminder"] as const;

export const noticeTypes = [
  ...documentRequestCategories.map(documentRequestType),
  ...decisionNoticeTypes,
  ...interviewNoticeTypes,
] as const;
export type NoticeType = (typeof noticeTypes)[number];

export const noticeStatuses = ["queued", "sent", "failed", "returned"] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

/** The languages templates exist in; another preference is answered in English. */
export const noticeLanguages = ["en", "es"] as const;
export type NoticeLanguage = (typeof noticeLanguages)[number];

export const noticeSubjectTypes = ["verification", "determination", "appointment"] as const;
export type NoticeSubjectType = (typeof noticeSubjectTypes)[number];

export const noticeChannels = ["email", "paper"] as const;
export type NoticeChannel = (typeof noticeChannels)[number];

export const isDocumentRequest = (type: string): boolean => type.startsWith("document_request_");

export const noticePrograms = ["snap", "medicaid", "chip", "tanf", "aca"] as const;
export type NoticeProgram = (typeof noticePrograms)[number];
