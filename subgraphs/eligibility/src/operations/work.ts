import type { ReactionWork } from "@pap/events";

/** What a eligibility write needs: the platform's one shape of a write (packages/events/src/reactions.ts). */
export type EligibilityWork = ReactionWork;

export { inTransaction } from "@pap/events";
