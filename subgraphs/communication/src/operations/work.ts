import type { ReactionWork } from "@pap/events";

/** A write's transaction, its event recorder and clock, whether a request or a reaction makes it. */
export type CommunicationWork = ReactionWork;

export { inTransaction } from "@pap/events";
