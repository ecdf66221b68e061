/**
 * A household record as stored: its id, application, member (when about one), and its own columns.
 * Apart from the operations on records, so the request context, whose loaders return these, imports none of them.
 */
export type StoredRecord = { id: string; applicationId: string; memberId?: string; [column: string]: unknown };
