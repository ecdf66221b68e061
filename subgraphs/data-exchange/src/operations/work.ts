import type { ReactionWork } from "@pap/events";

/** What a data-exchange write needs: the transaction, the recorder its events go through, the clock. */
export type DataExchangeWork = ReactionWork;
export { inTransaction } from "@pap/events";
