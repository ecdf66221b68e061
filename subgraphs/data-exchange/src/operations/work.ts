import type { Clock } from "@pap/core";
import type { ExternalServiceCall, SqlTransaction } from "@pap/db";
import type { EventRecorder } from "@pap/events";

/**
 * What a data-exchange write needs: a transaction, the recorder its events go through, the clock. The
 * writes are raw SQL, so they run in a Prisma transaction (another domain's reaction submitting a call)
 * and on the driver alike (the outbox and the REST path, which take the cheaper one).
 */
export type DataExchangeWork = { tx: SqlTransaction; events: EventRecorder; clock: Clock };

/** A call as its row reads through either transaction. */
export type CallRow = ExternalServiceCall;

/** Runs a request's write in one driver transaction with its events (raw SQL alone: no Prisma transaction needed). */
export function onTheDriver<T>(
  context: { sqlTransaction<R>(work: (tx: SqlTransaction) => Promise<R>): Promise<R>; events: EventRecorder; clock: Clock },
  write: (work: DataExchangeWork) => Promise<T>,
): Promise<T> {
  return context.sqlTransaction((tx) => write({ tx, events: context.events, clock: context.clock }));
}
