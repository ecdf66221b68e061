import type { ReactionWork } from "@pap/events";

/** What a intake write needs: the platform's one shape of a write (packages/events/src/reactions.ts). */
export type IntakeWork = ReactionWork;

export { inTransaction } from "@pap/events";
