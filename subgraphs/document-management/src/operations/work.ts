import type { ReactionWork } from "@pap/events";

/** What a document-management write needs: the platform's one shape of a write (packages/events/src/reactions.ts). */
export type DocumentManagementWork = ReactionWork;

export { inTransaction } from "@pap/events";
